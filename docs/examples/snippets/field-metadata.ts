/**
 * docs/adapter-authoring.md — reading the field metadata keys a plugin registered. The fncall
 * plugin registers `fncallExample` (see fncall-adapter.ts); an author writes it on a field; the
 * adapter reads it back with `fieldMetadata` and publishes it as a JSON Schema `examples` entry.
 */
import { fieldMetadata, type AnyAxn, type JsonSchema } from "@axn/core";

/** `action.inputSchema` with each field's `fncallExample` as `examples` (a copy: the action's schema is shared and frozen). */
export function parametersWithExamples(action: AnyAxn): JsonSchema {
  const metadata = fieldMetadata(action, "expects"); // every declared expects field → its registered keys
  const schema = action.inputSchema;
  const properties = Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>).map(([name, property]) => {
    const example = metadata[name]?.fncallExample; // typed through FieldMetadataKeys: string | undefined
    return [name, example === undefined ? property : { ...property, examples: [example] }] as const;
  });
  return { ...schema, properties: Object.fromEntries(properties) };
}
