/**
 * Parses a request body as JSON into null-prototype objects. `JSON.parse` already stores a
 * `"__proto__"` key as an own property, but an ordinary object still answers `body.__proto__`,
 * `body.constructor` and friends from `Object.prototype`, which a later merge or lookup can walk
 * into. With no prototype, a `__proto__` / `constructor` / `prototype` key is just data: the
 * Invoker reports it as an unknown input, and nothing can reach a prototype through it.
 *
 * A refusal carries the sentence to answer with: bytes that are not UTF-8 are said to be that (as
 * the MCP transport says), not "not valid JSON" — the client's fix is its encoding, not its JSON.
 */
import { Messages } from "../replies.js";

export type JsonParse =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly message: string };

const NOT_UTF8: JsonParse = Object.freeze({ ok: false, message: Messages.notUtf8 });
const NOT_JSON: JsonParse = Object.freeze({ ok: false, message: Messages.malformedJson });

/** Any spelling JSON could use for these keys (escapes included) contains one of these runs. */
const PROTOTYPE_KEYS = /__proto__|constructor|prototype|\\u/;

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

export function parseJsonBody(bytes: Uint8Array): JsonParse {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return NOT_UTF8; // not UTF-8, so not JSON either (RFC 8259 §8.1)
  }
  try {
    // The reviver is costly; it is only needed when a key could name a prototype member. A body
    // with no such key parses plainly (its objects then have no own key that reaches a prototype).
    return { ok: true, value: PROTOTYPE_KEYS.test(text) ? JSON.parse(text, detachPrototype) : JSON.parse(text) };
  } catch {
    return NOT_JSON;
  }
}

function detachPrototype(_key: string, value: unknown): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const bare: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const key of Object.keys(value)) {
    // defineProperty, not assignment: the key may be "__proto__".
    Object.defineProperty(bare, key, {
      value: (value as Record<string, unknown>)[key],
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return bare;
}
