/**
 * The bearer token of a request (RFC 6750 §2.1: `Authorization: Bearer <token>`), the only place
 * a token is read from — never a query string, which ends up in logs.
 */

/** The token; `undefined` when the request has no `Authorization` header; `false` when the header is not a bearer token. */
export function bearerToken(request: Request): string | undefined | false {
  const header = request.headers.get("authorization");
  if (header === null) return undefined;
  const match = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(header);
  return match === null ? false : match[1]!;
}
