/**
 * Registers an app's resources and prompts on one SDK `McpServer`, through the SDK's own API
 * (`registerResource` with `ResourceTemplate`, `registerPrompt` with `completable`), so listing,
 * reading, template matching and completion routing are the SDK's. axn adds what the SDK leaves
 * to the app: typed, validated parameters and arguments; contents from plain return values;
 * `resources/subscribe` / `unsubscribe` with `notifications/resources/updated`; and errors that
 * name the resource or prompt without leaking an exception's message to the client. Who may see
 * and use each one is access.ts.
 */
import { liveContext, reportException, type LiveChannel } from "@axn/core";
import {
  completable,
  ProtocolErrorCode,
  ResourceTemplate,
  UriTemplate,
  type GetPromptResult,
  type InputRequiredResult,
  type McpServer,
  type ReadResourceResult,
} from "@modelcontextprotocol/server";
import { z } from "zod/v4"; // the zod the MCP SDK parses prompt arguments with
import { parseArguments, type NormalizedArgument } from "./arguments.js";
import { sdkCompleter } from "./completions.js";
import { ProtocolError } from "../protocol/protocol-error.js";
import { promptRender, type McpPrompt } from "./prompts.js";
import { resourceInternals, type McpResource, type ResourceBody } from "./resources.js";
import type { McpRequestExtra } from "../protocol/server-context.js";
import { guardSurfaceHandlers, NotFound, SurfaceGate, type CallerOf } from "./access.js";

/** The resources and prompts one server serves, checked once (the HTTP handler shares it across sessions). */
export interface Surface {
  readonly resources: readonly McpResource[];
  readonly prompts: readonly McpPrompt[];
}

/** Checks for two resources at one URI (or template name) and two prompts of one name. */
export function surface(resources: readonly McpResource[], prompts: readonly McpPrompt[], caller: string): Surface {
  const seen = new Map<string, McpResource>();
  for (const resource of resources) {
    resourceInternals(resource); // a look-alike object is refused here, by name
    const key = resource.uri ?? `template ${resource.name}`;
    const other = seen.get(key);
    if (other !== undefined && other !== resource) {
      throw new TypeError(
        `${caller}: resources "${other.name}" and "${resource.name}" are both served at ${key}; give one another ${resource.uri === undefined ? "name" : "uri"}`,
      );
    }
    seen.set(key, resource);
  }
  const names = new Map<string, McpPrompt>();
  for (const prompt of prompts) {
    promptRender(prompt);
    const other = names.get(prompt.name);
    if (other !== undefined && other !== prompt)
      throw new TypeError(`${caller}: two prompts are named "${prompt.name}"; give one a distinct name`);
    names.set(prompt.name, prompt);
  }
  return { resources: [...new Set(resources)], prompts: [...names.values()] };
}

/** `callerOf` names each request's caller, for the resources' and prompts' access policies. */
/**
 * Runs a prompt's `messages` with a live channel: on a 2025-11-25 session its questions are requests
 * to the client; on a 2026-07-28 request they end the round with `input_required` (server.ts).
 */
export type AskingRun = <T>(
  extra: McpRequestExtra,
  name: string,
  args: unknown,
  run: (live: LiveChannel, signal: AbortSignal) => Promise<T>,
) => Promise<T | InputRequiredResult>;

export function registerSurface(
  server: McpServer,
  { resources, prompts }: Surface,
  callerOf: CallerOf,
  asking: AskingRun,
): void {
  const gate = new SurfaceGate(resources, prompts, callerOf);
  guardSurfaceHandlers(server.server, gate);
  for (const resource of resources) registerResource(server, resource, gate);
  if (resources.length > 0) registerSubscriptions(server, resources, gate);
  for (const prompt of prompts) registerPrompt(server, prompt, asking);
  // McpServer declares listChanged as soon as anything is registered; ours are registered before the
  // server connects and never change, so a list changes only with a caller's grants (access.ts).
  if (resources.length > 0)
    server.server.registerCapabilities({ resources: { listChanged: gate.restrictedResources ? true : undefined } });
  if (prompts.length > 0)
    server.server.registerCapabilities({ prompts: { listChanged: gate.restrictedPrompts ? true : undefined } });
}

function registerResource(server: McpServer, resource: McpResource, gate: SurfaceGate): void {
  const metadata = {
    ...(resource.title === undefined ? {} : { title: resource.title }),
    ...(resource.description === undefined ? {} : { description: resource.description }),
    ...(resource.mimeType === undefined ? {} : { mimeType: resource.mimeType }),
  };
  const { read, list } = resourceInternals(resource);
  const what = `resource ${resource.name}`;
  // Refused before the parameters are parsed: a parameter error would say the resource exists.
  const admitted = async (uri: URL, extra: McpRequestExtra): Promise<void> => {
    await gate.announce(extra);
    if (gate.hidesResource(resource, extra, true)) throw NotFound.resource(uri.href);
  };
  if (resource.uri !== undefined) {
    server.registerResource(resource.name, resource.uri, metadata, (uri, extra) =>
      guarded(what, async () => {
        await admitted(uri, extra);
        return contents(resource, uri.href, await read({}, { uri: uri.href, signal: extra.mcpReq.signal }));
      }),
    );
    return;
  }
  const complete: Record<
    string,
    (value: string, context?: { arguments?: Record<string, string> }) => Promise<string[]>
  > = {};
  for (const param of resource.params)
    if (param.complete !== undefined) complete[param.name] = sdkCompleter(param.complete, what);
  const template = new ResourceTemplate(resource.uriTemplate!, {
    list:
      list === undefined
        ? undefined
        : (extra) =>
            guarded(`${what} (list)`, async () =>
              gate.hidesResource(resource, extra, false)
                ? { resources: [] }
                : { resources: (await list()).map((entry) => ({ ...entry })) },
            ),
    ...(Object.keys(complete).length === 0 ? {} : { complete }),
  });
  server.registerResource(resource.name, template, metadata, (uri, variables, extra) =>
    guarded(what, async () => {
      await admitted(uri, extra);
      const params = await parseArguments(resource.params, variables, what, "parameters");
      return contents(resource, uri.href, await read(params, { uri: uri.href, signal: extra.mcpReq.signal }));
    }),
  );
}

/** `read`'s return value as the protocol's contents: text as it is, bytes as base64 `blob`. */
function contents(resource: McpResource, uri: string, body: ResourceBody): ReadResourceResult {
  if (typeof body === "string") return { contents: [{ uri, mimeType: resource.mimeType ?? "text/plain", text: body }] };
  if (body instanceof Uint8Array)
    return { contents: [{ uri, mimeType: resource.mimeType ?? "application/octet-stream", blob: base64(body) }] };
  if (typeof body === "object" && body !== null && "text" in body && typeof body.text === "string") {
    return { contents: [{ uri, mimeType: body.mimeType ?? resource.mimeType ?? "text/plain", text: body.text }] };
  }
  if (typeof body === "object" && body !== null && "blob" in body && body.blob instanceof Uint8Array) {
    return {
      contents: [
        { uri, mimeType: body.mimeType ?? resource.mimeType ?? "application/octet-stream", blob: base64(body.blob) },
      ],
    };
  }
  throw new TypeError(
    `resource ${resource.name}: read returned ${body === null ? "null" : typeof body}; return a string, a Uint8Array, { text } or { blob }`,
  );
}

function base64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");
}

/**
 * Subscriptions per server (one server per session over HTTP): the URIs this session asked for,
 * and one sender on each resource that holds any of them, removed when the server closes.
 */
function registerSubscriptions(server: McpServer, resources: readonly McpResource[], gate: SurfaceGate): void {
  const low = server.server;
  const subscribed = new Set<string>();
  const templates = resources
    .filter((resource) => resource.uriTemplate !== undefined)
    .map((resource) => [resource, new UriTemplate(resource.uriTemplate!)] as const);
  const owner = (uri: string): McpResource | undefined =>
    resources.find((resource) => resource.uri === uri) ??
    templates.find(([, template]) => template.match(uri) !== null)?.[0];
  const send = async (uri: string): Promise<void> => {
    if (!subscribed.has(uri)) return;
    // Grants can shrink after subscribing: an update is news that the resource exists.
    const resource = owner(uri);
    if (resource !== undefined && gate.hidesFromLatestCaller(resource)) return;
    try {
      await low.sendResourceUpdated({ uri });
    } catch {
      // Advisory, like progress: a session that went away does not fail the app's notifyUpdated.
    }
  };
  low.registerCapabilities({ resources: { subscribe: true } });
  low.setRequestHandler("resources/subscribe", async (request, extra) => {
    await gate.announce(extra);
    const resource = owner(request.params.uri);
    // A resource this caller may not read is one it cannot know of: the same answer as a missing one.
    if (resource === undefined || gate.hidesResource(resource, extra, true))
      throw NotFound.resource(request.params.uri);
    subscribed.add(request.params.uri);
    resourceInternals(resource).subscribers.add(send);
    return {};
  });
  low.setRequestHandler("resources/unsubscribe", (request) => {
    subscribed.delete(request.params.uri);
    return {};
  });
  const previous = low.onclose;
  low.onclose = () => {
    previous?.();
    subscribed.clear();
    for (const resource of resources) resourceInternals(resource).subscribers.delete(send);
  };
}

function registerPrompt(server: McpServer, prompt: McpPrompt, asking: AskingRun): void {
  const render = promptRender(prompt);
  const what = `prompt ${prompt.name}`;
  const config = {
    ...(prompt.title === undefined ? {} : { title: prompt.title }),
    ...(prompt.description === undefined ? {} : { description: prompt.description }),
  };
  const result = (messages: GetPromptResult["messages"]): GetPromptResult => ({
    ...(prompt.description === undefined ? {} : { description: prompt.description }),
    messages,
  });
  if (prompt.arguments.length === 0) {
    server.registerPrompt(prompt.name, config, (extra) =>
      guarded(what, () =>
        asking(extra, prompt.name, {}, async (live, signal) =>
          result(await render({}, { signal, ...liveContext(what, live, signal) })),
        ),
      ),
    );
    return;
  }
  server.registerPrompt(prompt.name, { ...config, argsSchema: argsShape(prompt.arguments, what) }, (args, extra) =>
    guarded(what, async () => {
      const values = await parseArguments(prompt.arguments, args as Record<string, string | undefined>, what);
      return asking(extra, prompt.name, args, async (live, signal) =>
        result(await render(values, { signal, ...liveContext(what, live, signal) })),
      );
    }),
  );
}

/**
 * The shape the SDK lists and pre-parses arguments with: every argument a string (as on the wire),
 * described, optional or not, completable when it has a completer. The argument's own schema is
 * applied afterwards (`parseArguments`), so any schema kind works and its refusal names the field.
 */
function argsShape(
  declared: readonly NormalizedArgument[],
  what: string,
): Record<string, z.ZodType<string | undefined>> {
  const shape: Record<string, z.ZodType<string | undefined>> = {};
  for (const argument of declared) {
    let field: z.ZodType<string | undefined> =
      argument.description === undefined ? z.string() : z.string().describe(argument.description);
    if (argument.optional) field = field.optional();
    if (argument.complete === undefined) {
      shape[argument.name] = field;
    } else {
      const complete = sdkCompleter(argument.complete, what);
      shape[argument.name] = completable(field, (value, context) =>
        complete(typeof value === "string" ? value : "", context),
      );
    }
  }
  return shape;
}

/**
 * Runs an app callback: a protocol error it raised (a refused parameter) goes to the client as is;
 * anything else is reported through `onException` and answered with a message naming what failed,
 * never the exception's own message.
 */
async function guarded<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ProtocolError) throw error;
    reportException(error, { action: what, phase: "mcp surface" });
    throw new ProtocolError(ProtocolErrorCode.InternalError, `The ${what} could not be produced`);
  }
}
