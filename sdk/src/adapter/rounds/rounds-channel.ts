/**
 * The live channel of a call on a re-run transport: `ctx.elicit`, `ctx.sample` and `ctx.roots()`
 * become questions of the call's rounds (input-rounds.ts), each answer (already checked by
 * `checkInputResponse`) turned into what the runtime expects; `progress` and `log` go to `base`,
 * the transport's own channel (an event stream), when it has one.
 */
import type { ElicitAnswer, LiveChannel, MediaAudio, MediaImage, Root, Sampled } from "@axn/core";
import type { InputRounds } from "./input-rounds.js";

export function roundsChannel(rounds: InputRounds, base: LiveChannel = {}): LiveChannel {
  return {
    answered: rounds.answered,
    ...(base.progress === undefined ? {} : { progress: base.progress }),
    ...(base.log === undefined ? {} : { log: base.log }),
    async elicit({ message, requestedSchema, key }): Promise<ElicitAnswer> {
      const answer = (await rounds.ask({ kind: "elicit", message, requestedSchema }, key)) as {
        action: "accept" | "decline" | "cancel";
        content?: { [name: string]: unknown };
      };
      return answer.action === "accept"
        ? { action: "accept", content: answer.content ?? {} }
        : { action: answer.action };
    },
    async sample({ key, ...request }): Promise<Sampled> {
      const answer = (await rounds.ask({ kind: "sample", ...request }, key)) as {
        text: string;
        model?: string;
        stopReason?: string;
        content?: MediaImage | MediaAudio;
      };
      return {
        action: "reply",
        text: answer.text,
        content: answer.content ?? answer.text,
        model: answer.model ?? "unknown",
        ...(answer.stopReason === undefined ? {} : { stopReason: answer.stopReason }),
      };
    },
    async roots(_signal, key): Promise<readonly Root[]> {
      const answer = (await rounds.ask({ kind: "roots" }, key)) as { roots: readonly Root[] };
      return answer.roots;
    },
  };
}
