/**
 * Reading a schema by asking it: "accepts `undefined`" and "accepts `null`" are exactly what a
 * validation of those values says, refinements included. A schema that throws on the probe counts
 * as not accepting. `probedReader` assembles a kind's reader around those answers.
 */
import type { SchemaIo, SchemaReader, ValidationOutcome, ValidationScope } from "./schema-kind.js";
import type { JsonSchema } from "./json-schema-types.js";

export function probeAccepts(validate: (value: unknown) => ValidationOutcome, value: undefined | null): boolean {
  try {
    return validate(value).ok;
  } catch {
    return false;
  }
}

/** What a kind knows of one schema; optionality and nullability are probed. */
export interface ReaderParts {
  readonly label: string;
  readonly validate: (value: unknown, scope?: ValidationScope) => ValidationOutcome;
  readonly hasDefault: boolean;
  readonly description: string | undefined;
  readonly coerce: (value: unknown) => unknown;
  readonly jsonSchema: (io: SchemaIo) => JsonSchema;
}

export function probedReader(parts: ReaderParts): SchemaReader {
  return {
    label: parts.label,
    analysis: {
      optional: probeAccepts(parts.validate, undefined),
      nullable: probeAccepts(parts.validate, null),
      hasDefault: parts.hasDefault,
      description: parts.description,
    },
    validate: parts.validate,
    coerce: parts.coerce,
    jsonSchema: parts.jsonSchema,
  };
}
