/**
 * What a body asks in a round, as plain JSON a transport can send as it is (`InputQuestion`), and
 * the answer a client sends back for each kind, checked before any body sees it
 * (`checkInputResponse`). The three kinds are the three questions a call context can ask:
 * `ctx.elicit` (a form for the user), `ctx.sample` (a completion from the client's model) and
 * `ctx.roots()` (the client's shared folders).
 *
 * Answers, by kind:
 * - elicit: `{ "action": "accept", "content": { … } }`, `{ "action": "decline" }` or `{ "action": "cancel" }`
 *   (the content is validated against the form by the runtime, as on every transport);
 * - sample: `{ "text": "…", "model": "…"?, "stopReason": "…"? }`, and for a reply that is an image or
 *   audio `"content": { "type": "image" | "audio", "mimeType": "…", "data": "<base64>" }` beside an empty text;
 * - roots: `{ "roots": [{ "uri": "file:///…", "name": "…"? }] }`.
 */
import type { ElicitForm, SampleMessage } from "@axn/core";

export type InputQuestion =
  | { readonly kind: "elicit"; readonly message: string; readonly requestedSchema: ElicitForm }
  | {
      readonly kind: "sample";
      readonly messages: readonly SampleMessage[];
      readonly maxTokens: number;
      readonly systemPrompt?: string;
      readonly temperature?: number;
      readonly stopSequences?: readonly string[];
      readonly modelPreferences?: { readonly [name: string]: unknown };
    }
  | { readonly kind: "roots" };

export type InputKind = InputQuestion["kind"];

/** The answer forms of each kind, for an error message. */
const EXPECTED: Readonly<Record<InputKind, string>> = {
  elicit: '{"action":"accept","content":{…}}, {"action":"decline"} or {"action":"cancel"}',
  sample: '{"text":"…","model":"…"}',
  roots: '{"roots":[{"uri":"…","name":"…"}]}',
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Why `answer` cannot answer a question of `kind` named `key`, as a sentence for the caller, or
 * `undefined` when it can.
 */
export function checkInputResponse(key: string, kind: InputKind, answer: unknown): string | undefined {
  const wrong = `The answer to the ${kind} question "${key}" must be ${EXPECTED[kind]}`;
  if (!isObject(answer)) return wrong;
  let ok: boolean;
  if (kind === "elicit") {
    ok =
      answer["action"] === "decline" ||
      answer["action"] === "cancel" ||
      (answer["action"] === "accept" && isObject(answer["content"]));
  } else if (kind === "sample") {
    const content = answer["content"];
    ok =
      typeof answer["text"] === "string" &&
      (answer["model"] === undefined || typeof answer["model"] === "string") &&
      (answer["stopReason"] === undefined || typeof answer["stopReason"] === "string") &&
      (content === undefined ||
        (isObject(content) &&
          (content["type"] === "image" || content["type"] === "audio") &&
          typeof content["mimeType"] === "string" &&
          typeof content["data"] === "string"));
  } else {
    const roots = answer["roots"];
    ok =
      Array.isArray(roots) &&
      roots.every(
        (root) =>
          isObject(root) &&
          typeof root["uri"] === "string" &&
          (root["name"] === undefined || typeof root["name"] === "string"),
      );
  }
  return ok ? undefined : wrong;
}
