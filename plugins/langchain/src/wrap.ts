/**
 * `wrap(action, options?)`: one action → an `ActionTool`, the LangChain tool the model calls. It
 * never touches the action: the same action keeps working as a direct call and under every other
 * adapter. (`tools()` comes with the plugin: see plugin.ts.)
 */
import type { AnyAxn, AxnPrincipal } from "@axn/core";
import { assertPresentAs, resolveToolName, type ToolsOptions as AdapterToolsOptions } from "@axn/sdk/adapter";
import { ActionTool } from "./action-tool.js";
import type { AmbientContextOption } from "./ambient.js";
import { ADAPTER_KEY, type PresentAs } from "./config.js";

export interface WrapOptions {
  /** The tool name the model calls (`[a-z0-9_]`). Default: `action.toolName("langchain")`. */
  readonly name?: string;
  /** Default: `action.description` (else LangChain's own `"<name> tool"`). */
  readonly description?: string;
  /** Overrides the action's `langchain.presentAs` and the package-wide value for this tool. */
  readonly presentAs?: PresentAs;
  /**
   * The trusted ambient context: a table, or a function of the run's config. Default: the run's
   * LangGraph context (`invoke(input, { context })`). Never taken from the model's arguments.
   */
  readonly ambientContext?: AmbientContextOption;
  /**
   * The caller every call of this tool runs as (its ambient `principal`, checked by the Invoker
   * against the action's access policy); `null`: an anonymous caller. Omitted: whatever principal
   * the ambient context holds. `tools({ principal })` sets it and lists only what that caller may call.
   */
  readonly principal?: AxnPrincipal | null;
  /**
   * Run each call as a background job (`A.enqueue` through the tool Invoker), on whichever process
   * works the app's queue (`axn worker` with the config's `queue.connection`). `true`: the tool
   * awaits the job's `Result` (the run's abort signal cancels the job). `"handle"`: the tool answers
   * at once with the job's id and state, and the model collects the result with the companion tool
   * `LangchainAdapter.jobStatusTool(tools)` (`axn_job_status`). Default false: the call runs here.
   */
  readonly background?: boolean | "handle";
}

/** What `tools()` applies to every tool (names and descriptions stay per action). */
export type ToolsOptions = AdapterToolsOptions<WrapOptions>;

const CALLER = "LangchainAdapter.wrap";

function background(value: unknown, action: AnyAxn): true | "handle" {
  if (value === true || value === "handle") return value;
  throw new TypeError(
    `${CALLER}(${action.name}): "background" must be true (await the job), "handle" (answer with the job's handle) or false (got ${JSON.stringify(value)})`,
  );
}

export function wrap(action: AnyAxn, options: WrapOptions = {}): ActionTool {
  if (options.presentAs !== undefined) assertPresentAs(options.presentAs, action, CALLER);
  const name = resolveToolName(action, ADAPTER_KEY, { name: options.name, caller: CALLER });
  return new ActionTool({
    action,
    name,
    description: options.description ?? action.description ?? `${name} tool`,
    presentAs: options.presentAs,
    ambientContext: options.ambientContext,
    ...("principal" in options ? { principal: options.principal ?? null } : {}),
    ...(options.background === undefined || options.background === false
      ? {}
      : { background: background(options.background, action) }),
  });
}
