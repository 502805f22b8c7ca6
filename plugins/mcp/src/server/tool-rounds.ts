/**
 * A 2026-07-28 `tools/call` on the SDK's rounds engine as one object per call (`runRoundsInto`):
 * the rounds opened (tools/ask-rounds.ts: fresh, or resumed from the request's state), the tool's
 * pipeline told to the engine's round (tools/wrap.ts `roundCallOf`), and the call's one promise
 * settled with the result, or with the `input_required` result when the body asked what nobody has
 * answered. It does what `askInRounds` does for a prompt, without the promises, resolvers and
 * closures each of its layers made per call (bench rows 4f and 4g).
 */
import {
  argumentsDigest,
  runRoundsInto,
  type InputRounds,
  type RoundBinding,
  type RoundCall,
  type RoundRunning,
} from "@axn/sdk/adapter";
import type { CallToolResult, InputRequiredResult, RequestStateCodec } from "@modelcontextprotocol/server";
import type { CallSlots, McpRequestContext, McpRequestExtra } from "../protocol/server-context.js";
import { taskOwner } from "../tasks/task-store.js";
import { openRounds, roundEnded, type BoundRound } from "../tools/ask-rounds.js";
import type { RoundState } from "../tools/request-state.js";
import { roundCallOf, type McpTool } from "../tools/wrap.js";
import { principalOf } from "./caller.js";

/** `call` is the request's context, its `ambientContext` filled in; its `rounds` are set here. */
export function callInRounds(
  codec: RequestStateCodec<RoundState>,
  extra: McpRequestExtra,
  tool: McpTool,
  args: unknown,
  call: McpRequestContext & CallSlots<InputRounds>,
): Promise<CallToolResult | InputRequiredResult> {
  return new Promise((resolve, reject) => {
    new ToolRounds(codec, extra, tool, args, call, resolve, reject).start();
  });
}

/** Told by the engine (`RoundCall`); asked for its binding by the rounds' state (`BoundRound`). */
class ToolRounds implements RoundCall<CallToolResult>, BoundRound {
  private digest: string | undefined = undefined;
  private rounds: InputRounds | undefined = undefined;

  constructor(
    private readonly codec: RequestStateCodec<RoundState>,
    private readonly extra: McpRequestExtra,
    private readonly tool: McpTool,
    private readonly args: unknown,
    private readonly call: McpRequestContext & CallSlots<InputRounds>,
    private readonly resolve: (result: CallToolResult | InputRequiredResult) => void,
    private readonly reject: (error: unknown) => void,
  ) {}

  start(): void {
    let rounds: InputRounds;
    try {
      rounds = openRounds(this.extra, this);
    } catch (error) {
      this.reject(error);
      return;
    }
    this.rounds = rounds;
    this.call.rounds = rounds;
    runRoundsInto(rounds, this);
  }

  /** Who may resume the round: computed only when a round is resumed or ends with questions. */
  binding(): RoundBinding {
    return {
      owner: taskOwner(principalOf(this.call.ambientContext ?? {})?.id, undefined),
      tool: this.tool.name,
      args: (this.digest ??= argumentsDigest(this.args)),
    };
  }

  run(round: RoundRunning<CallToolResult>): void {
    roundCallOf(this.tool)(this.args, this.call, round);
  }

  callerSignal(): AbortSignal {
    return this.extra.mcpReq.signal;
  }

  done(result: CallToolResult): void {
    this.resolve(result);
  }

  /** The body waits on a question: the `input_required` result (an async function: a fault there rejects). */
  asked(): void {
    roundEnded(this.codec, this, this.rounds!).then(this.resolve, this.reject);
  }

  failed(error: unknown): void {
    this.reject(error);
  }
}
