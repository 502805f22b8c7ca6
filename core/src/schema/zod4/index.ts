/**
 * The zod 4 kind: `import { z } from "zod"` on zod 4, `zod/mini`, and `zod/v4` inside zod 3.25.
 * Validation is the core's `safeParse` (a side's fields together: `batch.ts`); reflection is zod's own `toJSONSchema` (see
 * `json-schema.ts` beside this file for what axn overrides).
 */
import type { SchemaKind } from "../schema-kind.js";
import { probedReader } from "../probe.js";
import { refuseStatefulRegex } from "../string-checks.js";
import { descriptionOf, hasDefault, regexesOf, isZod4, type Zod4Schema } from "./def.js";
import { wireCoercer } from "./coerce.js";
import { zod4JsonSchema } from "./json-schema.js";
import { zod4Validate } from "./validate.js";
import { rememberSchema, zod4Batch } from "./batch.js";

export const zod4Kind: SchemaKind = {
  recognizes: isZod4,
  read(value) {
    const schema = value as Zod4Schema;
    // A stateful regex is refused now, at definition, not when a schema is first published.
    for (const regex of regexesOf(schema)) refuseStatefulRegex(regex);
    const reader = probedReader({
      label: "zod 4",
      validate: (input, scope) => zod4Validate(schema, input, scope),
      hasDefault: hasDefault(schema),
      description: descriptionOf(schema),
      coerce: wireCoercer(schema),
      jsonSchema: (io) => zod4JsonSchema(schema, io),
    });
    return rememberSchema(reader, schema);
  },
  batch: zod4Batch,
};
