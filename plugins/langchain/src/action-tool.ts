/**
 * `ActionTool`: an action as a real `@langchain/core` `StructuredTool`, usable wherever LangChain
 * takes a tool (`bindTools`, `createAgent`, LangGraph's `ToolNode`).
 *
 * The model sees the action's reflected input JSON Schema as `tool.schema`, unchanged. LangChain's
 * own `call` validates arguments against a JSON Schema before the tool runs and throws on a
 * mismatch; here validation (with coercion of wire strings) belongs to the Invoker, whose refusal
 * goes back to the model as an error tool message it can act on. So while `call`'s validation step
 * runs — synchronously, before its first `await` — the tool presents an empty schema, which accepts
 * any arguments; everywhere else `schema` is the action's. (Handing that validator the action's own
 * schema would fail anyway: it writes bookkeeping into the schema, and the action's is frozen.)
 */
import type { AnyAxn, AxnPrincipal, JsonSchema } from "@axn/core";
import type { CallbackManagerForToolRun } from "@langchain/core/callbacks/manager";
import { ToolMessage, type ContentBlock } from "@langchain/core/messages";
import {
  StructuredTool,
  type StructuredToolCallInput,
  type ToolReturnType,
  type ToolRunnableConfig,
} from "@langchain/core/tools";
import type { AmbientContextOption } from "./ambient.js";
import { toolCall, type ToolCall } from "./call-action.js";
import type { PresentAs } from "./config.js";
import type { ToolArtifact, ToolReply } from "./map-result.js";

/** The model's arguments as LangChain hands them over (validated by the Invoker, not here). */
export type ToolArguments = Record<string, unknown>;

/**
 * What `_call` returns under `responseFormat: "content_and_artifact"`: the text the model reads
 * (content blocks — text, then images, audio, files — when the action exposes media) and the
 * rendered exposes; or, for a failure, a finished error `ToolMessage` (LangChain passes a
 * message through as is, which is how its `status` can say `"error"`) carrying `result.error`, and
 * for refused arguments the `{ fieldErrors }` artifact.
 */
export type ActionToolOutput = [content: string | ContentBlock[] | ToolMessage, artifact: ToolArtifact | undefined];

export interface ActionToolFields {
  readonly action: AnyAxn;
  readonly name: string;
  readonly description: string;
  readonly presentAs: PresentAs | undefined;
  readonly ambientContext: AmbientContextOption | undefined;
  /** The caller every call runs as (`null`: anonymous); absent: the ambient context's own. */
  readonly principal?: AxnPrincipal | null;
  /** Each call is enqueued and the tool awaits the job (`true`) or answers with its handle (`"handle"`). */
  readonly background?: boolean | "handle";
}

/**
 * What a tool was wrapped with, for the companion `axn_job_status` tool: the action whose jobs it
 * may report, the mapping options its results are presented with, and whom it runs as. Kept beside
 * the tool rather than on it, so the tool's public shape stays LangChain's.
 */
export interface WrappedSettings {
  readonly action: AnyAxn;
  readonly presentAs: PresentAs | undefined;
  readonly ambientContext: AmbientContextOption | undefined;
  readonly principal?: AxnPrincipal | null;
}

const wrappedSettings = new WeakMap<object, WrappedSettings>();

/** The settings `tool` was wrapped with; `undefined` for anything but an `ActionTool`. */
export function settingsOf(tool: object): WrappedSettings | undefined {
  return wrappedSettings.get(tool);
}

/**
 * A reply as `_call` returns it: the content and artifact, or for a failure inside a tool call a
 * finished error `ToolMessage` (the only way LangChain lets a tool set `status: "error"`).
 */
export function toolOutput(reply: ToolReply, config: ToolRunnableConfig, name: string): ActionToolOutput {
  if (reply.ok) return [reply.content, reply.artifact];
  const toolCallId = config.toolCall?.id;
  // Without a tool call (a plain `invoke(args)`) LangChain returns bare content: the error text.
  if (toolCallId === undefined) return [reply.content, undefined];
  return [
    new ToolMessage({
      status: "error",
      content: reply.content,
      artifact: reply.artifact,
      tool_call_id: toolCallId,
      name,
    }),
    undefined,
  ];
}

export class ActionTool extends StructuredTool<JsonSchema, ToolArguments, ToolArguments, ActionToolOutput> {
  static override lc_name(): string {
    return "ActionTool";
  }

  name: string;
  description: string;
  override responseFormat = "content_and_artifact" as const;
  /** The wrapped action (never modified). */
  readonly action: AnyAxn;
  readonly #call: ToolCall;
  #validating = false;

  constructor(fields: ActionToolFields) {
    super();
    this.action = fields.action;
    this.name = fields.name;
    this.description = fields.description;
    this.#call = toolCall(fields.action, {
      presentAs: fields.presentAs,
      ambientContext: fields.ambientContext,
      ...(fields.principal === undefined ? {} : { principal: fields.principal }),
      ...(fields.background === undefined || fields.background === false ? {} : { background: fields.background }),
    });
    wrappedSettings.set(this, {
      action: fields.action,
      presentAs: fields.presentAs,
      ambientContext: fields.ambientContext,
      ...(fields.principal === undefined ? {} : { principal: fields.principal }),
    });
  }

  /** The action's input JSON Schema: what `bindTools` and every provider send to the model. */
  get schema(): JsonSchema {
    // A fresh empty schema each time: LangChain's validator writes bookkeeping onto the schema it is given.
    return this.#validating ? {} : this.action.inputSchema;
  }

  override call<
    TArg extends StructuredToolCallInput<JsonSchema, ToolArguments>,
    TConfig extends ToolRunnableConfig | undefined,
  >(arg: TArg, configArg?: TConfig, tags?: string[]): Promise<ToolReturnType<TArg, TConfig, ActionToolOutput>> {
    this.#validating = true;
    try {
      return super.call(arg, configArg, tags);
    } finally {
      this.#validating = false;
    }
  }

  protected override async _call(
    args: ToolArguments,
    runManager?: CallbackManagerForToolRun,
    config: ToolRunnableConfig = {},
  ): Promise<ActionToolOutput> {
    // The run manager carries the action's progress and logs as events of this tool's run.
    return toolOutput(await this.#call(args, config, this.name, runManager), config, this.name);
  }
}
