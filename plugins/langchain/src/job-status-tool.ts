/**
 * `axn_job_status`: the companion of tools wrapped with `background: "handle"`. Given a job's id,
 * it answers with the job's state while it is pending, and once it settled with exactly the tool
 * message the tool's direct call would have given (success, business failure, refused arguments
 * alike, mapped by the same code). It runs as the same caller as the tools it was made for: a job
 * another principal enqueued — or a job of an action none of those tools wraps — is "not found",
 * exactly as an unknown id, so an id learnt elsewhere reveals nothing.
 *
 * @example
 * ```ts
 * const tools = LangchainAdapter.tools({ background: "handle", principal });
 * const agent = createAgent({ model, tools: [...tools, LangchainAdapter.jobStatusTool(tools)] });
 * ```
 */
import { Jobs, principalFrom, type AxnPrincipal, type JobState, type JsonSchema } from "@axn/core";
import { ADAPTER_FAILURE_MESSAGE, mapSettledResult, reportAdapterError } from "@axn/sdk/adapter";
import type { CallbackManagerForToolRun } from "@langchain/core/callbacks/manager";
import { StructuredTool, type ToolRunnableConfig } from "@langchain/core/tools";
import { abortError } from "./abort.js";
import {
  settingsOf,
  toolOutput,
  type ActionTool,
  type ActionToolOutput,
  type ToolArguments,
  type WrappedSettings,
} from "./action-tool.js";
import { resolveAmbientContext, type AmbientContextOption } from "./ambient.js";
import { anonymousTokens, JOB_STATUS_TOOL, type JobHandleArtifact } from "./job-handle.js";
import { failedReply, replyMapping } from "./map-result.js";

export interface JobStatusToolOptions {
  /**
   * The caller whose jobs the tool finds (`null`: anonymous). Default: the principal the tools
   * were wrapped for (`tools({ principal })`), else the run's ambient context's, per call.
   */
  readonly principal?: AxnPrincipal | null;
  /** Where the run's principal is read from when none is bound (as `wrap`'s option). */
  readonly ambientContext?: AmbientContextOption;
}

/** The model's arguments: the id the handle gave. */
export interface JobStatusArguments {
  readonly id: string;
}

const PENDING: ReadonlySet<JobState> = new Set(["waiting", "delayed", "active"]);

/** The message for an id the caller has no job under — the HTTP job route's 404 text. */
function unknownJobMessage(id: string): string {
  return `No job "${id}"; it was never enqueued here, or it expired`;
}

interface Covered {
  readonly tool: string;
  readonly settings: WrappedSettings;
}

// Typed like ActionTool (arguments a plain record): agents take both in one `tools` list.
export class JobStatusTool extends StructuredTool<JsonSchema, ToolArguments, ToolArguments, ActionToolOutput> {
  static override lc_name(): string {
    return "JobStatusTool";
  }

  name = JOB_STATUS_TOOL;
  description =
    "Checks on a background job another tool started: its state while it runs, then its result. Pass the job's id from that tool's answer.";
  override responseFormat = "content_and_artifact" as const;
  // LangChain validates arguments against it (and writes bookkeeping into it): one per tool.
  schema: JsonSchema = {
    type: "object",
    properties: {
      id: { type: "string", minLength: 1, description: "The job's id, as the tool that started it answered" },
    },
    required: ["id"],
    additionalProperties: false,
  };
  /** Action name → the tool wrapping it: jobs of other actions are not this tool's to report. */
  readonly #covered = new Map<string, Covered>();
  readonly #principal: { readonly bound: AxnPrincipal | null } | undefined;
  readonly #ambientContext: AmbientContextOption | undefined;

  constructor(tools: readonly ActionTool[], options: JobStatusToolOptions = {}) {
    super();
    const bound = new Set<AxnPrincipal | null | undefined>();
    for (const tool of tools) {
      const settings = settingsOf(tool);
      if (settings === undefined)
        throw new TypeError(
          `LangchainAdapter.jobStatusTool: ${String((tool as { name?: unknown }).name)} is not a tool from LangchainAdapter.wrap or tools()`,
        );
      if (!this.#covered.has(settings.action.name))
        this.#covered.set(settings.action.name, { tool: tool.name, settings });
      bound.add(settings.principal);
    }
    if ("principal" in options) this.#principal = { bound: options.principal ?? null };
    else if (bound.size === 1 && !bound.has(undefined)) this.#principal = { bound: [...bound][0]! };
    else if (bound.size > 1) {
      throw new TypeError(
        "LangchainAdapter.jobStatusTool: the tools run as different callers; pass { principal } to say whose jobs this tool finds",
      );
    }
    this.#ambientContext =
      options.ambientContext ??
      tools.map((tool) => settingsOf(tool)?.ambientContext).find((option) => option !== undefined);
  }

  protected override async _call(
    args: ToolArguments,
    _runManager?: CallbackManagerForToolRun,
    config: ToolRunnableConfig = {},
  ): Promise<ActionToolOutput> {
    if (config.signal?.aborted) throw abortError(config.signal);
    // LangChain checked the arguments against `schema` before this runs: the id is a non-empty string.
    const id = (args as unknown as JobStatusArguments).id;
    try {
      const principal =
        this.#principal !== undefined
          ? this.#principal.bound
          : (principalFrom(resolveAmbientContext(this.#ambientContext, config)) ?? null);
      const token = principal === null ? anonymousTokens.get(id) : undefined;
      const job = await Jobs.find(id, token === undefined ? { principal } : { principal, token });
      const covered = job === undefined ? undefined : this.#covered.get(job.action);
      if (job === undefined || covered === undefined)
        return toolOutput(failedReply(unknownJobMessage(id)), config, this.name);
      const status = await job.status();
      if (PENDING.has(status.state)) {
        const artifact: JobHandleArtifact = { job: { id, tool: covered.tool, state: status.state } };
        return [
          `Job "${id}" of ${covered.tool} is ${status.state}; call ${this.name} with {"id":"${id}"} again later for its result.`,
          artifact,
        ];
      }
      const { action, presentAs } = covered.settings;
      const reply = await mapSettledResult(action, await job.result(), replyMapping(action, presentAs));
      return toolOutput(reply, config, this.name);
    } catch (error) {
      // The queue could not be read (Redis away), or the app's ambient function threw: reported, never shown.
      reportAdapterError({ name: this.name }, "langchain job status", error);
      return toolOutput(failedReply(ADAPTER_FAILURE_MESSAGE), config, this.name);
    }
  }
}

/** The companion tool for `tools` (see the module header). */
export function jobStatusTool(tools: readonly ActionTool[], options: JobStatusToolOptions = {}): JobStatusTool {
  return new JobStatusTool(tools, options);
}
