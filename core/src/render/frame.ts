/**
 * The walker's unit of work — a container being walked, with the output it builds only once a
 * member needs changing — and the inline test that settles most leaves without a walk.
 */
import { isWellFormed } from "../schema/json-value.js";

/** A container being walked: an array (`keys` undefined) or an object's own enumerable keys. */
export class Frame {
  index = 0;
  readonly length: number;
  /** The output under construction; stays undefined while every member renders as itself. */
  out: unknown[] | Record<string, unknown> | undefined;
  /** A Set's members: their renderings must stay distinct JSON values (`uniqueItems`). */
  distinct = false;

  constructor(
    /** What the parent held at this position, before any toJSON / Map / Set conversion. */
    readonly raw: object,
    /** The container actually walked. */
    readonly source: object,
    readonly keys: readonly string[] | undefined,
    /** The members, in `keys` order for an object (read once: a getter is not called twice). */
    readonly values: readonly unknown[],
    /** This frame's key in its parent (for the error path). */
    readonly at: string | number,
    /** Objects of a toJSON chain that led here: also on the current path, for cycle detection. */
    readonly via: readonly object[] | undefined,
    /** The source is not itself plain data (a class instance, an array subclass): always copy. */
    copy: boolean,
  ) {
    this.length = values.length;
    this.out = copy ? (keys === undefined ? [] : {}) : undefined;
  }
}


/** How a member renders, decided inline for the leaves that are most of any payload. */
export const SELF = 0;
export const OTHER = 1;
export const BAD_STRING = 2;

/**
 * `SELF` for a value that renders as itself (a well-formed string, a boolean, a finite number other
 * than -0, null), `BAD_STRING` for a string with no UTF-8 form, `OTHER` for anything to resolve.
 * Small enough for the engine to inline into both scans.
 */
export function leafKind(child: unknown): typeof SELF | typeof OTHER | typeof BAD_STRING {
  switch (typeof child) {
    case "string":
      return isWellFormed(child) ? SELF : BAD_STRING;
    case "boolean":
      return SELF;
    case "number":
      return child - child === 0 && (child !== 0 || 1 / child > 0) ? SELF : OTHER;
    case "object":
      return child === null ? SELF : OTHER;
    default:
      return OTHER;
  }
}
