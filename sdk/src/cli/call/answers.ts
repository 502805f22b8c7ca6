/**
 * `axn call --answers JSON`: the answers to a tool's questions given up front, by key (the
 * question's `key` option, or `q0`, `q1`, … by position — the keys HTTP and MCP use too), for
 * scripts and CI. Per kind: an elicitation takes the form's content (`{"confirm":true}`) or an
 * outcome (`"decline"`, `"cancel"`); a sampling request the reply's text; a roots request a list
 * of `{ uri, name? }`.
 */
import type { ElicitAnswer, Root } from "@axn/core";
import { usageError } from "../errors.js";

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export function elicitAnswerOf(key: string, given: unknown): ElicitAnswer {
  if (given === "decline" || given === "cancel") return { action: given };
  if (isObject(given)) return { action: "accept", content: given };
  throw usageError(
    `--answers: the answer to "${key}" is a form: give its fields as an object ({"${key}":{"field":"value"}}), or "decline" or "cancel"`,
    "call",
  );
}

export function sampleAnswerOf(key: string, given: unknown): string {
  if (typeof given === "string") return given;
  throw usageError(`--answers: "${key}" asks for a model's reply: give its text as a string`, "call");
}

export function rootsAnswerOf(key: string, given: unknown): readonly Root[] {
  if (
    Array.isArray(given) &&
    given.every(
      (root) =>
        isObject(root) &&
        typeof root["uri"] === "string" &&
        (root["name"] === undefined || typeof root["name"] === "string"),
    )
  )
    return given as Root[];
  throw usageError(
    `--answers: "${key}" asks for roots: give a list such as [{"uri":"file:///work","name":"work"}]`,
    "call",
  );
}
