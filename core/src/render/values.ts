/**
 * `render(result)`: a successful result's declared exposes as JSON-safe data — or an
 * `UnserializableValue` naming the path to the first value that has no honest JSON form. This is
 * the one place that decides how a value becomes JSON, so adapters need no pre-pass of their own;
 * the rules are listed (and pinned) in docs/serialization.md.
 *
 * @example
 * ```ts
 * const result = await Report.call({});
 * const body = JSON.stringify(render(result));                      // an LLM tool result
 * const strict = render(result, { rejectOpaque: true });            // a published HTTP contract
 * ```
 *
 * The walk is iterative (an explicit stack), and refuses nesting past 1,000 levels (`MAX_NESTING`)
 * on every Node, where the engine's own limits differ (walker.ts says why). Output shares structure with the exposed values wherever nothing had to change
 * (a plain object or array whose members all render as themselves is returned as is, after being
 * checked), which keeps `render` + `JSON.stringify` close to `JSON.stringify` alone (bench: row 3a).
 * Treat the output as read-only.
 */
import { internalsOf, sourceActionOf } from "../action/internals.js";
import type { Result } from "../action/result.js";
import type { JsonValue } from "../schema/json-schema-types.js";
import type { NormalizedField } from "../action/fields.js";
import { generate, safeNames } from "../runtime/plan.js";
import { leafKind, SELF, setProperty, Walker, type RenderValueOptions } from "./walker.js";

export type { RenderValueOptions };

export interface RenderOptions {
  /**
   * Also refuse a value that declares no rendering of its own: a class instance without `toJSON`
   * (otherwise rendered as its own enumerable properties, the way `JSON.stringify` guesses), or a
   * `Map` key object whose string form is the inherited `[object Object]`. Default `false`.
   */
  readonly rejectOpaque?: boolean;
}

/**
 * Renders a successful result's declared exposes. The fields come from the result's own action,
 * so the body always covers exactly what the action's output schema declares; an absent optional
 * expose is omitted.
 */
export function render<X>(result: Result<X>, options: RenderOptions = {}): Record<string, JsonValue> {
  const action = sourceActionOf(result);
  if (!result.ok) {
    throw new TypeError(`render() takes a successful result; ${result.action ?? action?.name ?? "the action"} failed`);
  }
  if (action === undefined) {
    // Without the action there is no declared field list, and rendering "whatever is there" would
    // contradict the output schema an adapter published.
    throw new TypeError(
      "render() takes a result returned by an action's call; this result has no source action (was it built with Result.ok()?)",
    );
  }
  const rejectOpaque = options.rejectOpaque ?? false;
  const values = result.exposedValues as Readonly<Record<string, unknown>>;
  const exposes = internalsOf(action).exposes;
  const flat = flatRenderOf(exposes)(values);
  if (flat !== undefined) return flat;
  const out: Record<string, JsonValue> = {};
  for (const field of exposes) {
    // Only own properties: an inherited `toString` is not an exposed value.
    const value = Object.hasOwn(values, field.name) ? values[field.name] : undefined;
    if (value === undefined) continue;
    // A leaf that renders as itself (most exposes: a string, a number) needs no walker.
    setProperty(
      out,
      field.name,
      leafKind(value) === SELF
        ? (value as JsonValue)
        : renderValue(value, field.name, { rejectOpaque, sensitive: field.sensitive }),
    );
  }
  return out;
}

/**
 * `render`'s common case, compiled once per action: every expose an own value that renders as
 * itself (a well-formed string, a finite number, a boolean, `null`) — then the output is one
 * object literal with constant keys, where the loop above makes a megamorphic keyed store per key
 * (bench: row 5, an HTTP answer). Anything else (an absent optional expose, an object, a value to
 * refuse) answers `undefined`, and the loop renders it. Same keys, same order, same values.
 */
type FlatRender = (values: Readonly<Record<string, unknown>>) => Record<string, JsonValue> | undefined;

const flatRenders = new WeakMap<readonly NormalizedField[], FlatRender>();
const NOT_FLAT: FlatRender = () => undefined;

function flatRenderOf(exposes: readonly NormalizedField[]): FlatRender {
  let found = flatRenders.get(exposes);
  if (found === undefined) {
    found = compileFlatRender(exposes.map((field) => field.name));
    flatRenders.set(exposes, found);
  }
  return found;
}

function compileFlatRender(names: readonly string[]): FlatRender {
  if (names.length === 0 || !safeNames(names)) return NOT_FLAT;
  const reads = names.map((name, i) => {
    const key = JSON.stringify(name);
    return `if (!own.call(values, ${key})) return undefined; const v${i} = values[${key}]; if (leafKind(v${i}) !== SELF) return undefined;`;
  });
  const entries = names.map((name, i) => `${JSON.stringify(name)}: v${i}`);
  const make = generate<((own: unknown, kind: typeof leafKind, self: typeof SELF) => FlatRender) | undefined>(
    ["own", "leafKind", "SELF"],
    `"use strict"; return function renderFlat(values) { ${reads.join(" ")} return { ${entries.join(", ")} }; };`,
    () => undefined,
  );
  return make === undefined ? NOT_FLAT : make(Object.prototype.hasOwnProperty, leafKind, SELF);
}

/**
 * Renders the value of field `field` (the root of any error path, quoted as `fieldPath` quotes it).
 * Internal: adapters call `render`, which derives the fields and their sensitivity from the action.
 */
export function renderValue(value: unknown, field: string, options: RenderValueOptions): JsonValue {
  return new Walker(field, options).walk(value) as JsonValue;
}
