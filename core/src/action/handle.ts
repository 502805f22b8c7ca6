/**
 * The handle every action carries under a `Symbol.for` key: the way core finds an action's
 * internal record (through `internalsOf`, from `@axn/core/internal`). Public types see the handle
 * as opaque, so the record's shape stays internal and free to change.
 */
export const AXN_INTERNALS: unique symbol = Symbol.for("axn.action.internals") as never;

declare const OPAQUE: unique symbol;

/** What an action holds under `AXN_INTERNALS`, as public code sees it: nothing it can read. */
export interface ActionHandle {
  readonly [OPAQUE]: true;
}
