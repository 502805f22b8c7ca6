/**
 * `wrap(action)`: one action → an MCP tool — the protocol's tool definition (name, title,
 * description, input/output JSON Schema, annotations, `_meta`) plus the handler that runs it.
 * Everything advertised is computed here, once, from the action's public reflection and the
 * per-action settings, so `tools/list` never changes between calls. The action is never mutated.
 * (`tools()` comes with the plugin, ../plugin.ts; tools/registered.ts is the same list for the servers.)
 */
import {
  JSON_SCHEMA_DIALECT,
  mediaFieldsOf,
  type AmbientContextSource,
  type AnyAxn,
  type LiveChannel,
  type TraceContext,
} from "@axn/core";
import {
  assertPresentAs,
  resolveToolName,
  toolPipeline,
  toolPipelineInto,
  type InputRounds,
  type RoundRunning,
  type ToolMapping,
} from "@axn/sdk/adapter";
import type { CallToolResult, Tool } from "@modelcontextprotocol/server";
import { resolveAnnotations } from "./annotations.js";
import {
  ADAPTER_KEY,
  annotationsProblem,
  mcpConfig,
  type LongRunning,
  type McpAnnotations,
  type PresentAs,
} from "../settings/config.js";
import { MESSAGE_MAPPING, structuredMapping } from "./map-result.js";
import { mediaMapping, outputSchemaWithoutMedia } from "./media.js";
import { defaultServerContext, type McpRequestContext } from "../protocol/server-context.js";
import { toolCallAttributes, traceContextOf } from "../protocol/trace-context.js";
import { mcpLiveChannel } from "./live.js";

/** The `_meta` key carrying a tool's contract version when it is above 1. */
export const TOOL_VERSION_META_KEY = "axn/toolVersion";

export interface WrapOptions {
  /** Overrides `action.toolName("mcp")`; must match `[a-z0-9_]+`. */
  readonly name?: string;
  /** Overrides `action.description`. */
  readonly description?: string;
  /** Overrides the `title` setting. */
  readonly title?: string;
  /** Overrides the `annotations` setting and the semantic hints (`{}` advertises none). */
  readonly annotations?: McpAnnotations;
  /** Overrides the `presentAs` setting. */
  readonly presentAs?: PresentAs;
  /**
   * Overrides the `longRunning` setting and the action's declaration: serve the tool as a task —
   * `true` when the client asks for one, `"required"` only as one.
   */
  readonly longRunning?: LongRunning;
}

/** What a tool call receives besides the model's arguments: the request, and the trusted context. */
export interface McpCallRequest extends McpRequestContext {
  /** The trusted ambient context; default `defaultServerContext(request)`. Never taken from the arguments. */
  readonly ambientContext?: AmbientContextSource;
  /** Told the promise of a body still running when the call was answered at its deadline (the server's `CallSlot`). */
  readonly onOverdue?: (settled: Promise<void>) => void;
  /** A 2026-07-28 call's input rounds: where `ctx.elicit` / `ctx.sample` ask (tools/ask-rounds.ts). */
  readonly rounds?: InputRounds;
}

/** An MCP tool: the protocol's definition of it, and its handler. */
export interface McpTool {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly inputSchema: Tool["inputSchema"];
  /** Present only when the action exposes something and is presented structured. */
  readonly outputSchema?: Tool["outputSchema"];
  readonly annotations?: McpAnnotations;
  readonly _meta?: { readonly [TOOL_VERSION_META_KEY]: number };
  /** Present for a long-running tool: a client may call it as a task (tasks/). */
  readonly execution?: { readonly taskSupport: "optional" | "required" };
  /** The wrapped action (unchanged). */
  readonly action: AnyAxn;
  /** Runs the action with model-supplied `args`; never throws for a business failure or a mapping bug. */
  call(args: unknown, request?: McpCallRequest): Promise<CallToolResult>;
}

const CALLER = "McpAdapter.wrap";

export function wrap(action: AnyAxn, options: WrapOptions = {}): McpTool {
  const name = resolveToolName(action, ADAPTER_KEY, { name: options.name, caller: CALLER });
  const presentAs = options.presentAs ?? mcpConfig.resolveOverrideFor(action, "presentAs");
  assertPresentAs(presentAs, action, CALLER);
  const problem = annotationsProblem(options.annotations);
  if (problem !== undefined) throw new TypeError(`${CALLER}(${action.name}): invalid annotations: ${problem}`);

  const description = options.description ?? action.description;
  const title = options.title ?? mcpConfig.resolveOverrideFor(action, "title");
  const annotations = resolveAnnotations(
    action,
    options.annotations ?? mcpConfig.resolveOverrideFor(action, "annotations"),
  );
  // Presenting the message means no structured content, so no schema promising one is advertised.
  const structured = presentAs === "structured" && action.outputSchema !== undefined;
  const inputSchema = action.inputSchema as Tool["inputSchema"];
  // Media exposes travel as content blocks (media.ts), so the advertised schema leaves them out.
  const media = mediaFieldsOf(action);
  const outputSchema = !structured
    ? undefined
    : media.length > 0
      ? outputSchemaWithoutMedia(action.outputSchema!, media)
      : (action.outputSchema as Tool["outputSchema"]);
  const mapping =
    media.length > 0
      ? mediaMapping(media, structured)
      : structured
        ? structuredMapping(mcpConfig.resolveOverrideFor(action, "rejectOpaqueExposedValues") === true)
        : MESSAGE_MAPPING;
  const run = toolPipeline(action, mapping, { toolName: name });
  const runInto = toolPipelineInto(action, mapping, { toolName: name });
  const longRunning = options.longRunning ?? mcpConfig.resolveOverrideFor(action, "longRunning") ?? action.longRunning;

  const tool: McpTool = {
    name,
    ...(title === undefined ? {} : { title }),
    ...(description === undefined ? {} : { description }),
    inputSchema,
    ...(outputSchema === undefined ? {} : { outputSchema }),
    ...(annotations === undefined ? {} : { annotations: Object.freeze(annotations) }),
    ...(action.toolVersion > 1 ? { _meta: Object.freeze({ [TOOL_VERSION_META_KEY]: action.toolVersion }) } : {}),
    ...(longRunning === "required" ? { execution: REQUIRED_TASK } : longRunning ? { execution: TASK_EXECUTION } : {}),
    action,
    // The live channel reaches the body through the call options (`ctx.progress`…).
    call: (args: unknown, request: McpCallRequest = {}): Promise<CallToolResult> =>
      run(args ?? {}, callOptions(name, request)),
  };
  const frozen = Object.freeze(tool);
  mappings.set(frozen, mapping);
  roundCalls.set(frozen, (args, request, round) =>
    runInto(args ?? {}, new RoundCallOptions(ambientOf(request), name, request, round), round),
  );
  return frozen;
}

const TASK_EXECUTION = Object.freeze({ taskSupport: "optional" } as const);
const REQUIRED_TASK = Object.freeze({ taskSupport: "required" } as const);

/** Each wrapped tool's result mapping: a task's settled result is answered through the same one. */
const mappings = new WeakMap<McpTool, ToolMapping<CallToolResult, CallToolResult>>();

/**
 * One run of a tool in a 2026-07-28 round (the server's rounds engine, server/tool-rounds.ts): the
 * call told to `round` as it settles, its body's signal `round`'s. `request.rounds` is the round's.
 */
export type RoundToolCall = (args: unknown, request: McpCallRequest, round: RoundRunning<CallToolResult>) => void;

/**
 * Each wrapped tool's pipeline told to the round directly: no promise, resolvers or closures of its
 * own per call, nor the `call` promise's (bench rows 4f and 4g).
 */
const roundCalls = new WeakMap<McpTool, RoundToolCall>();

/** How `tool` runs in a round: `wrap`'s pipeline, or (a tool not made by `wrap`) its `call`, told to the round. */
export function roundCallOf(tool: McpTool): RoundToolCall {
  return roundCalls.get(tool) ?? ((args, request, round) => callThrough(tool, args, request, round));
}

function callThrough(tool: McpTool, args: unknown, request: McpCallRequest, round: RoundRunning<CallToolResult>): void {
  tool.call(args, { ...request, signal: () => round.signal() }).then(
    (result) => round.answered(result),
    (error: unknown) => round.failed(error),
  );
}

/** The mapping `wrap` built for `tool` (a tool not made by `wrap` maps as a message). */
export function mappingOf(tool: McpTool): ToolMapping<CallToolResult, CallToolResult> {
  return mappings.get(tool) ?? MESSAGE_MAPPING;
}

function callOptions(toolName: string, request: McpCallRequest): McpCallOptions {
  return new McpCallOptions(ambientOf(request), toolName, request);
}

const ambientOf = (request: McpCallRequest): AmbientContextSource =>
  request.ambientContext ?? defaultServerContext(request);

/**
 * A call's options. `live` is a getter the runtime reads only when the action first uses a live
 * capability, so a call that never does builds no channel (and no closure for one); the span's
 * attributes and remote parent are getters core reads only when tracing is on. Its fields are plain
 * (TypeScript-private) properties, not `#private` ones: V8 defines each `#field` through an IC call
 * when the object is built, and one of these is built for every call (bench row 4g, callgrind).
 * The two kinds below differ only in where the body's signal comes from.
 */
abstract class CallOptions {
  readonly ambientContext: AmbientContextSource;
  private readonly toolName: string;
  private readonly request: McpCallRequest;
  constructor(ambientContext: AmbientContextSource, toolName: string, request: McpCallRequest) {
    this.ambientContext = ambientContext;
    this.toolName = toolName;
    this.request = request;
  }
  get spanAttributes(): Record<string, string> {
    return toolCallAttributes(this.toolName, this.request);
  }
  get traceContext(): TraceContext | undefined {
    return traceContextOf(this.request._meta);
  }
  get live(): LiveChannel {
    return mcpLiveChannel(this.request, this.request.rounds);
  }
  get onOverdue(): McpCallRequest["onOverdue"] {
    return this.request.onOverdue;
  }
}

/** A plain call's options: the body's signal the request's. */
class McpCallOptions extends CallOptions {
  readonly signal: AbortSignal | (() => AbortSignal) | undefined;
  constructor(ambientContext: AmbientContextSource, toolName: string, request: McpCallRequest) {
    super(ambientContext, toolName, request);
    this.signal = request.signal;
  }
}

/**
 * A call's options in a round: the body's signal the round's (`signal` a method the pipeline calls
 * on these options, so no closure per call).
 */
class RoundCallOptions extends CallOptions {
  private readonly round: RoundRunning<CallToolResult>;
  constructor(
    ambientContext: AmbientContextSource,
    toolName: string,
    request: McpCallRequest,
    round: RoundRunning<CallToolResult>,
  ) {
    super(ambientContext, toolName, request);
    this.round = round;
  }
  signal(): AbortSignal {
    return this.round.signal();
  }
}

/**
 * The schema as MCP 2025-11-25 wants it listed (`tools/list`; `McpTool.inputSchema` stays
 * `action.inputSchema`, the one every adapter shares): the reflected schema with its dialect declared
 * (`$schema`, 2020-12 — a schema without one is read as 2020-12 too, but saying so costs nothing and
 * tells a client that `$defs`/`$ref`, `prefixItems` are meant). Reused and recursive definitions
 * stay in `$defs` behind `$ref`, as reflection wrote them: the SDK client, the Inspector and the
 * conformance suite all resolve them, and inlining a recursive schema is impossible.
 */
function advertised<S extends object | undefined>(schema: S): S {
  return (schema === undefined ? undefined : { $schema: JSON_SCHEMA_DIALECT, ...schema }) as S;
}

/** The `tools/list` entry of a tool: the protocol fields only, as plain JSON. */
export function toolDefinition(tool: McpTool): Tool {
  const { name, title, description, annotations, execution, _meta } = tool;
  const inputSchema = advertised(tool.inputSchema);
  const outputSchema = advertised(tool.outputSchema);
  return JSON.parse(
    JSON.stringify({ name, title, description, inputSchema, outputSchema, annotations, execution, _meta }),
  ) as Tool;
}
