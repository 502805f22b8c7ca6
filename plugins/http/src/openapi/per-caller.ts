/**
 * The OpenAPI document as each caller sees it: only the operations the caller's principal may
 * call, as MCP's `tools/list` and LangChain's `tools({ principal })` show only those — one access
 * policy, one answer to "what can I call" on every transport. A caller still learns every
 * operation it may call, with its `security` and the 401 / 403 it can answer, and the bearer
 * scheme is declared to every caller of an app with restricted operations. Documents are built on
 * first request and kept per set of visible operations (one per distinct policy outcome), up to a
 * bound past which they are built per request. `axn openapi` asks for the whole API instead.
 *
 * @example
 * ```ts
 * const documentFor = openApiDocuments(operations, { basePath: "/api", maxBodyBytes, authenticated: true });
 * documentFor(undefined);        // the anonymous caller's: public operations only
 * documentFor({ id: "ag_ada" }); // what Ada may call
 * ```
 */
import { isPublic, mayCall, type AxnPrincipal, type JsonValue } from "@axn/core";
import type { HttpOperation } from "../operation/wrap.js";
import { buildOpenApiDocument, type OpenApiOptions } from "./document.js";

type Document = { [key: string]: JsonValue };

/** Whom `{basePath}/openapi.json` lists operations for: its caller (the default), or everyone (`axn openapi`). */
export type OpenApiListing = "caller" | "all";

/** More distinct sets than this (policies that decide per principal) are built per request, not kept. */
const MAX_KEPT_DOCUMENTS = 256;

export function openApiDocuments(
  operations: readonly HttpOperation[],
  options: OpenApiOptions,
  listing: OpenApiListing = "caller",
): (principal: AxnPrincipal | undefined) => Document {
  const restricted = listing === "caller" && operations.some((op) => !isPublic(op.action));
  // Any restricted operation makes it a document with a security scheme, for every caller.
  const secured: OpenApiOptions = restricted ? { ...options, secured: true } : options;
  const kept = new Map<string, Document>();
  return (principal) => {
    const visible = restricted ? operations.filter((op) => mayCall(op.action, principal)) : operations;
    const key = visible.map((op) => op.operationId).join(" ");
    const found = kept.get(key);
    if (found !== undefined) return found;
    const document = buildOpenApiDocument(visible, secured);
    if (kept.size < MAX_KEPT_DOCUMENTS) kept.set(key, document);
    return document;
  };
}
