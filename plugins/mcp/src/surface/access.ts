/**
 * Who may use which resource and prompt, decided per request with core's one access decision
 * (`policyRefusal`: the same policies, default and sentences as an action's tool call). A caller
 * a resource's or prompt's policy refuses is not shown it (`resources/list`,
 * `resources/templates/list`, `prompts/list`), and reading, subscribing to, getting or completing it
 * is answered exactly as for one that does not exist — the SDK's own not-found error, byte for byte
 * — so a listing or an error never tells a caller what exists beyond its grants. Every such refusal
 * reaches the host's `onAccessDenied` observers (`reportAccessDenied`), as a refused tool call does.
 *
 * Listing, reading and completion stay the SDK's `McpServer`'s: the handlers it installs are
 * wrapped as it installs them (see {@link guardSurfaceHandlers}), so the app's own registrations
 * through `configureServer` keep working beside ours.
 *
 * A server with any restricted resource (prompt) advertises `resources.listChanged`
 * (`prompts.listChanged`) and tells a session `notifications/resources/list_changed`
 * (`…/prompts/list_changed`) before answering its next resources (prompts) request once its caller
 * may see a different set than it was last listed; otherwise it advertises no `listChanged`, since
 * it never sends one.
 */
import { policyRefusal, reportAccessDenied, type AccessDeniedError, type AxnPrincipal } from "@axn/core";
import {
  ProtocolErrorCode,
  ResourceNotFoundError,
  UriTemplate,
  type ListPromptsResult,
  type ListResourcesResult,
  type ListResourceTemplatesResult,
  type Server,
} from "@modelcontextprotocol/server";
import { ProtocolError } from "../protocol/protocol-error.js";
import type { McpPrompt } from "./prompts.js";
import type { McpResource } from "./resources.js";
import type { McpRequestExtra } from "../protocol/server-context.js";

/** The caller of one request, as the server context says (stdio: the configured principal). */
export type CallerOf = (extra: McpRequestExtra) => AxnPrincipal | undefined;

/** The SDK's answers for a resource, template or prompt it does not have: a hidden one gets the same. */
export const NotFound = {
  resource: (uri: string): ProtocolError => new ResourceNotFoundError(uri),
  template: (uri: string): ProtocolError =>
    new ProtocolError(ProtocolErrorCode.InvalidParams, `Resource template ${uri} not found`),
  prompt: (name: string): ProtocolError =>
    new ProtocolError(ProtocolErrorCode.InvalidParams, `Prompt ${name} not found`),
} as const;

function resourceRefusal(resource: McpResource, principal: AxnPrincipal | undefined): AccessDeniedError | undefined {
  const name = `resource ${resource.name}`;
  return policyRefusal(resource.access, principal, { owner: name, name, verb: "read" });
}

/**
 * True when `principal` may read what `uri` names among `resources` (a static resource at that URI,
 * else every template it matches). A URI none of them names is not axn's to refuse: an app's own
 * registration through `configureServer`, or nothing at all — a client learns no more either way.
 */
export function mayReadUri(
  resources: readonly McpResource[],
  uri: string,
  principal: AxnPrincipal | undefined,
): boolean {
  for (const resource of resources) {
    const names =
      resource.uri !== undefined
        ? resource.uri === uri
        : resource.uriTemplate !== undefined && new UriTemplate(resource.uriTemplate).match(uri) !== null;
    if (names && resourceRefusal(resource, principal) !== undefined) return false;
  }
  return true;
}

/** True when some resource refuses an anonymous caller: who is asking then changes what it may read. */
export function restrictsSome(resources: readonly McpResource[]): boolean {
  return resources.some((resource) => resourceRefusal(resource, undefined) !== undefined);
}

function promptRefusal(prompt: McpPrompt, principal: AxnPrincipal | undefined): AccessDeniedError | undefined {
  const name = `prompt ${prompt.name}`;
  return policyRefusal(prompt.access, principal, { owner: name, name, verb: "use" });
}

type Handler = (request: never, extra: McpRequestExtra) => unknown;

/** One server's (one session's) view of its resources' and prompts' access. */
export class SurfaceGate {
  readonly restrictedResources: boolean;
  readonly restrictedPrompts: boolean;
  // What this session was last shown (the names, joined), so a change of grants can be announced.
  #listedResources: string | undefined;
  #listedPrompts: string | undefined;
  // One request's caller, built once however many resources it checks (a builder that throws is
  // reported once, not once per resource). The SDK hands one `extra` to a handler and its callbacks.
  readonly #callers = new WeakMap<McpRequestExtra, AxnPrincipal | null>();
  // The caller of this session's latest resources or prompts request: who a subscription's updates
  // go to (a notification has no request to read the caller from).
  #latest: AxnPrincipal | null = null;

  constructor(
    private readonly resources: readonly McpResource[],
    private readonly prompts: readonly McpPrompt[],
    private readonly callerOf: CallerOf,
  ) {
    // Read once per server: `configureAxn({ access: { default } })` is set before serving.
    this.restrictedResources = restrictsSome(resources);
    this.restrictedPrompts = prompts.some((prompt) => promptRefusal(prompt, undefined) !== undefined);
  }

  /** True when this request's caller may not use `resource`; with `audit`, the refusal reaches `onAccessDenied`. */
  hidesResource(resource: McpResource, extra: McpRequestExtra, audit: boolean): boolean {
    if (!this.restrictedResources) return false;
    const refusal = resourceRefusal(resource, this.caller(extra));
    if (refusal !== undefined && audit) reportAccessDenied("resource", refusal);
    return refusal !== undefined;
  }

  /** True when the caller of this session's latest request may not read `resource` (subscription updates). */
  hidesFromLatestCaller(resource: McpResource): boolean {
    return this.restrictedResources && resourceRefusal(resource, this.#latest ?? undefined) !== undefined;
  }

  hidesPrompt(prompt: McpPrompt, extra: McpRequestExtra, audit: boolean): boolean {
    if (!this.restrictedPrompts) return false;
    const refusal = promptRefusal(prompt, this.caller(extra));
    if (refusal !== undefined && audit) reportAccessDenied("prompt", refusal);
    return refusal !== undefined;
  }

  private caller(extra: McpRequestExtra): AxnPrincipal | undefined {
    let known = this.#callers.get(extra);
    if (known === undefined) {
      known = this.callerOf(extra) ?? null;
      this.#callers.set(extra, known);
    }
    this.#latest = known;
    return known ?? undefined;
  }

  /** Wraps one of the SDK's surface handlers as `McpServer` installs it; any other passes through. */
  wrap(method: string, handler: Handler): Handler {
    if (method === "resources/list") {
      return async (request, extra) =>
        this.listedResources(extra, (await handler(request, extra)) as ListResourcesResult);
    }
    if (method === "resources/templates/list") {
      return async (request, extra) =>
        this.listedTemplates(extra, (await handler(request, extra)) as ListResourceTemplatesResult);
    }
    if (method === "prompts/list") {
      return async (request, extra) => this.listedPrompts(extra, (await handler(request, extra)) as ListPromptsResult);
    }
    if (method === "prompts/get") {
      return async (request: { params: { name: string } }, extra) => {
        await this.announce(extra);
        const prompt = this.prompts.find((candidate) => candidate.name === request.params.name);
        // Before the SDK parses the arguments: even an argument error would say the prompt exists.
        if (prompt !== undefined && this.hidesPrompt(prompt, extra, true)) throw NotFound.prompt(request.params.name);
        return handler(request as never, extra);
      };
    }
    if (method === "completion/complete") {
      return async (request: { params: { ref: { type: string; name?: string; uri?: string } } }, extra) => {
        await this.announce(extra);
        const { ref } = request.params;
        if (ref.type === "ref/prompt") {
          const prompt = this.prompts.find((candidate) => candidate.name === ref.name);
          if (prompt !== undefined && this.hidesPrompt(prompt, extra, true)) throw NotFound.prompt(String(ref.name));
        } else if (ref.type === "ref/resource") {
          const resource = this.resources.find(
            (candidate) => candidate.uriTemplate === ref.uri || candidate.uri === ref.uri,
          );
          if (resource !== undefined && this.hidesResource(resource, extra, true))
            throw NotFound.template(String(ref.uri));
        }
        return handler(request as never, extra);
      };
    }
    return handler;
  }

  /**
   * Sends `notifications/*\/list_changed` on this request when the caller's view changed since its
   * last listing (a refreshed token with a role more): advisory, so a failed send changes nothing.
   */
  async announce(extra: McpRequestExtra): Promise<void> {
    if (this.restrictedResources && this.#listedResources !== undefined) {
      const names = this.visibleResourceNames(extra);
      if (names !== this.#listedResources) {
        this.#listedResources = names;
        await extra.mcpReq.notify({ method: "notifications/resources/list_changed" }).catch(() => undefined);
      }
    }
    if (this.restrictedPrompts && this.#listedPrompts !== undefined) {
      const names = this.visiblePromptNames(extra);
      if (names !== this.#listedPrompts) {
        this.#listedPrompts = names;
        await extra.mcpReq.notify({ method: "notifications/prompts/list_changed" }).catch(() => undefined);
      }
    }
  }

  private visibleResourceNames(extra: McpRequestExtra): string {
    return this.resources
      .filter((resource) => !this.hidesResource(resource, extra, false))
      .map((resource) => resource.name)
      .join("\u0000");
  }

  private visiblePromptNames(extra: McpRequestExtra): string {
    return this.prompts
      .filter((prompt) => !this.hidesPrompt(prompt, extra, false))
      .map((prompt) => prompt.name)
      .join("\u0000");
  }

  private listedResources(extra: McpRequestExtra, result: ListResourcesResult): ListResourcesResult {
    if (!this.restrictedResources) return result;
    this.#listedResources = this.visibleResourceNames(extra);
    // Entries of a hidden template's `list` never get here: that callback answers nothing (register.ts).
    const hidden = new Set(
      this.resources
        .filter((resource) => resource.uri !== undefined && this.hidesResource(resource, extra, false))
        .map((resource) => resource.uri),
    );
    return hidden.size === 0
      ? result
      : { ...result, resources: result.resources.filter((entry) => !hidden.has(entry.uri)) };
  }

  private listedTemplates(extra: McpRequestExtra, result: ListResourceTemplatesResult): ListResourceTemplatesResult {
    if (!this.restrictedResources) return result;
    this.#listedResources = this.visibleResourceNames(extra);
    const hidden = new Set(
      this.resources
        .filter((resource) => resource.uriTemplate !== undefined && this.hidesResource(resource, extra, false))
        .map((resource) => resource.name),
    );
    return hidden.size === 0
      ? result
      : { ...result, resourceTemplates: result.resourceTemplates.filter((entry) => !hidden.has(entry.name)) };
  }

  private listedPrompts(extra: McpRequestExtra, result: ListPromptsResult): ListPromptsResult {
    if (!this.restrictedPrompts) return result;
    this.#listedPrompts = this.visiblePromptNames(extra);
    const hidden = new Set(
      this.prompts.filter((prompt) => this.hidesPrompt(prompt, extra, false)).map((prompt) => prompt.name),
    );
    return hidden.size === 0
      ? result
      : { ...result, prompts: result.prompts.filter((entry) => !hidden.has(entry.name)) };
  }
}

/**
 * Routes every surface handler the SDK's `McpServer` installs on `server` through `gate`. The
 * handlers are wrapped rather than replaced — the SDK keeps listing, template matching, argument
 * parsing and completion routing — and per request, because a caller's grants may change within a
 * session (`McpServer`'s own `enable()` / `disable()` are server-wide). Installed before any
 * resource or prompt is registered, so it sees the handlers whoever registers first.
 */
export function guardSurfaceHandlers(server: Server, gate: SurfaceGate): void {
  const install = server.setRequestHandler.bind(server);
  server.setRequestHandler = ((method: string, ...rest: unknown[]) => {
    // The spec-method form (method, handler) is what McpServer uses; the schema form passes through.
    if (rest.length !== 1) return (install as (...args: unknown[]) => void)(method, ...rest);
    return install(method as never, gate.wrap(method, rest[0] as Handler) as never);
  }) as typeof server.setRequestHandler;
}
