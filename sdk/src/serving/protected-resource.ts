/**
 * OAuth 2.0 Protected Resource Metadata (RFC 9728), which the MCP authorization spec requires of a
 * server that checks bearer tokens: a client that got a 401 reads the `resource_metadata` URL of
 * the challenge and learns from the document which authorization server issues tokens for this
 * resource. For a resource at `https://h/mcp` the document lives at
 * `https://h/.well-known/oauth-protected-resource/mcp` (the path appended, RFC 9728 §3.1); the
 * server also answers the bare `/.well-known/oauth-protected-resource` for clients that try it first.
 */
import { publicOrigin } from "./public-origin.js";
import { servingConfig } from "./settings.js";

/** The RFC 9728 fields this server fills (the MCP SDK's `OAuthProtectedResourceMetadataSchema` accepts it). */
export interface ProtectedResourceMetadata {
  readonly resource: string;
  readonly authorization_servers: readonly string[];
  readonly scopes_supported?: readonly string[];
  readonly bearer_methods_supported: readonly string[];
  readonly resource_name?: string;
}

export const PROTECTED_RESOURCE_PATH = "/.well-known/oauth-protected-resource";

/**
 * The metadata URL of the resource at `resourcePath`, on the public origin of `request`
 * (`serve.publicUrl`, the trusted proxy's forwarded headers, else the request URL's origin).
 */
export function protectedResourceMetadataUrl(request: Request | string, resourcePath: string): string {
  const origin =
    typeof request === "string"
      ? new URL(request).origin
      : publicOrigin((name) => request.headers.get(name), new URL(request.url).origin);
  return `${origin}${PROTECTED_RESOURCE_PATH}${resourcePath === "/" ? "" : resourcePath}`;
}

/** The document for the resource at `resourcePath` on `origin`. */
export function protectedResourceMetadata(
  origin: string,
  resourcePath: string,
  resourceName?: string,
): ProtectedResourceMetadata {
  const scopes = servingConfig.get("scopesSupported");
  return {
    resource: `${origin}${resourcePath === "/" ? "" : resourcePath}`,
    authorization_servers: [...servingConfig.get("authorizationServers")],
    ...(scopes.length === 0 ? {} : { scopes_supported: [...scopes] }),
    bearer_methods_supported: ["header"],
    ...(resourceName === undefined ? {} : { resource_name: resourceName }),
  };
}
