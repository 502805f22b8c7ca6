/**
 * The rounds engine's questions and answers (@axn/sdk/adapter: `InputQuestion`, one per
 * `ctx.elicit` / `ctx.sample` / `ctx.roots()`) in MCP's terms: each open question goes out as the
 * request a 2025-11-25 server would have sent the client (`elicitation/create` in form mode,
 * `sampling/createMessage`, `roots/list`) inside 2026-07-28's `inputRequests`; each answer the
 * client sends back (`inputResponses`: an `ElicitResult`, a `CreateMessageResult`, a
 * `ListRootsResult`) becomes the engine's answer form, checked before any body sees it. The same
 * mapping serves a tool call's `input_required` result and a task's `input_required` status.
 */
import {
  checkInputResponse,
  type InputKind,
  type InputQuestion,
  type InputRounds,
  type PendingQuestion,
} from "@axn/sdk/adapter";
import type { CreateMessageRequest, InputRequest, InputRequests } from "@modelcontextprotocol/server";
import type { LiveSampleRequest, SampleMessage } from "@axn/core";

function toSamplingContent(
  content: SampleMessage["content"],
): CreateMessageRequest["params"]["messages"][number]["content"] {
  if (typeof content === "string") return { type: "text", text: content };
  return { type: content.type, mimeType: content.mimeType, data: content.data };
}

/** `sampling/createMessage` params for a body's sampling request (both eras send the same ones). */
export function samplingParams(sample: Omit<LiveSampleRequest, "key">): CreateMessageRequest["params"] {
  return {
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
            hints: (sample.modelPreferences["hints"] as readonly object[] | undefined)?.map((hint) => ({ ...hint })),
          },
        }),
  } as CreateMessageRequest["params"];
}

/** One open question as the MCP request the client answers. */
function requestOf(question: InputQuestion): InputRequest {
  if (question.kind === "elicit")
    return {
      method: "elicitation/create",
      params: { mode: "form", message: question.message, requestedSchema: question.requestedSchema },
    } as unknown as InputRequest;
  if (question.kind === "sample") {
    const { kind: _kind, ...sample } = question;
    return { method: "sampling/createMessage", params: samplingParams(sample as LiveSampleRequest) } as InputRequest;
  }
  return { method: "roots/list" } as InputRequest;
}

/** A round's open questions, by key, as `inputRequests`. */
export function inputRequestsOf(questions: { readonly [key: string]: InputQuestion }): InputRequests {
  const requests: Record<string, InputRequest> = {};
  for (const [key, question] of Object.entries(questions)) requests[key] = requestOf(question);
  return requests as InputRequests;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A client's answer of `kind` in the engine's form (question.ts); checked there afterwards. */
function answerOf(kind: InputKind, response: unknown): unknown {
  if (kind !== "sample" || !isObject(response)) return response;
  // A CreateMessageResult: { role, content: { type, text } | { type, mimeType, data }, model, stopReason? }.
  const content = response["content"];
  if (!isObject(content)) return response;
  const media =
    (content["type"] === "image" || content["type"] === "audio") &&
    typeof content["mimeType"] === "string" &&
    typeof content["data"] === "string"
      ? { type: content["type"], mimeType: content["mimeType"], data: content["data"] }
      : undefined;
  return {
    text: content["type"] === "text" ? content["text"] : "",
    ...(typeof response["model"] === "string" ? { model: response["model"] } : {}),
    ...(typeof response["stopReason"] === "string" ? { stopReason: response["stopReason"] } : {}),
    ...(media === undefined ? {} : { content: media }),
  };
}

/**
 * The client's answers to the open questions `pending`, in the engine's form; or the sentence
 * refusing the first one that cannot answer its question. A key the round did not ask is left out
 * (a client may send what it has; the protocol tells servers to ignore what they did not ask for).
 */
export function answersOf(
  pending: { readonly [key: string]: PendingQuestion },
  responses: Readonly<Record<string, unknown>>,
): { readonly answers: Record<string, unknown> } | { readonly refused: string } {
  const answers: Record<string, unknown> = {};
  for (const [key, response] of Object.entries(responses)) {
    const question = pending[key];
    if (question === undefined) continue;
    const answer = answerOf(question.kind, response);
    const wrong = checkInputResponse(key, question.kind, answer);
    if (wrong !== undefined) return { refused: wrong };
    answers[key] = answer;
  }
  return { answers };
}

/**
 * What a first call brought as `inputResponses` with no `requestState` (a client may answer before
 * it was asked): each taken for the question the body asks under its key when it answers that
 * question's kind, else the question is asked.
 */
export function unsolicitedAnswers(
  responses: Readonly<Record<string, unknown>>,
): NonNullable<ConstructorParameters<typeof InputRounds>[2]> {
  return {
    responses,
    answer(kind, key, response) {
      const answer = answerOf(kind, response);
      return checkInputResponse(key, kind, answer) === undefined ? answer : undefined;
    },
  };
}
