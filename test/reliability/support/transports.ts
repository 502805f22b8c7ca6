/**
 * The three transports as the suite drives them, each through its real client objects: an MCP SDK
 * `Client` over `InMemoryTransport` (with a client-side transport that authenticates each message,
 * the way an HTTP proxy would, so every call can carry its own user), LangChain `StructuredTool`s
 * invoked with a tool call and a run context, and the HTTP plugin's hono app answering raw JSON text
 * through `app.fetch`. Each call comes back as one `Outcome`, so a property can be stated once for
 * all three.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import type { TransportSendOptions } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import type { ToolMessage } from "@langchain/core/messages";
import type { AnyAxn } from "@axn/core";
import { createMcpServer, McpAdapter, type McpTool } from "axn-plugin-mcp";
import { LangchainAdapter, type ActionTool } from "axn-plugin-langchain";
import { createHttpApp, HttpAdapter, type HttpApp } from "axn-plugin-http";
import { servingPolicy } from "@axn/sdk/serving";
import { carriedAmbient, principalCarrying, withAmbient } from "../../support/http-ambient.js";

export type TransportName = "mcp" | "langchain" | "http";
export const TRANSPORTS: readonly TransportName[] = ["mcp", "langchain", "http"];

/** One call's answer, whatever the transport. */
export interface Outcome {
  readonly transport: TransportName;
  /** The tool succeeded. */
  readonly ok: boolean;
  /**
   * `tool`: the tool answered with an error (MCP `isError`, LangChain error ToolMessage, HTTP 4xx/5xx
   * from the tool); `protocol`: the transport refused the request itself (JSON-RPC error, a thrown
   * LangChain call, an HTTP refusal before the tool ran: 400 malformed, 413, 415).
   */
  readonly failure: "tool" | "protocol" | undefined;
  /** What the client reads: the text block, the ToolMessage content, or the HTTP body's `error`/JSON. */
  readonly text: string;
  /** HTTP status, JSON-RPC error code, or undefined. */
  readonly code: number | undefined;
  /** Field names the transport lists separately (HTTP `fieldErrors`); empty elsewhere. */
  readonly fields: readonly string[];
  /** The structured success payload, when there is one. */
  readonly data: unknown;
}

/** The header-like `_meta` key the authenticating client transport turns into `authInfo`. */
const BEARER_META = "reliability/bearer";

/**
 * Client side of an in-memory link that authenticates every message: it moves the caller's bearer
 * from `_meta` into the transport's `authInfo` (what an HTTP transport derives from a header), so
 * the server's trusted context builder sees it and the model's arguments never carry it.
 */
class AuthenticatingTransport extends InMemoryTransport {
  override async send(
    message: JSONRPCMessage,
    options?: TransportSendOptions & { authInfo?: AuthInfo },
  ): Promise<void> {
    const params =
      "params" in message ? (message.params as { _meta?: Record<string, unknown> } | undefined) : undefined;
    const bearer = params?._meta?.[BEARER_META];
    if (typeof bearer !== "string") return super.send(message, options);
    const { [BEARER_META]: _dropped, ...meta } = params!._meta!;
    const stripped = { ...message, params: { ...params, _meta: meta } } as JSONRPCMessage;
    return super.send(stripped, { ...options, authInfo: { token: bearer, clientId: bearer, scopes: [] } });
  }
}

/**
 * What each transport's trusted channel carries for a signed-in `user`: the ambient fields the
 * fixture tools read, and a principal with the helpdesk's agent role, so the access policies of
 * the helpdesk's writes admit the caller and the fuzzed input reaches validation.
 */
function trustedUser(user: string): Record<string, unknown> {
  return { userId: user, currentAgentId: user, principal: { id: user, roles: ["agent"] } };
}

export interface McpLink {
  readonly client: Client;
  readonly tools: readonly McpTool[];
  close(): Promise<void>;
}

/** MCP tool name for an action: `create_ticket` v1 is served under its own name beside v2. */
function mcpName(action: AnyAxn): string {
  return action.toolVersion === 1 && action.name.endsWith(".V1")
    ? `${action.toolName("mcp")}_v1`
    : action.toolName("mcp");
}

function langchainName(action: AnyAxn): string {
  return action.toolVersion === 1 && action.name.endsWith(".V1")
    ? `${action.toolName("langchain")}_v1`
    : action.toolName("langchain");
}

/** A server from `createMcpServer` serving `actions`, and a real client; `userId` comes from `authInfo`. */
export async function linkMcp(actions: readonly AnyAxn[]): Promise<McpLink> {
  const tools = actions.map((action) => McpAdapter.wrap(action, { name: mcpName(action) }));
  const server = createMcpServer({
    name: "reliability",
    version: "1.0.0",
    tools,
    serverContext: (request) => (request.authInfo === undefined ? {} : trustedUser(request.authInfo.clientId)),
  });
  const serverTransport = new InMemoryTransport();
  const clientTransport = new AuthenticatingTransport();
  // The same linking createLinkedPair does, with the authenticating class on the client side.
  (clientTransport as unknown as { _otherTransport: InMemoryTransport })._otherTransport = serverTransport;
  (serverTransport as unknown as { _otherTransport: InMemoryTransport })._otherTransport = clientTransport;
  const client = new Client({ name: "reliability-client", version: "1.0.0" });
  await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
  // Listing once lets the client check structured results against each tool's output schema.
  await client.listTools();
  return {
    client,
    tools,
    async close() {
      await client.close();
      await server.close();
    },
  };
}

export interface CallOptions {
  /** The caller's identity, passed through each transport's trusted channel. */
  readonly user?: string;
  readonly signal?: AbortSignal;
}

function textOfMcp(result: object): string {
  const content = (result as { content?: unknown }).content as { type: string; text?: string }[] | undefined;
  return (content ?? []).map((block) => block.text ?? "").join("");
}

export async function callMcp(
  link: McpLink,
  action: AnyAxn,
  args: unknown,
  options: CallOptions = {},
): Promise<Outcome> {
  try {
    const result = await link.client.callTool(
      {
        name: mcpName(action),
        arguments: args as Record<string, unknown>,
        ...(options.user === undefined ? {} : { _meta: { [BEARER_META]: options.user } }),
      },
      undefined,
      options.signal === undefined ? undefined : { signal: options.signal },
    );
    const ok = result.isError !== true;
    return {
      transport: "mcp",
      ok,
      failure: ok ? undefined : "tool",
      text: textOfMcp(result),
      code: undefined,
      fields: [],
      data: result.structuredContent,
    };
  } catch (error) {
    const code = error instanceof McpError ? error.code : undefined;
    return {
      transport: "mcp",
      ok: false,
      failure: "protocol",
      text: error instanceof Error ? error.message : String(error),
      code,
      fields: [],
      data: undefined,
    };
  }
}

type LangchainTools = ReadonlyMap<AnyAxn, ActionTool>;

function langchainTools(actions: readonly AnyAxn[]): LangchainTools {
  return new Map(actions.map((action) => [action, LangchainAdapter.wrap(action, { name: langchainName(action) })]));
}

let toolCallSeq = 0;

async function callLangchain(
  tools: LangchainTools,
  action: AnyAxn,
  args: unknown,
  options: CallOptions = {},
): Promise<Outcome> {
  const tool = tools.get(action);
  if (tool === undefined) throw new Error(`no LangChain tool for ${action.name}`);
  try {
    const message = (await tool.invoke(
      { name: tool.name, args: args as Record<string, unknown>, id: `call_${++toolCallSeq}`, type: "tool_call" },
      {
        ...(options.user === undefined ? {} : { context: trustedUser(options.user) }),
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      },
    )) as ToolMessage;
    const ok = message.status !== "error";
    const text = typeof message.content === "string" ? message.content : JSON.stringify(message.content);
    return {
      transport: "langchain",
      ok,
      failure: ok ? undefined : "tool",
      text,
      code: undefined,
      fields: [],
      data: message.artifact,
    };
  } catch (error) {
    return {
      transport: "langchain",
      ok: false,
      failure: "protocol",
      text: error instanceof Error ? error.message : String(error),
      code: undefined,
      fields: [],
      data: undefined,
    };
  }
}

/** The HTTP plugin's app with every setting explicit, so other specs' `httpConfig` changes never apply. */
export function httpApp(actions: readonly AnyAxn[]): HttpApp {
  return createHttpApp({
    tools: actions.map((action) => withAmbient(HttpAdapter.wrap(action), carriedAmbient)),
    basePath: "/api",
    maxBodyBytes: 1024 * 1024,
    allowedHosts: null,
    cors: null,
    serving: servingPolicy({
      // As the app's own default policy: no Host/Origin check (specs call app.fetch), no cap.
      hostname: "0.0.0.0",
      allowedHosts: false,
      allowedOrigins: false,
      anonymous: true,
      maxConcurrentCalls: Number.MAX_SAFE_INTEGER,
      authenticate: (request) => {
        const user = /^Bearer (\S+)$/.exec(request.headers.get("authorization") ?? "")?.[1];
        return user === undefined ? null : principalCarrying(trustedUser(user));
      },
    }),
  });
}

export function httpPath(action: AnyAxn): string {
  return `/api/${action.toolName("http")}/v${action.toolVersion}`;
}

/** Posts `body` as raw JSON text (so `1e999`, `-0`, deep nesting and `\ud800` escapes reach the server verbatim). */
export async function callHttpText(
  app: HttpApp,
  action: AnyAxn,
  body: string,
  options: CallOptions = {},
): Promise<Outcome> {
  const response = await app.fetch(
    new Request(`http://localhost${httpPath(action)}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(options.user === undefined ? {} : { authorization: `Bearer ${options.user}` }),
      },
      body,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    }),
  );
  const text = await response.text();
  const parsed = JSON.parse(text) as { error?: string; fieldErrors?: { field: string }[] };
  const ok = response.status === 200;
  // 400 with fieldErrors and 422/500 come from the tool; 400 without fieldErrors, 413, 415 from the pipeline.
  const fromTool = parsed.fieldErrors !== undefined || response.status === 422 || response.status === 500;
  return {
    transport: "http",
    ok,
    failure: ok ? undefined : fromTool ? "tool" : "protocol",
    text: parsed.error ?? text,
    code: response.status,
    fields: (parsed.fieldErrors ?? []).map((entry) => entry.field),
    data: ok ? parsed : undefined,
  };
}

export function callHttp(app: HttpApp, action: AnyAxn, args: unknown, options: CallOptions = {}): Promise<Outcome> {
  return callHttpText(app, action, JSON.stringify(args), options);
}

/** All three transports over one set of actions. */
export interface Transports {
  readonly mcp: McpLink;
  readonly langchain: LangchainTools;
  readonly http: HttpApp;
  call(transport: TransportName, action: AnyAxn, args: unknown, options?: CallOptions): Promise<Outcome>;
  close(): Promise<void>;
}

export async function openTransports(actions: readonly AnyAxn[]): Promise<Transports> {
  const mcp = await linkMcp(actions);
  const langchain = langchainTools(actions);
  const http = httpApp(actions);
  return {
    mcp,
    langchain,
    http,
    call(transport, action, args, options = {}) {
      if (transport === "mcp") return callMcp(mcp, action, args, options);
      if (transport === "langchain") return callLangchain(langchain, action, args, options);
      return callHttp(http, action, args, options);
    },
    close: () => mcp.close(),
  };
}
