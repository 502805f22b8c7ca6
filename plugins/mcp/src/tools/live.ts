/**
 * The MCP live channel of one tool call: what the action's `ctx.progress`, `ctx.notify`,
 * `ctx.elicit` and `ctx.sample` become on the wire. Everything goes out related to the
 * `tools/call` request (over Streamable HTTP: on that request's own SSE stream), so it reaches the
 * client that asked, before the result.
 *
 * - progress → `notifications/progress`, only when the request carried a `progressToken`;
 * - notify → `notifications/message`, filtered by the session's `logging/setLevel`;
 * - elicit → `elicitation/create` (form mode), only when the client declared `elicitation`;
 * - sample → `sampling/createMessage`, only when the client declared `sampling`;
 * - roots → `roots/list`, only when the client declared `roots`.
 *
 * On a 2026-07-28 request there are no server→client requests: elicit and sample become questions
 * of an `input_required` round on the SDK's rounds engine (ask-rounds.ts) — the same messages,
 * answered on the call's retry.
 *
 * A capability the call cannot carry is left off the channel, so `ctx.supports` reports it false
 * and the runtime answers `unavailable` / does nothing. Notifications are best-effort (a client
 * that went away does not fail the tool); a request the client fails is an error in the body.
 */
import type { ElicitAnswer, LiveChannel, LiveSampleRequest, LogEntry, ProgressUpdate, Sampled } from "@axn/core";
import { roundsChannel, type InputKind, type InputRounds } from "@axn/sdk/adapter";
import type {
  CreateMessageResult,
  ElicitRequestFormParams,
  ElicitResult,
  ListRootsResult,
  LoggingLevel,
} from "@modelcontextprotocol/server";
import type { McpRequestContext } from "../protocol/server-context.js";
import { samplingParams } from "./input-requests.js";

/**
 * How long a question to the user or to the client's model may stay unanswered (the SDK's own
 * default, 60 s, is too short for a person). The tool call's cancellation ends it sooner.
 */
export const LIVE_REQUEST_TIMEOUT_MS = 10 * 60_000;

const ignore = (): void => {};

function supportsFormElicitation(capabilities: { elicitation?: { form?: object; url?: object } } | undefined): boolean {
  const elicitation = capabilities?.elicitation;
  // `elicitation: {}` is the pre-2025-11-25 form-only declaration.
  return elicitation !== undefined && (elicitation.form !== undefined || elicitation.url === undefined);
}

/** The kinds of question a client that declared `capabilities` can answer. */
export function askableKinds(
  capabilities: { elicitation?: { form?: object; url?: object }; sampling?: object; roots?: object } | undefined,
): InputKind[] {
  const kinds: InputKind[] = [];
  if (supportsFormElicitation(capabilities)) kinds.push("elicit");
  if (capabilities?.sampling !== undefined) kinds.push("sample");
  if (capabilities?.roots !== undefined) kinds.push("roots");
  return kinds;
}

/**
 * A channel whose questions are questions of `rounds` (a 2026-07-28 call, a task that asks), of
 * the kinds the client can answer only (a kind left off: `ctx.supports` false, `unavailable`), and
 * whose progress and logs go to `base`.
 */
export function askingChannel(rounds: InputRounds, base: LiveChannel, kinds: readonly InputKind[]): LiveChannel {
  const asked = roundsChannel(rounds, base);
  return {
    ...base,
    answered: asked.answered,
    ...(kinds.includes("elicit") ? { elicit: asked.elicit } : {}),
    ...(kinds.includes("sample") ? { sample: asked.sample } : {}),
    ...(kinds.includes("roots") ? { roots: asked.roots } : {}),
  } as LiveChannel;
}

type Writable = {
  -readonly [K in keyof LiveChannel]: LiveChannel[K];
};

export function mcpLiveChannel(request: McpRequestContext, rounds?: InputRounds): LiveChannel {
  const channel: Writable = {};
  const send = request.sendNotification;
  const token = request._meta?.progressToken;
  const peer = request.peer;
  if (send !== undefined && token !== undefined) {
    channel.progress = (update: ProgressUpdate) =>
      void send({ method: "notifications/progress", params: { progressToken: token, ...update } }).catch(ignore);
  }
  if (send !== undefined) {
    channel.log = ({ level, data, logger }: LogEntry) => {
      if (peer !== undefined && !peer.wantsLog(level as LoggingLevel)) return;
      void send({ method: "notifications/message", params: { level, logger, data } }).catch(ignore);
    };
  }
  const capabilities = peer?.clientCapabilities();
  const elicit = supportsFormElicitation(capabilities);
  const sample = capabilities?.sampling !== undefined;
  const roots = capabilities?.roots !== undefined;
  // 2026-07-28: each question is one of the call's input rounds (the SDK's engine).
  if (rounds !== undefined) return askingChannel(rounds, channel, askableKinds(capabilities));
  const sendRequest = request.sendRequest;
  if (sendRequest === undefined) return channel;
  const ask = (message: { method: string; params?: object }, signal: AbortSignal): Promise<unknown> =>
    sendRequest(message as never, { signal, timeout: LIVE_REQUEST_TIMEOUT_MS });
  if (elicit) {
    channel.elicit = async ({ message, requestedSchema }, signal): Promise<ElicitAnswer> => {
      const params = { mode: "form", message, requestedSchema } as unknown as ElicitRequestFormParams;
      const answer = (await ask({ method: "elicitation/create", params }, signal)) as ElicitResult;
      if (answer.action === "accept") return { action: "accept", content: answer.content ?? {} };
      return { action: answer.action };
    };
  }
  if (sample) {
    channel.sample = async ({ key: _key, ...request }: LiveSampleRequest, signal): Promise<Sampled> => {
      const reply = (await ask(
        { method: "sampling/createMessage", params: samplingParams(request) },
        signal,
      )) as CreateMessageResult;
      const content = reply.content;
      const value =
        content.type === "text"
          ? content.text
          : content.type === "image" || content.type === "audio"
            ? { type: content.type, mimeType: content.mimeType, data: content.data }
            : "";
      return {
        action: "reply",
        text: typeof value === "string" ? value : "",
        content: value,
        model: reply.model,
        ...(reply.stopReason === undefined ? {} : { stopReason: reply.stopReason }),
      };
    };
  }
  if (roots) {
    channel.roots = async (signal) => {
      const listed = (await ask({ method: "roots/list" }, signal)) as ListRootsResult;
      return (listed.roots ?? []).map((root) =>
        root.name === undefined ? { uri: root.uri } : { uri: root.uri, name: root.name },
      );
    };
  }
  return channel;
}
