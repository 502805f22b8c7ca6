/**
 * The zod 3 kind: schemas of zod 3.25's v3 API (`import { z } from "zod"` on zod 3, or
 * `"zod/v3"` on zod 4). Validation is zod's own `safeParse`; reflection goes through
 * `zod-to-json-schema`.
 */
import type { SchemaKind, ValidationOutcome } from "../schema-kind.js";
import { probedReader } from "../probe.js";
import { refuseStatefulRegex } from "../string-checks.js";
import { descriptionOf, hasDefault, regexesOf, isZod3, type Zod3Schema } from "./def.js";
import { wireCoercer } from "./coerce.js";
import { zod3JsonSchema } from "./json-schema.js";

export const zod3Kind: SchemaKind = {
  recognizes: isZod3,
  read(value) {
    const schema = value as Zod3Schema;
    // A stateful regex is refused now, at definition, not when a schema is first published.
    for (const regex of regexesOf(schema)) refuseStatefulRegex(regex);
    const validate = (input: unknown): ValidationOutcome => {
      const parsed = schema.safeParse(input);
      if (parsed.success) return { ok: true, value: parsed.data };
      return {
        ok: false,
        issues: parsed.error.issues.map((issue) => ({
          path: [...issue.path],
          message: issue.message,
          code: issue.code,
        })),
      };
    };
    return probedReader({
      label: "zod 3",
      validate,
      hasDefault: hasDefault(schema),
      description: descriptionOf(schema),
      coerce: wireCoercer(schema),
      jsonSchema: (io) => zod3JsonSchema(schema, io),
    });
  },
};
