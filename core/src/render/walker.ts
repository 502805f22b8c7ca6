/**
 * The render walker: an iterative walk (an explicit stack, so the engine's call stack is never what
 * limits nesting: `MAX_NESTING` is, the same on every Node) that returns a value's JSON-safe form, sharing structure with the input wherever nothing
 * had to change, or throws an `UnserializableValue` naming the path to the first value with no
 * honest JSON form (docs/serialization.md lists the rules).
 */
import { UnserializableValue } from "./unserializable-value.js";
import { appendPath, fieldPath } from "../errors/field-path.js";
import { isWellFormed } from "../schema/json-value.js";
import { canonicalJson } from "./canonical-json.js";
import { binaryKind, constructorName, describeInstance, isForeignPlainObject, surrogateAt } from "./describe-value.js";

/** Options of the internal walker. */
export interface RenderValueOptions {
  readonly rejectOpaque: boolean;
  /** The value belongs to a sensitive field: the error path stops at the field name. */
  readonly sensitive?: boolean;
}

/** A property whose value is `undefined` is absent, not dropped (see docs/serialization.md). */
const OMIT: unique symbol = Symbol("omit");

/** Up to this depth the ancestor check scans the stack; deeper frames also go into a Set. */
const LINEAR_DEPTH = 64;

/**
 * Deeper than this a value is refused. The walk could go on (its stack is an array), but the other
 * end cannot: Python's `json` (the MCP Python SDK, LangChain's Python tools) stops near 1,000 levels,
 * `JSON.stringify` threw a `RangeError` near 4,000 on Node 20 and 24 while Node 26 encodes any
 * depth — so what a transport answered depended on the Node it ran on. One limit, checked here,
 * makes the answer the same everywhere and one every common client can decode.
 */
const MAX_NESTING = 1000;

/** A toJSON that keeps returning new objects with their own toJSON is refused after this many. */
const MAX_TOJSON_HOPS = 16;

const objectToString = Object.prototype.toString;
const dateToJSON = Date.prototype.toJSON;

// The walk's own helpers stay in this module: the hot loop calls them per member, and V8 inlines
// a module-local function (and folds a local constant) more readily than an imported binding.

/** A container being walked: an array (`keys` undefined) or an object's own enumerable keys. */
class Frame {
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
const OTHER = 1;
const BAD_STRING = 2;

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

/** Whether an own property name is one of the first `items` array indexes. */
function isIndex(name: string, items: number): boolean {
  const n = Number(name);
  return Number.isInteger(n) && n >= 0 && n < items && String(n) === name;
}

/** Assigns without tripping the `__proto__` setter, which would drop the value and change the prototype. */
export function setProperty(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__")
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  else out[key] = value;
}

export class Walker {
  private readonly stack: Frame[] = [];
  /** Ancestors deeper than LINEAR_DEPTH, so a 1,000-deep value is not an O(n²) scan. */
  private deep: Set<object> | undefined;

  /** The field's name as a path (quoted when not an identifier); `root` stays the bare key `toJSON` is given. */
  private readonly rootPath: string;

  constructor(
    private readonly root: string,
    private readonly options: RenderValueOptions,
  ) {
    this.rootPath = fieldPath(root);
  }

  /** The refusal this walker threw, told apart from anything a getter or a trap threw. */
  private thrown: unknown;

  walk(value: unknown): unknown {
    try {
      return this.run(value);
    } catch (error) {
      if (error === this.thrown) throw error;
      // A getter, a Proxy trap or an iterator threw while the value was being read: the value has
      // no JSON representation either, and its path is known. The thrown error may carry data.
      return this.refuse(
        new UnserializableValue(this.pendingPath(), "reading the value threw (see cause)", { cause: error }),
      );
    }
  }

  private run(value: unknown): unknown {
    const stack = this.stack;
    // A one-element holder lets the root go through exactly the same path as every member.
    const holder = [value];
    stack.push(new Frame(holder, holder, undefined, holder, 0, undefined, false));
    for (;;) {
      const depth = stack.length - 1;
      const f = stack[depth]!;
      const next = f.keys === undefined ? this.scanArray(f, depth) : this.scanObject(f, depth);
      if (next !== undefined) {
        this.push(next);
        continue;
      }
      const done = f.out ?? f.source;
      if (f.distinct) this.checkDistinct(done as readonly unknown[], depth);
      this.pop(depth, f);
      if (depth === 0) return (done as unknown[])[0];
      const parent = stack[depth - 1]!;
      if (parent.out === undefined && done === f.raw) continue; // rendered as itself: nothing to deliver
      const i = parent.index - 1;
      this.deliver(parent, depth - 1, i, parent.keys === undefined ? i : parent.keys[i]!, f.raw, done);
    }
  }

  /**
   * Walks an array's members from `f.index` until one is a container (returned, to be walked
   * next) or the end. Leaves that render as themselves are checked inline: they are most of any
   * payload, and this loop is what keeps render cheaper than the encoder (bench: row 3a).
   */
  private scanArray(f: Frame, depth: number): Frame | undefined {
    const values = f.values;
    for (let i = f.index; i < f.length; i++) {
      const child = values[i];
      const leaf = leafKind(child);
      if (leaf === BAD_STRING) this.fail(depth, i, `string has no UTF-8 form (${surrogateAt(child as string)})`);
      if (leaf === SELF) {
        // Once the container is being copied, unchanged members go into the copy too.
        if (f.out !== undefined) (f.out as unknown[])[i] = child;
        continue;
      }
      f.index = i + 1;
      const frame = this.member(f, depth, i, i, child);
      if (frame !== undefined) return frame;
    }
    f.index = f.length;
    return undefined;
  }

  /** `scanArray` for an object's own enumerable properties; property names are checked here too. */
  private scanObject(f: Frame, depth: number): Frame | undefined {
    const values = f.values;
    const keys = f.keys!;
    for (let i = f.index; i < f.length; i++) {
      const key = keys[i]!;
      if (!isWellFormed(key))
        this.failIn(depth - 1, f.at, key, `property name has no UTF-8 form (${surrogateAt(key)})`);
      const child = values[i];
      const leaf = leafKind(child);
      if (leaf === BAD_STRING) this.fail(depth, key, `string has no UTF-8 form (${surrogateAt(child as string)})`);
      if (leaf === SELF) {
        // Once the container is being copied, unchanged members go into the copy too.
        if (f.out !== undefined) setProperty(f.out as Record<string, unknown>, key, child);
        continue;
      }
      f.index = i + 1;
      const frame = this.member(f, depth, i, key, child);
      if (frame !== undefined) return frame;
    }
    f.index = f.length;
    return undefined;
  }

  /** A member that is not a self-rendering leaf: a container to walk (returned), or a rendering to deliver. */
  private member(f: Frame, depth: number, i: number, key: string | number, child: unknown): Frame | undefined {
    if (typeof child === "object" && child !== null) {
      // The common containers, inlined; everything else (and any doubt) goes to resolveObject.
      const proto: unknown = Object.getPrototypeOf(child);
      if (
        (proto === Object.prototype || proto === Array.prototype) &&
        typeof (child as { toJSON?: unknown }).toJSON !== "function" &&
        !this.onPath(child)
      ) {
        if (proto === Array.prototype)
          return this.arrayFrame(child, child as readonly unknown[], depth, key, undefined, false);
        const keys = Object.keys(child);
        return new Frame(child, child, keys, this.valuesOf(child, keys, depth, key), key, undefined, false);
      }
      const rendered = this.resolveObject(child, depth, key);
      if (rendered instanceof Frame) return rendered;
      this.deliver(f, depth, i, key, child, rendered);
      return undefined;
    }
    this.deliver(f, depth, i, key, child, this.renderPrimitive(child, depth, key));
    return undefined;
  }

  /** Puts a member's rendering into its container, copying the container only on first change. */
  private deliver(f: Frame, depth: number, i: number, key: string | number, child: unknown, rendered: unknown): void {
    if (rendered === OMIT) {
      // JSON.stringify turns undefined into null inside an array: a changed value, not an absent one.
      if (f.keys === undefined) {
        this.fail(
          depth,
          key,
          depth === 0 ? "undefined has no JSON representation" : "undefined in an array (JSON would turn it into null)",
        );
      }
      if (f.out === undefined) this.materialize(f, i);
      return;
    }
    if (f.out === undefined) {
      // Object.is, not ===: -0 renders as 0, and that is a change.
      if (Object.is(rendered, child)) return;
      this.materialize(f, i);
    }
    if (f.keys === undefined) (f.out as unknown[])[i] = rendered;
    else setProperty(f.out as Record<string, unknown>, key as string, rendered);
  }

  /** The output so far: the members before `i`, all of which rendered as themselves. */
  private materialize(f: Frame, i: number): void {
    if (f.keys === undefined) {
      f.out = f.values.slice(0, i);
      return;
    }
    const out: Record<string, unknown> = {};
    for (let j = 0; j < i; j++) setProperty(out, f.keys[j]!, f.values[j]);
    f.out = out;
  }

  private push(frame: Frame): void {
    const depth = this.stack.length;
    // The holder is frame 0, so a container's depth is its nesting level (the value itself is 1).
    if (depth > MAX_NESTING) {
      this.fail(
        depth - 1,
        frame.at,
        `nested more than ${MAX_NESTING.toLocaleString("en-US")} levels deep (flatten it)`,
      );
    }
    this.stack.push(frame);
    if (depth >= LINEAR_DEPTH) {
      const deep = (this.deep ??= new Set());
      deep.add(frame.source);
      if (frame.raw !== frame.source) deep.add(frame.raw);
      if (frame.via !== undefined) for (const o of frame.via) deep.add(o);
    }
  }

  private pop(depth: number, frame: Frame): void {
    this.stack.pop();
    if (depth >= LINEAR_DEPTH && this.deep !== undefined) {
      this.deep.delete(frame.source);
      this.deep.delete(frame.raw);
      if (frame.via !== undefined) for (const o of frame.via) this.deep.delete(o);
    }
  }

  /** Whether `o` is a container on the current path. A shared, acyclic reference is not. */
  private onPath(o: object): boolean {
    const stack = this.stack;
    const n = Math.min(stack.length, LINEAR_DEPTH);
    for (let j = 1; j < n; j++) {
      const f = stack[j]!;
      if (f.source === o || f.raw === o || f.via?.includes(o)) return true;
    }
    return this.deep?.has(o) === true;
  }

  /** An object member: a leaf rendering (a string for a Date, …) or a Frame to walk. */
  private resolveObject(raw: object, depth: number, key: string | number): unknown {
    let v: object = raw;
    let via: object[] | undefined;
    for (let hop = 0; ; hop++) {
      if (hop > MAX_TOJSON_HOPS)
        this.fail(depth, key, `toJSON does not settle (more than ${MAX_TOJSON_HOPS} nested toJSON results)`);
      if (this.onPath(v) || via?.includes(v)) {
        this.fail(depth, key, "cyclic reference (the value contains itself)");
      }
      const proto: unknown = Object.getPrototypeOf(v);
      const plainArray = proto === Array.prototype;
      if (plainArray || proto === Object.prototype || proto === null || isForeignPlainObject(v, proto)) {
        const toJSON = (v as { toJSON?: unknown }).toJSON;
        if (typeof toJSON !== "function") {
          return plainArray
            ? this.arrayFrame(raw, v as readonly unknown[], depth, key, via, false)
            : this.objectFrame(raw, v, key, via, depth, false);
        }
      } else {
        // Checked before toJSON: Buffer has one, and its `{type, data: [bytes…]}` is no rendering a
        // schema declares.
        const binary = binaryKind(v);
        if (binary !== undefined) {
          this.fail(depth, key, `binary data (${binary}) without a declared rendering (expose it as a base64 string)`);
        }
        if (v instanceof Date && v.toJSON === dateToJSON) {
          if (Number.isNaN(v.getTime())) this.fail(depth, key, "invalid Date"); // JSON.stringify would emit null
          this.refuseNamed(v, 0, "a Date", depth, key);
          return v.toISOString();
        }
        if (v instanceof Number || v instanceof String || v instanceof Boolean || v instanceof BigInt) {
          // A String object's own index properties are its characters.
          this.refuseNamed(v, v instanceof String ? v.length : 0, "a boxed primitive", depth, key);
          return this.renderPrimitive(v.valueOf(), depth, key);
        }
        if (v instanceof Symbol) this.fail(depth, key, "a symbol has no JSON representation");
      }
      const toJSON = (v as { toJSON?: unknown }).toJSON;
      if (typeof toJSON === "function") {
        let next: unknown;
        try {
          next = (toJSON as (this: object, key: string) => unknown).call(v, depth === 0 ? this.root : String(key));
        } catch (error) {
          // The thrown message may carry the value; keep it as the cause, out of the message.
          this.refuse(new UnserializableValue(this.path(depth, key), "toJSON threw (see cause)", { cause: error }));
        }
        if (next === v) {
          // `toJSON() { return this }`: the author declares the own properties as the rendering.
          return Array.isArray(v)
            ? this.arrayFrame(raw, v, depth, key, via, true)
            : this.objectFrame(raw, v, key, via, depth, true);
        }
        (via ??= []).push(v);
        if (typeof next !== "object" || next === null) return this.renderPrimitive(next, depth, key);
        v = next;
        continue;
      }
      // No declared rendering below this point, except the containers this module gives one.
      if (Array.isArray(v)) return this.arrayFrame(raw, v, depth, key, via, true); // subclass or other realm
      if (v instanceof Map) {
        this.refuseNamed(v, 0, "a Map", depth, key);
        return this.mapFrame(raw, v, depth, key, via);
      }
      if (v instanceof Set) {
        this.refuseNamed(v, 0, "a Set", depth, key);
        const members = Array.from(v);
        const frame = new Frame(raw, members, undefined, members, key, via, false);
        frame.distinct = true;
        return frame;
      }
      if (v instanceof RegExp) {
        // Its pattern and flags sit in internal slots (it would guess as `{}`); its literal is the
        // rendering the language declares for it, the way a Date has its ISO string.
        this.refuseNamed(v, 0, "a RegExp", depth, key);
        return this.renderPrimitive(String(v), depth, key);
      }
      if (v instanceof Error) {
        // JSON.stringify gives `{}` (message and stack are not enumerable): silently empty. Rendering
        // the message instead could put a developer-facing exception text in front of a client.
        this.fail(
          depth,
          key,
          `an Error (${v.name}) has no JSON rendering (expose its message as a string, or add toJSON)`,
        );
      }
      if (v instanceof Promise) this.fail(depth, key, "a Promise has no JSON representation (a missing await?)");
      if (v instanceof WeakMap || v instanceof WeakSet || v instanceof WeakRef) {
        this.fail(depth, key, `a ${constructorName(v)} has no enumerable contents`);
      }
      if (this.options.rejectOpaque) {
        this.fail(depth, key, `opaque value: ${describeInstance(v)} has no declared rendering (add toJSON)`);
      }
      // JSON.stringify's own guess: the instance's own enumerable properties, into a plain object —
      // unless it has none: then its data (if any) sit where the guess cannot see them (#private
      // fields, accessors, internal slots), and `{}` would drop them without a word.
      const keys = Object.keys(v);
      if (keys.length === 0) {
        this.fail(
          depth,
          key,
          `${describeInstance(v)} has no own enumerable property to render (data in #private fields or accessors would be dropped; add toJSON)`,
        );
      }
      return this.objectFrame(raw, v, key, via, depth, true, keys);
    }
  }

  private arrayFrame(
    raw: object,
    array: readonly unknown[],
    depth: number,
    key: string | number,
    via: object[] | undefined,
    copy: boolean,
  ): Frame {
    this.refuseNamed(array, array.length, "an array", depth, key);
    return new Frame(raw, array, undefined, array, key, via, copy);
  }

  /**
   * Refuses an own enumerable property beside the `items` indexes of a value rendered through a
   * fixed form (an array's items, a Date's ISO string, …): that form has no place for it.
   */
  private refuseNamed(v: object, items: number, kind: string, depth: number, key: string | number): void {
    const names = Object.keys(v);
    // Exactly the indexes (a hole makes fewer, and is refused as undefined on its own).
    if (names.length === items) return;
    for (const name of names) {
      if (!isIndex(name, items))
        this.failIn(depth, key, name, `a named property on ${kind} has no JSON form (it would be dropped)`);
    }
  }

  private objectFrame(
    raw: object,
    o: object,
    key: string | number,
    via: object[] | undefined,
    depth: number,
    copy: boolean,
    keys = Object.keys(o),
  ): Frame {
    // Property names are checked as the walk reaches them, in the member loop.
    return new Frame(raw, o, keys, this.valuesOf(o, keys, depth, key), key, via, copy);
  }

  /**
   * The own enumerable values, read once. When a getter throws, the property is found by reading
   * the accessors again one by one (this is the failure path only), so the path can name it.
   */
  private valuesOf(o: object, keys: readonly string[], depth: number, key: string | number): unknown[] {
    try {
      return Object.values(o);
    } catch (error) {
      for (const name of keys) {
        const get = Object.getOwnPropertyDescriptor(o, name)?.get;
        if (get === undefined) continue;
        try {
          get.call(o);
        } catch {
          this.failIn(depth, key, name, "reading this property threw (see cause)", error);
        }
      }
      throw error; // not found again: reported at the value's own path
    }
  }

  /** A Map becomes a plain object; its keys go through their string form, and must not collide. */
  private mapFrame(
    raw: object,
    map: ReadonlyMap<unknown, unknown>,
    depth: number,
    key: string | number,
    via: object[] | undefined,
  ): Frame {
    const out: Record<string, unknown> = {};
    const keys: string[] = [];
    const values: unknown[] = [];
    for (const [k, value] of map) {
      const name = this.renderKey(k, depth, key);
      if (Object.hasOwn(out, name)) this.failIn(depth, key, name, "two Map keys render as this one property");
      setProperty(out, name, value);
      keys.push(name);
      values.push(value);
    }
    return new Frame(raw, out, keys, values, key, via, false);
  }

  private renderKey(k: unknown, depth: number, key: string | number): string {
    let name: string;
    switch (typeof k) {
      case "string":
        name = k;
        break;
      case "number":
      case "bigint":
      case "boolean":
        name = String(k);
        break;
      case "symbol":
        return this.fail(depth, key, "a symbol Map key has no property name");
      case "function":
        return this.fail(depth, key, "a function Map key has no property name");
      case "undefined":
        return this.fail(depth, key, "a Map key undefined has no property name");
      default:
        name = this.renderKeyObject(k as object | null, depth, key);
    }
    if (!isWellFormed(name)) this.fail(depth, key, `a Map key has no UTF-8 form (${surrogateAt(name)})`);
    return name;
  }

  private renderKeyObject(k: object | null, depth: number, key: string | number): string {
    if (k === null) return this.fail(depth, key, "a Map key null has no property name");
    if (k instanceof Date) {
      if (Number.isNaN(k.getTime())) this.fail(depth, key, "a Map key is an invalid Date");
      return k.toISOString(); // the same text the Date renders as when it is a value
    }
    // Opaque when its string form is the one inherited from Object: "[object Object]" names nothing.
    const declared =
      (k as { [Symbol.toPrimitive]?: unknown })[Symbol.toPrimitive] !== undefined ||
      (k as { toString?: unknown }).toString !== objectToString;
    if (!declared && this.options.rejectOpaque) {
      this.fail(depth, key, `opaque key: ${describeInstance(k)} has no declared string form (add toString)`);
    }
    try {
      return String(k);
    } catch (error) {
      return this.refuse(
        new UnserializableValue(this.path(depth, key), "a Map key has no string form (see cause)", { cause: error }),
      );
    }
  }

  /** undefined, bigint, function, symbol — and whatever a toJSON or boxed value turned into. */
  private renderPrimitive(v: unknown, depth: number, key: string | number): unknown {
    switch (typeof v) {
      case "string":
        if (!isWellFormed(v)) this.fail(depth, key, `string has no UTF-8 form (${surrogateAt(v)})`);
        return v;
      case "number":
        if (!Number.isFinite(v)) this.fail(depth, key, `non-finite number (${String(v)})`);
        return v === 0 ? 0 : v;
      case "bigint":
        // JSON.stringify throws on a bigint; a decimal string keeps every digit, a number would not.
        return v.toString();
      case "undefined":
        return OMIT;
      case "function":
        return this.fail(depth, key, "a function has no JSON representation");
      case "symbol":
        return this.fail(depth, key, "a symbol has no JSON representation");
      default:
        return v; // boolean, null
    }
  }

  /**
   * A Set reflects as `uniqueItems: true`, but members distinct to the Set (two Dates of one
   * instant, two equal objects, `1n` and `"1"`) can render as one JSON value. Dropping the repeat
   * would drop an exposed member; rendering it would break the published schema. So it is refused,
   * like two Map keys that render as one property.
   */
  private checkDistinct(items: readonly unknown[], depth: number): void {
    const leaves = new Map<unknown, number>();
    let containers: Map<string, number> | undefined;
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      let first: number | undefined;
      if (typeof item === "object" && item !== null) {
        const text = canonicalJson(item);
        first = (containers ??= new Map()).get(text);
        if (first === undefined) containers.set(text, i);
      } else {
        first = leaves.get(item);
        if (first === undefined) leaves.set(item, i);
      }
      if (first !== undefined)
        this.fail(depth, i, `two Set members render as one JSON value (members ${first} and ${i})`);
    }
  }

  private refuse(error: UnserializableValue): never {
    this.thrown = error;
    throw error;
  }

  private fail(depth: number, key: string | number, reason: string): never {
    return this.refuse(new UnserializableValue(this.path(depth, key), reason));
  }

  /** A refusal about property `name` of the container at `key`. */
  private failIn(depth: number, key: string | number, name: string, reason: string, cause?: unknown): never {
    const base = this.path(depth, key);
    const path = this.options.sensitive ? base : appendPath(base, name);
    return this.refuse(new UnserializableValue(path, reason, cause === undefined ? undefined : { cause }));
  }

  /** The member being resolved when something threw: every read happens after its index is taken. */
  private pendingPath(): string {
    const depth = this.stack.length - 1;
    const f = this.stack[depth]!;
    if (f.index === 0) return depth === 0 ? this.rootPath : this.path(depth - 1, f.at);
    const i = f.index - 1;
    return this.path(depth, f.keys === undefined ? i : f.keys[i]!);
  }

  /** The path to member `key` of the frame at `depth`, rooted at the field name. */
  private path(depth: number, key: string | number): string {
    // A sensitive field's keys may themselves be data (emails as Map keys): stop at the field name.
    if (this.options.sensitive || depth === 0) return this.rootPath;
    let path = this.rootPath;
    for (let j = 2; j <= depth; j++) path = appendPath(path, this.stack[j]!.at);
    return appendPath(path, key);
  }
}
