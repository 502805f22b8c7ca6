/**
 * The `tools/call` handler of one server: the tool looked up, the client's declared capabilities
 * checked against what the action `requires`, the trusted ambient context built, the concurrent-call
 * slot taken (HTTP), and the call run — in place on a 2025-11-25 session, in input rounds on a
 * 2026-07-28 request (tool-rounds.ts). Access is the Invoker's: a caller the tool's policy
 * refuses gets the refusal's sentence as a tool result with `isError: true`, as the SDK's own
 * `McpServer` answers a tool that exists but cannot be called now. A session whose caller's grants
 * changed since its last listing is told so first (`notifications/tools/list_changed`).
 */
import { reportException } from "@axn/core";
import { ADAPTER_FAILURE_MESSAGE, type InputRounds } from "@axn/sdk/adapter";
import { CallSlot } from "@axn/sdk/serving";
import {
  MissingRequiredClientCapabilityError,
  ProtocolErrorCode,
  type CallToolResult,
  type ClientCapabilities,
  type InputRequiredResult,
} from "@modelcontextprotocol/server";
import type { McpPeer } from "../protocol/peer.js";
import { ProtocolError } from "../protocol/protocol-error.js";
import { requestContext, type McpRequestExtra } from "../protocol/server-context.js";
import { TASKS_EXTENSION } from "../tasks/extension.js";
import { TaskMessages } from "../tasks/handlers.js";
import { textResult } from "../tools/map-result.js";
import type { McpTool } from "../tools/wrap.js";
import { principalOf, trustedContext } from "./caller.js";
import type { ServerLimits } from "./options.js";
import { checkedParams, McpMessages, protocolError, SERVER_BUSY_CODE } from "./params.js";
import type { ServerScope } from "./scope.js";
import { listingFor } from "./tool-set.js";
import { callInRounds } from "./tool-rounds.js";

/** The names a session was last listed (joined), so a change of its caller's grants can be announced. */
export interface Listed {
  names: string | undefined;
}

export function toolCallHandler(
  { options, set, build, peerOf }: ServerScope,
  listed: Listed,
  limits: ServerLimits | undefined,
): (rawParams: unknown, extra: McpRequestExtra) => Promise<CallToolResult | InputRequiredResult> {
  return async (rawParams, extra) => {
    const params = checkedParams(rawParams);
    const tool = set.byName.get(params.name);
    // A tool the server never listed is the client's protocol mistake, not a tool result.
    if (tool === undefined) throw protocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${params.name}`);
    const peer = peerOf(extra);
    const missing = missingCapabilities(tool, peer);
    if (missing !== undefined) {
      // 2026-07-28 names what is missing before anything runs; a 2025-11-25 client reads a tool error.
      if (peer.era === "modern") throw new MissingRequiredClientCapabilityError({ requiredCapabilities: missing });
      return textResult(McpMessages.needs(tool.name, Object.keys(missing)), true);
    }
    // A tool that runs only as a task, called to be waited for. A call that did ask for a task got
    // here because the tool's access refused its caller: the Invoker answers that one, as always.
    if (tool.execution?.taskSupport === "required" && !asksForTask(params, peer)) {
      if (peer.era === "modern")
        throw new MissingRequiredClientCapabilityError({
          requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } },
        });
      throw protocolError(ProtocolErrorCode.MethodNotFound, TaskMessages.onlyAsTask(tool.name));
    }
    // The call's context: filled in below, never copied (one shape for every call; bench row 4).
    const call = requestContext<InputRounds>(extra, peer);
    const ambientContext = trustedContext(build, call, tool, options.principal ?? null);
    if (ambientContext === undefined) return textResult(ADAPTER_FAILURE_MESSAGE, true);
    call.ambientContext = ambientContext;
    if (set.restricted && listed.names !== undefined) {
      const { names } = listingFor(set, principalOf(ambientContext));
      if (names !== listed.names) {
        listed.names = names;
        await extra.mcpReq.notify({ method: "notifications/tools/list_changed" }).catch(() => undefined);
      }
    }
    // Answered at its deadline while its body runs on, the call keeps its slot until the body ends.
    // A server without a cap (in memory, stdio) has no slot to keep.
    let slot: CallSlot | undefined;
    if (limits !== undefined) {
      const release = limits.acquireCall();
      if (release === undefined) throw protocolError(SERVER_BUSY_CODE, McpMessages.busy);
      slot = new CallSlot(release);
    }
    try {
      call.onOverdue = slot?.onOverdue;
      if (peer.era === "legacy") return await tool.call(params.arguments ?? {}, call);
      return await callInRounds(set.rounds, extra, tool, params.arguments ?? {}, call);
    } catch (error) {
      // Only a mapping bug rethrown in development gets here, already reported: the client gets
      // the generic JSON-RPC error, never the exception's message (the SDK would send it).
      if (error instanceof ProtocolError) throw error;
      reportException(error, { action: tool.action.name ?? tool.name, phase: "mcp tools/call" });
      throw protocolError(ProtocolErrorCode.InternalError, McpMessages.internal);
    } finally {
      slot?.answered();
    }
  };
}

/** Whether the call could have been a task: 2025-11-25 asked with `task`, 2026-07-28 declared the Tasks extension. */
function asksForTask(params: object, peer: McpPeer): boolean {
  if (peer.era === "legacy") return Object.hasOwn(params, "task");
  return peer.clientCapabilities()?.extensions?.[TASKS_EXTENSION] !== undefined;
}

/** The client capability each live need is asked through. */
const CAPABILITY_OF = { elicit: "elicitation", sample: "sampling", roots: "roots" } as const;

/** The client capabilities `tool`'s action `requires` that the client did not declare, or `undefined`. */
function missingCapabilities(tool: McpTool, peer: McpPeer): ClientCapabilities | undefined {
  const needs = tool.action.requires;
  if (needs.length === 0) return undefined;
  const declared = peer.clientCapabilities() ?? {};
  const missing: Record<string, object> = {};
  for (const need of needs) {
    const capability = CAPABILITY_OF[need];
    if (declared[capability] === undefined) missing[capability] = {};
  }
  return Object.keys(missing).length === 0 ? undefined : (missing as ClientCapabilities);
}
