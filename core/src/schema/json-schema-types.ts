/** A plain JSON Schema object (2020-12 dialect), as reflection produces it. */
export type JsonSchema = { readonly [keyword: string]: JsonValue };
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };
