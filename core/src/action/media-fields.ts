/**
 * Which exposed fields of an action hold media (`media.image()` and the rest): what a transport
 * reads once, when it wraps the action, to render those values natively (MCP content blocks,
 * LangChain content blocks) instead of as plain JSON.
 *
 * @example
 * ```ts
 * mediaFieldsOf(Chart); // [{ name: "chart", kind: "image" }]
 * ```
 */
import { internalsOf, type HasActionHandle } from "./internals.js";
import { isMediaSchema } from "../media/schemas.js";
import type { MediaKind } from "../media/values.js";

export interface MediaField {
  /** The exposed field's name. */
  readonly name: string;
  readonly kind: MediaKind;
}

const cache = new WeakMap<object, readonly MediaField[]>();

/** The action's media exposes, in declaration order (empty when it has none). */
export function mediaFieldsOf(action: HasActionHandle): readonly MediaField[] {
  let fields = cache.get(action);
  if (fields === undefined) {
    fields = Object.freeze(
      internalsOf(action)
        .exposes.filter((field) => isMediaSchema(field.schema))
        .map((field) =>
          Object.freeze({ name: field.name, kind: (field.schema as unknown as { mediaKind: MediaKind }).mediaKind }),
        ),
    );
    cache.set(action, fields);
  }
  return fields;
}
