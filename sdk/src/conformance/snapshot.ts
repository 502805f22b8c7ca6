/**
 * A deep, comparable snapshot of an action: its public reflection (read through the getters) and
 * the structure of the action object and its internals (own keys, property descriptors, frozen
 * state, Map and Set entries), without invoking accessors. Class instances (zod schemas, which
 * keep private parse caches) are compared by identity, not by content: a call may warm a cache
 * without that being a mutation, but swapping the schema object is one.
 */
import type { AnyAxn } from "@axn/core";

export type Snapshot = unknown;

/** Identity numbers shared by two snapshots, so "the same function/object" compares equal. */
export class IdentityTable {
  readonly #ids = new Map<object, number>();
  idOf(value: object): number {
    let id = this.#ids.get(value);
    if (id === undefined) {
      id = this.#ids.size + 1;
      this.#ids.set(value, id);
    }
    return id;
  }
}

const MAX_DEPTH = 12;

export function snapshotAction(action: AnyAxn, key: string, identities: IdentityTable): Snapshot {
  return {
    reflection: {
      name: action.name,
      description: action.description,
      toolName: action.toolName(),
      toolNameForKey: action.toolName(key),
      toolVersion: action.toolVersion,
      inputSchema: structure(action.inputSchema, identities),
      inputSchemaIdentity: identities.idOf(action.inputSchema),
      outputSchema: action.outputSchema === undefined ? undefined : structure(action.outputSchema, identities),
      semanticHints: [...action.semanticHints],
    },
    structure: structure(action, identities),
  };
}

function structure(
  value: unknown,
  identities: IdentityTable,
  seen = new Map<object, string>(),
  path = "$",
  depth = 0,
): Snapshot {
  if (value === null || (typeof value !== "object" && typeof value !== "function")) {
    return typeof value === "bigint" || typeof value === "symbol" ? { [typeof value]: String(value) } : value;
  }
  if (typeof value === "function") return { function: identities.idOf(value) };
  const earlier = seen.get(value);
  if (earlier !== undefined) return { ref: earlier };
  seen.set(value, path);
  const proto = Object.getPrototypeOf(value) as object | null;
  const plain = proto === null || proto === Object.prototype || Array.isArray(value);
  const flags = {
    frozen: Object.isFrozen(value),
    sealed: Object.isSealed(value),
    extensible: Object.isExtensible(value),
  };
  if (depth >= MAX_DEPTH) return { identity: identities.idOf(value), ...flags };
  if (value instanceof Map) {
    return {
      map: [...value.entries()].map(([k, v], i) => [
        structure(k, identities, seen, `${path}<key ${i}>`, depth + 1),
        structure(v, identities, seen, `${path}<value ${i}>`, depth + 1),
      ]),
      ...flags,
    };
  }
  if (value instanceof Set) {
    return { set: [...value].map((v, i) => structure(v, identities, seen, `${path}<${i}>`, depth + 1)), ...flags };
  }
  if (!plain)
    return { instance: identities.idOf(value), proto: proto === null ? null : identities.idOf(proto), ...flags };
  const properties: [string, Snapshot][] = [];
  for (const property of Reflect.ownKeys(value)) {
    const descriptor = Object.getOwnPropertyDescriptor(value, property)!;
    const name = typeof property === "symbol" ? `[${property.description ?? "symbol"}]` : property;
    const described =
      "value" in descriptor
        ? {
            value: structure(descriptor.value, identities, seen, `${path}.${name}`, depth + 1),
            writable: descriptor.writable,
          }
        : {
            get: descriptor.get === undefined ? null : identities.idOf(descriptor.get),
            set: descriptor.set === undefined ? null : identities.idOf(descriptor.set),
          };
    properties.push([name, { ...described, enumerable: descriptor.enumerable, configurable: descriptor.configurable }]);
  }
  return { array: Array.isArray(value), properties, proto: proto === null ? null : identities.idOf(proto), ...flags };
}

/**
 * Where two snapshots first differ, as a path (`structure.[axn.internals].value…`), or `undefined`
 * when they are equal. Property lists (`[name, descriptor]` pairs) are walked by name.
 */
export function firstDifference(a: Snapshot, b: Snapshot, path = "action"): string | undefined {
  if (Object.is(a, b)) return undefined;
  if (
    typeof a !== "object" ||
    typeof b !== "object" ||
    a === null ||
    b === null ||
    Array.isArray(a) !== Array.isArray(b)
  )
    return path;
  if (Array.isArray(a) && Array.isArray(b)) {
    const named = (list: unknown[]): boolean =>
      list.every((item) => Array.isArray(item) && item.length === 2 && typeof item[0] === "string");
    if (named(a) && named(b)) {
      const left = new Map(a as [string, Snapshot][]);
      const right = new Map(b as [string, Snapshot][]);
      for (const name of new Set([...left.keys(), ...right.keys()])) {
        if (!left.has(name) || !right.has(name)) return `${path}.${name}`;
        const found = firstDifference(left.get(name), right.get(name), `${path}.${name}`);
        if (found !== undefined) return found;
      }
      return undefined;
    }
    for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
      const found = i < a.length && i < b.length ? firstDifference(a[i], b[i], `${path}[${i}]`) : `${path}[${i}]`;
      if (found !== undefined) return found;
    }
    return undefined;
  }
  const left = a as Record<string, Snapshot>;
  const right = b as Record<string, Snapshot>;
  for (const name of new Set([...Object.keys(left), ...Object.keys(right)])) {
    const segment = name === "properties" || name === "value" || name === "structure" ? "" : `.${name}`;
    if (!(name in left) || !(name in right)) return `${path}${segment || `.${name}`}`;
    const found = firstDifference(left[name], right[name], `${path}${segment}`);
    if (found !== undefined) return found;
  }
  return undefined;
}
