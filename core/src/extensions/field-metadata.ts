/**
 * `fieldMetadata`: the public read path for field metadata keys a plugin registered. An author
 * writes `{ schema, fncallExample: "INV-7" }`; the adapter that registered `fncallExample` reads
 * it back here, typed through the `FieldMetadataKeys` declaration merge. Every declared field is
 * covered — ambient fields and subfields too, though the input schema omits them.
 *
 * @example
 * ```ts
 * fieldMetadata(LookupInvoice, "expects", "number");   // { fncallExample: "INV-7" }
 * fieldMetadata(LookupInvoice, "expects");             // { number: { fncallExample: "INV-7" }, userId: {} }
 * fieldMetadata(LookupInvoice, "expects")[name]?.fncallExample; // string | undefined
 * ```
 */
import { internalsOf, isAction, type ActionInternals } from "../action/internals.js";
import type { FieldMetadataKeys, NormalizedField } from "../action/fields.js";
import type { AnyAxn } from "../action/types.js";
import { didYouMean } from "../errors/did-you-mean.js";

/** The registered metadata keys one field was declared with. */
export type FieldMetadata = { readonly [K in keyof FieldMetadataKeys]?: FieldMetadataKeys[K] };

export type FieldDirection = "expects" | "exposes";

/** The declared field names of `A` in `D` (`string` for an action whose fields are not known statically). */
export type FieldNameOf<A, D extends FieldDirection> = A extends { readonly $types?: { readonly [P in D]: infer F } }
  ? unknown extends F
    ? string
    : keyof F & string
  : string;

/** Every declared field of one direction → its metadata. */
export type FieldMetadataByField<A, D extends FieldDirection> = { readonly [F in FieldNameOf<A, D>]: FieldMetadata };

type ByField = Readonly<Record<string, FieldMetadata>>;
const cache = new WeakMap<ActionInternals, { expects?: ByField; exposes?: ByField }>();
const EMPTY: FieldMetadata = Object.freeze({});

/** One field's registered metadata (`{}` when it carries none). Throws a `TypeError` for a field the action does not declare. */
export function fieldMetadata<A extends AnyAxn, D extends FieldDirection>(
  action: A,
  direction: D,
  field: FieldNameOf<A, D>,
): FieldMetadata;
/** Every declared field of `direction`, in declaration order, each with its registered metadata. */
export function fieldMetadata<A extends AnyAxn, D extends FieldDirection>(
  action: A,
  direction: D,
): FieldMetadataByField<A, D>;
export function fieldMetadata(action: AnyAxn, direction: FieldDirection, field?: string): FieldMetadata | ByField {
  const byField = metadataOf(action, direction);
  if (field === undefined) return byField;
  const found = byField[field];
  if (found !== undefined) return found;
  const declared = Object.keys(byField);
  const suggestion = typeof field === "string" ? didYouMean(field, declared) : undefined;
  const list =
    declared.length === 0 ? `${direction} declares no fields` : `declared ${direction} fields: ${declared.join(", ")}`;
  throw new TypeError(
    `fieldMetadata(${action.name}): ${JSON.stringify(field)} is not an ${direction} field; ` +
      (suggestion === undefined ? list : `${suggestion} ${list.charAt(0).toUpperCase()}${list.slice(1)}`),
  );
}

function metadataOf(action: AnyAxn, direction: FieldDirection): ByField {
  const internals = isAction(action) ? internalsOf(action) : undefined;
  if (internals === undefined) {
    throw new TypeError(`fieldMetadata: expected an action (from defineAxn or Factory.build), got ${describe(action)}`);
  }
  if (direction !== "expects" && direction !== "exposes") {
    throw new TypeError(
      `fieldMetadata(${internals.name}): direction must be "expects" or "exposes", got ${JSON.stringify(direction)}`,
    );
  }
  const entry = cache.get(internals) ?? {};
  cache.set(internals, entry);
  return (entry[direction] ??= collect(internals[direction]));
}

/** A null-prototype record, so a name that is not a field (`toString`) reads as absent. */
function collect(fields: readonly NormalizedField[]): ByField {
  const out = Object.create(null) as Record<string, FieldMetadata>;
  for (const field of fields) {
    out[field.name] = Object.keys(field.metadata).length === 0 ? EMPTY : Object.freeze({ ...field.metadata });
  }
  return Object.freeze(out);
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (typeof value === "object") return Array.isArray(value) ? "an array" : "an object";
  return `a ${typeof value}`;
}
