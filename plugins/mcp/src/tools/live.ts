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
 * of an `input_required` round (input-rounds.ts) — the same messages, answered on the call's retry.
 *
 * A capability the call cannot carry is left off the channel, so `ctx.supports` reports it false
 * and the runtime answers `unavailable` / does nothing. Notifications are best-effort (a client
 * that went away does not fail the tool); a request the client fails is an error in the body.
 */
import type {
  ElicitAnswer,
  LiveChannel,
  LiveSampleRequest,
  LogEntry,
  ProgressUpdate,
  SampleMessage,
  Sampled,
} from "@axn/core";
import type {
  CreateMessageRequest,
  CreateMessageResult,
  ElicitRequestFormParams,
  ElicitResult,
  ListRootsResult,
  LoggingLevel,
} from "@modelcontextprotocol/server";
import type { McpRequestContext } from "../protocol/server-context.js";
import type { InputRounds } from "./input-rounds.js";

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

function toSamplingContent(
  content: SampleMessage["content"],
): CreateMessageRequest["params"]["messages"][number]["content"] {
  if (typeof content === "string") return { type: "text", text: content };
  return { type: content.type, mimeType: content.mimeType, data: content.data };
}

/** A request to the client and its answer: sent on the session (2025-11-25), or asked in a round (2026-07-28). */
type Ask = (
  message: { method: "elicitation/create" | "sampling/createMessage" | "roots/list"; params?: object },
  signal: AbortSignal,
  key: string | undefined,
) => Promise<unknown>;

function askerOf(request: McpRequestContext, rounds: InputRounds | undefined): Ask | undefined {
  if (rounds !== undefined) return (message, _signal, key) => rounds.ask(message as never, key);
  const send = request.sendRequest;
  if (send === undefined) return undefined;
  return (message, signal) => send(message as never, { signal, timeout: LIVE_REQUEST_TIMEOUT_MS });
}

export function mcpLiveChannel(request: McpRequestContext, rounds?: InputRounds): LiveChannel {
  const channel: {
    answered?: number;
    progress?: (update: ProgressUpdate) => void;
    log?: (entry: LogEntry) => void;
    elicit?: LiveChannel["elicit"];
    sample?: LiveChannel["sample"];
    roots?: LiveChannel["roots"];
  } = {};
  const send = request.sendNotification;
  const ask = askerOf(request, rounds);
  if (rounds !== undefined) channel.answered = rounds.answered;
  const token = request._meta?.progressToken;
  const peer = request.peer;
  if (send !== undefined && token !== undefined) {
    channel.progress = (update) =>
      void send({ method: "notifications/progress", params: { progressToken: token, ...update } }).catch(ignore);
  }
  if (send !== undefined) {
    channel.log = ({ level, data, logger }) => {
      if (peer !== undefined && !peer.wantsLog(level as LoggingLevel)) return;
      void send({ method: "notifications/message", params: { level, logger, data } }).catch(ignore);
    };
  }
  const capabilities = peer?.clientCapabilities();
  if (ask !== undefined && supportsFormElicitation(capabilities)) {
    channel.elicit = async ({ message, requestedSchema, key }, signal): Promise<ElicitAnswer> => {
      const params = { mode: "form", message, requestedSchema } as unknown as ElicitRequestFormParams;
      const answer = (await ask({ method: "elicitation/create", params }, signal, key)) as ElicitResult;
      if (answer.action === "accept") return { action: "accept", content: answer.content ?? {} };
      return { action: answer.action };
    };
  }
  if (ask !== undefined && capabilities?.sampling !== undefined) {
    channel.sample = async (sample: LiveSampleRequest, signal): Promise<Sampled> => {
      const params: CreateMessageRequest["params"] = {
        messages: sample.messages.map((m) => ({ role: m.role, content: toSamplingContent(m.content) })),
        maxTokens: sample.maxTokens,
        ...(sample.systemPrompt === undefined ? {} : { systemPrompt: sample.systemPrompt }),
        ...(sample.temperature === undefined ? {} : { temperature: sample.temperature }),
        ...(sample.stopSequences === undefined ? {} : { stopSequences: [...sample.stopSequences] }),
        ...(sample.modelPreferences === undefined
          ? {}
          : {
              modelPreferences: {
                ...sample.modelPreferences,
                hints: sample.modelPreferences.hints?.map((hint) => ({ ...hint })),
              },
            }),
      };
      const reply = (await ask(
        { method: "sampling/createMessage", params },
        signal,
        sample.key,
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
  if (ask !== undefined && capabilities?.roots !== undefined) {
    channel.roots = async (signal, key) => {
      const listed = (await ask({ method: "roots/list" }, signal, key)) as ListRootsResult;
      return (listed.roots ?? []).map((root) =>
        root.name === undefined ? { uri: root.uri } : { uri: root.uri, name: root.name },
      );
    };
  }
  return channel;
}
