/**
 * Which `Content-Type` a JSON request body may carry, on every HTTP-served transport (the HTTP
 * API's tool routes, MCP Streamable HTTP POSTs): the media type `application/json` (any letter
 * case), optionally with one `charset=utf-8` parameter (quoted or not). Everything else — a missing
 * header, `text/json`, `application/json-patch+json`, another charset, extra parameters — is
 * refused with 415 rather than guessed at: the body is read as UTF-8 JSON, so no two spellings of
 * one request can be read two ways, and no JSON-looking request slips past the transport's own
 * body checks (limit, UTF-8, prototype keys) to a reader with other rules.
 */
const JSON_CONTENT_TYPE = /^application\/json(?:[ \t]*;[ \t]*charset=(?:utf-8|"utf-8"))?$/i;

export function isJsonContentType(header: string | null | undefined): boolean {
  // The spelling nearly every client sends, answered without the regex.
  if (header === "application/json") return true;
  return typeof header === "string" && JSON_CONTENT_TYPE.test(header.trim());
}
