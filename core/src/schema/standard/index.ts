/**
 * The Standard JSON Schema kind — every schema implementing Standard Schema (`~standard.validate`)
 * and Standard JSON Schema (`~standard.jsonSchema`, `@standard-schema/spec` 1.1) — valibot through
 * `toStandardJsonSchema` from `@valibot/to-json-schema`, ArkType 2, and others. axn cannot look
 * inside these schemas, so everything it needs to know is asked of the schema itself: validation,
 * optionality (probing `undefined` and `null`), a default (a probe of `undefined` that answers a
 * value), the JSON Schema (the vendor's own converter), and coercion (driven by that JSON Schema).
 */
import type { StandardJSONSchemaV1, StandardSchemaV1 } from "@standard-schema/spec";
import type { JsonSchema } from "../json-schema-types.js";
import type { SchemaIo, SchemaKind, SchemaReader, ValidationOutcome } from "../schema-kind.js";
import { isPlainObject } from "../json-value.js";
import { toDraft2020 } from "../draft-2020.js";
import { probeAccepts } from "../probe.js";
import { jsonSchemaCoercer } from "./coerce.js";
import { standardOutcome } from "./outcome.js";
import { rememberProps, standardBatch } from "./batch.js";

type Props = StandardSchemaV1.Props & StandardJSONSchemaV1.Props;

export function standardPropsOf(value: object): Partial<Props> | undefined {
  const props = (value as { "~standard"?: unknown })["~standard"];
  return typeof props === "object" && props !== null ? (props as Partial<Props>) : undefined;
}

/** Implements both halves: `validate` and `jsonSchema.input/output`. */
function isStandardJsonSchema(value: object): boolean {
  const props = standardPropsOf(value);
  return (
    props?.version === 1 &&
    typeof props.validate === "function" &&
    typeof props.jsonSchema?.input === "function" &&
    typeof props.jsonSchema.output === "function"
  );
}

export const standardKind: SchemaKind = {
  recognizes: isStandardJsonSchema,
  read(value) {
    const props = standardPropsOf(value) as Props;
    const vendor = typeof props.vendor === "string" ? props.vendor : "Standard Schema";
    const validate = (input: unknown): ValidationOutcome => standardOutcome(props.validate(input), vendor);
    const schemas = new Map<SchemaIo, JsonSchema>();
    const jsonSchema = (io: SchemaIo): JsonSchema => {
      let schema = schemas.get(io);
      if (schema === undefined) {
        const converted = toDraft2020(props.jsonSchema[io]({ target: "draft-2020-12" }));
        schema = (isPlainObject(converted) ? converted : {}) as JsonSchema;
        schemas.set(io, schema);
      }
      return schema;
    };
    const input = jsonSchema("input"); // converted at definition: a converter that throws names the field there
    const probe = probeValue(validate);
    const reader: SchemaReader = {
      label: vendor,
      analysis: {
        optional: probe.ok,
        nullable: probeAccepts(validate, null),
        hasDefault: probe.ok && probe.value !== undefined,
        description: typeof input.description === "string" ? input.description : undefined,
      },
      validate,
      coerce: jsonSchemaCoercer(input),
      jsonSchema,
    };
    return rememberProps(reader, props, vendor);
  },
  batch: standardBatch,
};

function probeValue(validate: (value: unknown) => ValidationOutcome): { ok: boolean; value?: unknown } {
  try {
    const outcome = validate(undefined);
    return outcome.ok ? { ok: true, value: outcome.value } : { ok: false };
  } catch {
    return { ok: false };
  }
}
