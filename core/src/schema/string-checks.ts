/**
 * String checks whose JSON Schema form, as the converters write it, is looser than the runtime
 * check: each gets a pattern that is exact or stricter (issue 16, item 15), shared by the zod 3 and
 * zod 4 reflectors. Where no pattern can be exact (a JWT's header is decoded and read), the
 * structural pattern is published and the rest is, like `.refine()`, a check only the runtime
 * makes (docs/schemas.md).
 */
type Mutable = Record<string, unknown>;

/** No whitespace at either end: what a `.trim()`med string's length and pattern checks assume. */
export const NO_OUTER_WHITESPACE = "^(?:\\S(?:[\\s\\S]*\\S)?)?$";

/**
 * A URL the WHATWG parser accepts (what zod's `url()` runs): a web URL with a DNS host and a port
 * in range, or an opaque `scheme:rest` for other schemes. Stricter than the parser (no userinfo,
 * IP literals or exotic hosts), never looser.
 */
export const URL_PATTERN =
  "^(?:(?:https?|wss?|ftp):\\/\\/(?:[A-Za-z0-9-]+\\.)*[A-Za-z][A-Za-z0-9-]*(?::(?:6553[0-5]|655[0-2]\\d|65[0-4]\\d{2}|6[0-4]\\d{3}|[1-5]\\d{4}|\\d{1,4}))?(?:[/?#][^\\s]*)?|(?!(?:https?|wss?|ftp|file):)[A-Za-z][A-Za-z0-9+.-]*:[^\\s/][^\\s]*)$";

/** Three base64url segments: a JWT's shape (its decoded header is checked only at runtime). */
export const JWT_PATTERN = "^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]*$";

/** zod's base64 alphabet with padding (the empty string is valid base64). */
export const BASE64_PATTERN = "^(?:[0-9a-zA-Z+/]{4})*(?:[0-9a-zA-Z+/]{2}==|[0-9a-zA-Z+/]{3}=)?$";

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/**
 * `includes(text, { position })`: the text occurs at or after `position`. Counting `position` in
 * code points (JSON Schema's unit) skips at least as many UTF-16 units as the runtime does: stricter.
 */
export function includesPattern(text: string, position: number | undefined): string {
  return position === undefined || position <= 0
    ? escapeRegex(text)
    : `^[\\s\\S]{${position}}[\\s\\S]*?${escapeRegex(text)}`;
}

/**
 * A `g` or `y` regex is stateful under `RegExp.prototype.test`: the same value passes, then fails.
 * No schema can describe that, so the field is refused at definition.
 */
export function refuseStatefulRegex(regex: RegExp): void {
  if (regex.global || regex.sticky) {
    throw new TypeError(
      `the regex ${String(regex)} has the ${regex.global ? "g" : "y"} flag, which makes RegExp.test stateful (the same value passes, then fails); drop the flag`,
    );
  }
}

/** Adds `pattern` to a string schema, beside any pattern it already has. */
export function addPattern(schema: Mutable, pattern: string): void {
  if (schema.pattern === undefined && schema.allOf === undefined) schema.pattern = pattern;
  else if (schema.pattern !== pattern) schema.allOf = [...((schema.allOf as unknown[] | undefined) ?? []), { pattern }];
}
