/**
 * What may travel with a job: plain JSON data. A job crosses a process boundary (Redis, another
 * machine), so anything that JSON would change on the way — a `Date` that comes back a string,
 * an `undefined` array item that comes back `null`, a class instance that loses its prototype, a cycle — is refused
 * at enqueue with the path and what to pass instead, never silently altered.
 */
import { AxnError } from "../errors/axn-error.js";
import { ErrorCodes } from "../errors/codes.js";
import { appendPath } from "../errors/field-path.js";
import type { JsonValue } from "../schema/json-schema-types.js";

function describe(value: unknown): string | undefined {
  if (value === null) return undefined;
  switch (typeof value) {
    case "string":
    case "boolean":
      return undefined;
    case "number":
      return Number.isFinite(value) ? undefined : `the number ${String(value)}`;
    case "undefined":
      return "undefined";
    case "bigint":
      return "a bigint";
    case "function":
      return "a function";
    case "symbol":
      return "a symbol";
  }
  if (Array.isArray(value)) return undefined;
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto === Object.prototype || proto === null) return undefined;
  const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
  return typeof name === "string" && name !== "" ? `a ${name}` : "an object with a prototype";
}

/**
 * Returns `value` (a plain object) as JSON data, or throws `AXN_JOB_UNSERIALIZABLE` naming the
 * first path that cannot travel. `where` names the value in the message (`args`, `ambientContext`).
 */
/** Where a value sits, spelt out only when a message needs it (every job's walk would build them all). */
interface Where {
  readonly parent: Where | undefined;
  readonly key: string | number;
}

function pathOf(where: Where | undefined, root: string): string {
  if (where === undefined) return root;
  return appendPath(pathOf(where.parent, root), where.key);
}

export function travelling(
  action: string,
  where: string,
  value: Readonly<Record<string, unknown>>,
): { [key: string]: JsonValue } {
  const ancestors = new Set<object>();
  const walk = (current: unknown, at: Where | undefined): void => {
    const what = describe(current);
    if (what !== undefined) {
      throw new AxnError(
        ErrorCodes.JobUnserializable,
        `Cannot enqueue ${action}: ${pathOf(at, where)} is ${what}, which cannot travel with a job (a job carries plain JSON data: ` +
          `strings, finite numbers, booleans, null, arrays and plain objects); pass it as one of those`,
      );
    }
    if (typeof current !== "object" || current === null) return;
    if (ancestors.has(current)) {
      throw new AxnError(
        ErrorCodes.JobUnserializable,
        `Cannot enqueue ${action}: ${pathOf(at, where)} refers back to itself (a cycle), which cannot travel with a job`,
      );
    }
    ancestors.add(current);
    if (Array.isArray(current)) {
      for (const [index, item] of current.entries()) walk(item, { parent: at, key: index });
    } else {
      // An absent member and an `undefined` one mean the same to an action; JSON keeps the first.
      for (const key in current) {
        if (!Object.hasOwn(current, key)) continue;
        const item = (current as Record<string, unknown>)[key];
        if (item !== undefined) walk(item, { parent: at, key });
      }
    }
    ancestors.delete(current);
  };
  walk(value, undefined);
  return value as { [key: string]: JsonValue };
}
