/**
 * The hostile-argument catalogue: one entry per kind of input a model (or an attacker speaking for
 * one) can send, each built for a given tool — aimed at the field where it bites — as a JS value for
 * MCP and LangChain and as raw JSON text for HTTP, so values JSON.stringify cannot write (`1e999`,
 * `-0`, 10,000-deep nesting, an own `__proto__` key) still reach the server verbatim.
 */
import type { AnyAxn } from "@axn/core";
import { inputFields, type InputField } from "./arbitraries.js";

const MIB = 1024 * 1024;
const HUGE_ARRAY_LENGTH = 100_000;
const DEEP_NESTING = 10_000;
const BEYOND_2_53 = "9007199254740993";

interface HostileInput {
  /** What MCP and LangChain receive. */
  readonly args: unknown;
  /** What HTTP receives, byte for byte. */
  readonly text: string;
  /** The field the value was aimed at (undefined for whole-argument cases). */
  readonly field: string | undefined;
}

export interface HostileCase {
  readonly id: string;
  readonly input: string;
  build(tool: AnyAxn): HostileInput;
}

function pick(tool: AnyAxn, ...types: string[]): InputField {
  const fields = inputFields(tool);
  for (const type of types) {
    const found = fields.find((field) => field.type === type);
    if (found !== undefined) return found;
  }
  const first = fields[0];
  if (first === undefined) throw new Error(`${tool.name} declares no inputs`);
  return first;
}

/** `{"<field>": <raw JSON>}` with the JS value beside it. */
function single(field: InputField, value: unknown, raw: string): HostileInput {
  return { args: { [field.name]: value }, text: `{${JSON.stringify(field.name)}:${raw}}`, field: field.name };
}

function deepObject(depth: number): { value: unknown; raw: string } {
  let value: unknown = "bottom";
  for (let i = 0; i < depth; i++) value = { a: value };
  return { value, raw: `${'{"a":'.repeat(depth)}"bottom"${"}".repeat(depth)}` };
}

/** An object with `key` as an own data property (an object literal would set the prototype instead). */
export function withOwnKey(key: string, value: unknown, rest: Record<string, unknown> = {}): Record<string, unknown> {
  const target: Record<string, unknown> = { ...rest };
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  return target;
}

const POLLUTION = { polluted: "yes" };

/** `__proto__`, `constructor` or `prototype` at the top level and inside the first object field. */
function prototypeKey(key: string): HostileCase {
  return {
    id: `key-${key}`,
    input: `own "${key}" key carrying {"polluted":"yes"} (for constructor: {"prototype":{"polluted":"yes"}}), top level and nested`,
    build(tool) {
      const payload = key === "constructor" ? { prototype: POLLUTION } : POLLUTION;
      const rawPayload = JSON.stringify(payload);
      const host = pick(tool, "object");
      const nested = withOwnKey(key, payload);
      const args = withOwnKey(key, payload, { [host.name]: nested });
      return {
        args,
        text: `{${JSON.stringify(host.name)}:{${JSON.stringify(key)}:${rawPayload}},${JSON.stringify(key)}:${rawPayload}}`,
        field: key,
      };
    },
  };
}

export const HOSTILE_CASES: readonly HostileCase[] = [
  {
    id: "string-1mib",
    input: 'a 1 MiB string (1,048,576 × "x") in a string field',
    build(tool) {
      const field = pick(tool, "string");
      const value = "x".repeat(MIB);
      return single(field, value, JSON.stringify(value));
    },
  },
  {
    id: "array-100k",
    input: "a 100,000-element array of strings in the first field",
    build(tool) {
      const field = pick(tool, "array", "string");
      const value = Array.from({ length: HUGE_ARRAY_LENGTH }, () => "s");
      return single(field, value, JSON.stringify(value));
    },
  },
  {
    id: "nesting-10k",
    input: "objects nested 10,000 deep in an object field",
    build(tool) {
      const { value, raw } = deepObject(DEEP_NESTING);
      return single(pick(tool, "object"), value, raw);
    },
  },
  {
    id: "number-1e999",
    input: "1e999 (Infinity once parsed) in a numeric field; raw `1e999` over HTTP",
    build: (tool) => single(pick(tool, "integer", "number"), Number.POSITIVE_INFINITY, "1e999"),
  },
  {
    id: "integer-2^53+1",
    input: "9007199254740993 (2^53 + 1) in a numeric field",
    build: (tool) => single(pick(tool, "integer", "number"), Number(BEYOND_2_53), BEYOND_2_53),
  },
  {
    id: "negative-zero",
    input: "-0 in a numeric field",
    build: (tool) => single(pick(tool, "integer", "number"), -0, "-0"),
  },
  {
    id: "lone-surrogate",
    input: 'a lone surrogate ("\\ud800") in a string field, and as a key',
    build(tool) {
      const field = pick(tool, "string");
      return {
        args: { [field.name]: "a\ud800b", "k\udc00": 1 },
        text: `{${JSON.stringify(field.name)}:"a\\ud800b","k\\udc00":1}`,
        field: field.name,
      };
    },
  },
  prototypeKey("__proto__"),
  prototypeKey("constructor"),
  prototypeKey("prototype"),
  {
    id: "not-an-object",
    input: "arguments that are not an object: [1, 2]",
    build: () => ({ args: [1, 2], text: "[1,2]", field: undefined }),
  },
];
