/**
 * `defineResource`: data an MCP client can read by URI — a fixed `uri`, or a `uriTemplate`
 * (RFC 6570, `tickets://{id}`) whose parameters are typed like action fields. `read` returns the
 * contents: a string (text), bytes (`Uint8Array`, sent base64 as `blob`), or `{ text | blob,
 * mimeType? }`. Clients may subscribe to a URI; `resource.notifyUpdated(uri?)` sends
 * `notifications/resources/updated` to every session subscribed to it.
 *
 * A resource is served where it is listed: `mcp: { resources: [...] }` in `axn.config.*`, or
 * `createMcpServer({ resources })`. `access` takes an action's policy (docs/access.md): a caller
 * it refuses is not shown the resource and is answered as if it did not exist (access.ts).
 *
 * @example
 * ```ts
 * export const Ticket = defineResource({
 *   name: "ticket",
 *   uriTemplate: "tickets://{id}",
 *   params: { id: { schema: z.string().regex(/^\d+$/), complete: (value) => ["1", "2"].filter((id) => id.startsWith(value)) } },
 *   mimeType: "application/json",
 *   read: ({ id }) => JSON.stringify({ id, status: "open" }),
 * });
 * ```
 */
import type { AccessPolicy } from "@axn/core";
import { checkedAccessPolicy } from "@axn/sdk/adapter";
import { normalizeArguments, type ArgumentFields, type ArgumentValues, type NormalizedArgument } from "./arguments.js";

// Keyed with Symbol.for, on the object itself: a resource defined through one copy of this package
// (an app's config loaded by another loader) is served by another.
const RESOURCE_INTERNALS = Symbol.for("axn.mcp.resource");

/** What `read` may return for one URI. */
export type ResourceBody =
  | string
  | Uint8Array
  | { readonly text: string; readonly mimeType?: string }
  | { readonly blob: Uint8Array; readonly mimeType?: string };

/** What `read` receives besides the typed parameters. */
export interface ResourceReadContext {
  /** The URI the client asked for. */
  readonly uri: string;
  /** Aborts when the client cancels the request. */
  readonly signal: AbortSignal;
}

/** One concrete resource a template's `list` names (shown in `resources/list`). */
export interface ListedResource {
  readonly uri: string;
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly mimeType?: string;
}

interface CommonDefinition {
  /** A short identifier (`resources/list` `name`, `resourceTemplates` `name`). */
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  /** The contents' MIME type when `read` does not say (default `text/plain` for text, `application/octet-stream` for bytes). */
  readonly mimeType?: string;
  /** Who may list, read and subscribe to it: an action's `access` policy (default: the app's default, else `"public"`). */
  readonly access?: AccessPolicy;
}

export interface FixedResourceDefinition extends CommonDefinition {
  readonly uri: string;
  readonly read: (params: Record<string, never>, context: ResourceReadContext) => ResourceBody | Promise<ResourceBody>;
}

export interface TemplateResourceDefinition<P extends ArgumentFields> extends CommonDefinition {
  /** An RFC 6570 URI template: `tickets://{id}`, `files:///{+path}`. */
  readonly uriTemplate: string;
  /** One typed field per template variable (all of them, no more). */
  readonly params: P;
  /** The concrete resources to show in `resources/list` (optional: templates are listed on their own). */
  readonly list?: () => readonly ListedResource[] | Promise<readonly ListedResource[]>;
  readonly read: (params: ArgumentValues<P>, context: ResourceReadContext) => ResourceBody | Promise<ResourceBody>;
}

/** A defined resource: its declaration, normalized, and its subscription notifier. */
export interface McpResource {
  readonly kind: "resource";
  readonly name: string;
  readonly title: string | undefined;
  readonly description: string | undefined;
  readonly mimeType: string | undefined;
  /** The fixed URI, or `undefined` for a template. */
  readonly uri: string | undefined;
  /** The URI template, or `undefined` for a fixed resource. */
  readonly uriTemplate: string | undefined;
  readonly params: readonly NormalizedArgument[];
  /** Its own access policy, checked and frozen (`undefined`: the app's default applies). */
  readonly access: AccessPolicy | undefined;
  /**
   * Tells every session subscribed to `uri` (default: the fixed URI) that it changed
   * (`notifications/resources/updated`); the client reads it again when it wants to.
   */
  notifyUpdated(uri?: string): Promise<void>;
}

/** What the server side keeps per resource (not public: reached through {@link resourceInternals}). */
export interface ResourceInternals {
  readonly read: (
    params: Record<string, unknown>,
    context: ResourceReadContext,
  ) => ResourceBody | Promise<ResourceBody>;
  readonly list: (() => readonly ListedResource[] | Promise<readonly ListedResource[]>) | undefined;
  /** Sessions subscribed to a URI of this resource: each sends the notification on its connection. */
  readonly subscribers: Set<(uri: string) => Promise<void>>;
}

/** A fixed resource, or a template with typed parameters. Throws a TypeError naming the resource for a bad declaration. */
export function defineResource(definition: FixedResourceDefinition): McpResource;
export function defineResource<P extends ArgumentFields>(definition: TemplateResourceDefinition<P>): McpResource;
export function defineResource(
  definition: FixedResourceDefinition | TemplateResourceDefinition<ArgumentFields>,
): McpResource {
  const label = `defineResource(${JSON.stringify((definition as { name?: unknown } | undefined)?.name ?? "")})`;
  if (typeof definition !== "object" || definition === null)
    throw new TypeError("defineResource: expected a resource definition object");
  if (typeof definition.name !== "string" || definition.name.trim() === "")
    throw new TypeError(`${label}: name must be a non-empty string`);
  if (typeof definition.read !== "function")
    throw new TypeError(`${label}: read must be a function returning the contents`);
  const fixed = "uri" in definition ? definition.uri : undefined;
  const template = "uriTemplate" in definition ? definition.uriTemplate : undefined;
  if ((fixed === undefined) === (template === undefined))
    throw new TypeError(`${label}: give exactly one of uri (a fixed resource) or uriTemplate (a template)`);
  if (fixed !== undefined && !isAbsoluteUri(fixed))
    throw new TypeError(`${label}: uri must be an absolute URI such as "docs://readme", got ${JSON.stringify(fixed)}`);
  let params: readonly NormalizedArgument[] = [];
  if (template !== undefined) {
    const declared = (definition as TemplateResourceDefinition<ArgumentFields>).params;
    params = normalizeArguments(declared, label);
    const variables = templateVariables(template);
    const missing = variables.filter((name) => !params.some((param) => param.name === name));
    const extra = params.filter((param) => !variables.includes(param.name)).map((param) => param.name);
    if (missing.length > 0)
      throw new TypeError(
        `${label}: the template variable${missing.length === 1 ? "" : "s"} ${missing.join(", ")} of ${template} need${missing.length === 1 ? "s" : ""} a field in params`,
      );
    if (extra.length > 0)
      throw new TypeError(
        `${label}: params ${extra.join(", ")} ${extra.length === 1 ? "is" : "are"} not a variable of ${template}`,
      );
  }
  const list = "list" in definition ? definition.list : undefined;
  if (list !== undefined && typeof list !== "function")
    throw new TypeError(`${label}: list must be a function returning the concrete resources`);
  const access = checkedAccessPolicy(definition.access, label);
  const subscribers = new Set<(uri: string) => Promise<void>>();
  const resource: McpResource = Object.freeze({
    kind: "resource" as const,
    name: definition.name,
    title: definition.title,
    description: definition.description,
    mimeType: definition.mimeType,
    uri: fixed,
    uriTemplate: template,
    params,
    access,
    [RESOURCE_INTERNALS]: {
      read: definition.read as ResourceInternals["read"],
      list,
      subscribers,
    } satisfies ResourceInternals,
    async notifyUpdated(uri?: string): Promise<void> {
      const target = uri ?? fixed;
      if (target === undefined)
        throw new TypeError(`${label}.notifyUpdated: a template resource needs the concrete URI that changed`);
      await Promise.all([...subscribers].map((send) => send(target)));
    },
  });
  return resource;
}

export function isResource(value: unknown): value is McpResource {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as Record<symbol, unknown>)[RESOURCE_INTERNALS] === "object"
  );
}

export function resourceInternals(resource: McpResource): ResourceInternals {
  const found = isResource(resource)
    ? ((resource as unknown as Record<symbol, unknown>)[RESOURCE_INTERNALS] as ResourceInternals)
    : undefined;
  if (found === undefined) throw new TypeError(`${String(resource?.name)} is not a resource from defineResource`);
  return found;
}

function isAbsoluteUri(uri: unknown): uri is string {
  if (typeof uri !== "string") return false;
  try {
    return new URL(uri).protocol.length > 1;
  } catch {
    return false;
  }
}

/** The variable names of an RFC 6570 template (`{id}`, `{+path}`, `{?q,page}`). */
function templateVariables(template: string): string[] {
  const names: string[] = [];
  for (const [, expression] of template.matchAll(/\{([^}]+)\}/g)) {
    for (const part of expression!.replace(/^[+#./;?&]/, "").split(","))
      names.push(part.replace(/[*]$|:\d+$/, "").trim());
  }
  return names;
}
