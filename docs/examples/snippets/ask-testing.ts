/**
 * docs/actions.md, "Asking the user": a spec of a body that asks, answered both ways a transport
 * answers. Pinned by test/core/action/ask-docs.spec.ts.
 */
import { rerunWithAnswers, scriptedAnswers } from "@axn/sdk/testing";
import { BookRoom } from "./ask.js";

export async function bookBothWays() {
  // In place (MCP 2025-11-25, a terminal, a direct call): the body runs once and waits at each question.
  const live = scriptedAnswers([{ confirm: true }, { guest: "Ada" }]);
  const inPlace = await BookRoom.call({ room: "blue" }, { live });
  // Run again per answer (MCP 2026-07-28, a LangGraph resume, an HTTP retry): three runs, one booking.
  const again = await rerunWithAnswers(
    (channel, signal) => BookRoom.call({ room: "blue" }, { live: channel, signal }),
    [{ confirm: true }, { guest: "Ada" }],
  );
  return {
    inPlace: inPlace.message,
    asked: live.asked.map((question) => question.message),
    again: again.result.message,
    runs: again.runs,
  };
}
