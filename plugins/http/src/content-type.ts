/**
 * Which `Content-Type` a tool call may carry. The adapter parses exactly what it checks: the media
 * type `application/json` (any letter case), optionally with one `charset=utf-8` parameter (quoted
 * or not). Everything else — a missing header, `text/json`, `application/json-patch+json`, another
 * charset, extra parameters — is refused with 415 rather than guessed at, so no two spellings of
 * one request can be read two ways.
 */
const JSON_CONTENT_TYPE = /^application\/json(?:[ \t]*;[ \t]*charset=(?:utf-8|"utf-8"))?$/i;

export function isJsonContentType(header: string | null): boolean {
  // The spelling nearly every client sends, answered without the regex.
  if (header === "application/json") return true;
  return header !== null && JSON_CONTENT_TYPE.test(header.trim());
}
