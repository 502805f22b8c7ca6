/**
 * docs/actions.md, "Asking the user": one action that asks twice and then acts — written to the
 * body contract, so every transport carries it and it books once. Run unchanged over MCP in both
 * eras (through `axn serve`), in a LangGraph run, and as direct calls by
 * test/e2e/ask-every-transport.spec.ts (served from test/fixtures/ask).
 */
import { appendFileSync } from "node:fs";
import { defineAxn } from "@axn/core";
import { z } from "zod";

export const BookRoom = defineAxn({
  name: "Ask.BookRoom",
  description: "Book a meeting room once the user confirms and names the guest",
  expects: { room: z.string() },
  exposes: { booking: z.string() },
  messages: { success: ({ booking }) => booking, error: "Could not book the room" },
  tool: true,
  call: async ({ room }, { elicit, fail }) => {
    // Questions first: a transport that re-runs the body repeats everything before the last one.
    const go = await elicit(`Book room ${room}?`, { confirm: z.boolean().describe("Book it") }, { key: "confirm" });
    if (go.action !== "accept") return fail(`you answered ${go.action}`);
    if (!go.content.confirm) return fail("you did not confirm");
    const who = await elicit("Who is it for?", { guest: z.string().min(1).describe("The guest's name") }, { key: "guest" });
    if (who.action !== "accept") return fail(`you answered ${who.action}`);
    // Then the side effect, once per call: a line in the bookings file.
    appendFileSync(process.env.BOOKINGS_FILE ?? "bookings.log", `${room} for ${who.content.guest}\n`);
    return { booking: `Room ${room} booked for ${who.content.guest}` };
  },
});

/**
 * Reports how many answers its last run started with (`ctx.answered`): `0` where the questions are
 * answered in place, `2` where the body ran again with both answers.
 */
export const AskTwice = defineAxn({
  name: "Ask.Twice",
  description: "Ask two questions and say how many answers the body started with",
  exposes: { answered: z.number().int(), first: z.string(), second: z.string() },
  tool: true,
  call: async (_input, { elicit, answered, fail }) => {
    const first = await elicit("First?", { text: z.string() });
    const second = await elicit("Second?", { text: z.string() });
    if (first.action !== "accept" || second.action !== "accept") return fail("both questions need an answer");
    return { answered, first: first.content.text, second: second.content.text };
  },
});
