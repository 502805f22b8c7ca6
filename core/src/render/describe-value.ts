/**
 * How a refusal names what it refused — a class by its constructor, a lone surrogate by its
 * position — and the type tests behind those names. Never the value itself: a message must not
 * carry the data it refuses.
 */

/** Where the first lone surrogate is: a position, never the text around it. */
export function surrogateAt(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      return `lone surrogate at index ${i}`;
    }
    if (c >= 0xdc00 && c <= 0xdfff) return `lone surrogate at index ${i}`;
  }
  return "lone surrogate";
}

/** A plain object from another realm (a vm context): its prototype is a root with an `Object` constructor. */
export function isForeignPlainObject(v: object, proto: unknown): boolean {
  if (typeof proto !== "object" || proto === null || Object.getPrototypeOf(proto) !== null) return false;
  return Array.isArray(v) ? false : constructorName(v) === "Object";
}

export function binaryKind(v: object): string | undefined {
  if (ArrayBuffer.isView(v) || v instanceof ArrayBuffer || v instanceof SharedArrayBuffer)
    return constructorName(v) || "binary";
  if (typeof Blob !== "undefined" && v instanceof Blob) return constructorName(v) || "Blob";
  return undefined;
}

export function constructorName(v: object): string {
  const ctor = (v as { constructor?: unknown }).constructor;
  return typeof ctor === "function" ? ctor.name : "";
}

export function describeInstance(v: object): string {
  const proto: unknown = Object.getPrototypeOf(v);
  if (proto === Object.prototype || proto === null) return "a plain object";
  const name = constructorName(v);
  return name === "" ? "an instance of an anonymous class" : `instance of ${name}`;
}
