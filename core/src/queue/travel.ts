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

/** How deep a job's data may nest: past it, a walk (here, in a worker, in a serializer) risks the stack. */
const MAX_JOB_DEPTH = 100;

function unserializable(action: string, where: string, at: Where | undefined, problem: string): AxnError {
  return new AxnError(ErrorCodes.JobUnserializable, `Cannot enqueue ${action}: ${pathOf(at, where)} ${problem}`);
}

export function travelling(
  action: string,
  where: string,
  value: Readonly<Record<string, unknown>>,
): { [key: string]: JsonValue } {
  // Iterative, with an exit marker per container: a hostile depth cannot overflow the stack here.
  const ancestors = new Set<object>();
  const stack: (
    | { readonly value: unknown; readonly at: Where | undefined; readonly depth: number }
    | { readonly exit: object }
  )[] = [{ value, at: undefined, depth: 0 }];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if ("exit" in next) {
      ancestors.delete(next.exit);
      continue;
    }
    const { value: current, at, depth } = next;
    const what = describe(current);
    if (what !== undefined) {
      throw unserializable(
        action,
        where,
        at,
        `is ${what}, which cannot travel with a job (a job carries plain JSON data: ` +
          `strings, finite numbers, booleans, null, arrays and plain objects); pass it as one of those`,
      );
    }
    if (typeof current !== "object" || current === null) continue;
    if (ancestors.has(current))
      throw unserializable(action, where, at, "refers back to itself (a cycle), which cannot travel with a job");
    if (depth >= MAX_JOB_DEPTH)
      throw unserializable(action, where, at, `nests deeper than ${MAX_JOB_DEPTH} levels, which a job does not carry`);
    ancestors.add(current);
    stack.push({ exit: current });
    if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--)
        stack.push({ value: current[index], at: { parent: at, key: index }, depth: depth + 1 });
    } else {
      // An absent member and an `undefined` one mean the same to an action; JSON keeps the first.
      const keys: string[] = [];
      for (const key in current) if (Object.hasOwn(current, key)) keys.push(key);
      for (let i = keys.length - 1; i >= 0; i--) {
        const item = (current as Record<string, unknown>)[keys[i]!];
        if (item !== undefined) stack.push({ value: item, at: { parent: at, key: keys[i]! }, depth: depth + 1 });
      }
    }
  }
  return value as { [key: string]: JsonValue };
}
