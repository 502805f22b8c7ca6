/**
 * Canonical JSON text of a rendered value (keys sorted), the equality `uniqueItems` uses for a
 * rendered Set's members.
 */

/** A fixed piece of JSON text on canonicalJson's work list. */
class Literal {
  constructor(readonly text: string) {}
}
const COMMA = new Literal(",");
const OPEN_ARRAY = new Literal("[");
const CLOSE_ARRAY = new Literal("]");
const OPEN_OBJECT = new Literal("{");
const CLOSE_OBJECT = new Literal("}");

/**
 * The JSON text of an already rendered value with every object's keys sorted: two values get the
 * same text exactly when JSON Schema calls them equal (`uniqueItems` ignores key order). Iterative,
 * like the walker, so a deep member is no stack overflow.
 */
export function canonicalJson(value: object): string {
  let text = "";
  const work: unknown[] = [value];
  while (work.length > 0) {
    const v = work.pop();
    if (v instanceof Literal) {
      text += v.text;
    } else if (typeof v !== "object" || v === null) {
      text += JSON.stringify(v);
    } else if (Array.isArray(v)) {
      work.push(CLOSE_ARRAY);
      for (let i = v.length - 1; i >= 0; i--) {
        work.push(v[i]);
        if (i > 0) work.push(COMMA);
      }
      work.push(OPEN_ARRAY);
    } else {
      const keys = Object.keys(v).sort();
      work.push(CLOSE_OBJECT);
      for (let i = keys.length - 1; i >= 0; i--) {
        work.push((v as Record<string, unknown>)[keys[i]!], new Literal(`${JSON.stringify(keys[i])}:`));
        if (i > 0) work.push(COMMA);
      }
      work.push(OPEN_OBJECT);
    }
  }
  return text;
}
