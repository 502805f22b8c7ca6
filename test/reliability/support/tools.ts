/**
 * The tools the reliability suite drives. The example app's helpdesk tools
 * (docs/examples/helpdesk/agent_tools) are fuzzed as they ship — all but `ticket_report`, which
 * pauses per ticket on purpose (a long-running tool, test/queue covers it); the helpdesk has no date field and
 * no plain `z.number()`, so `ScheduleVisit` adds the shapes it lacks (a date, a bounded float, an
 * array of objects, an ambient user). The rest are fault fixtures: an identity echo for the
 * isolation runs, and actions that throw, hang, reject late or expose values with no JSON form.
 *
 * Every fixture name starts with `Reliability.` so the shared catalog never sees a collision.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { z } from "zod/v3";
import { defineAxn, type AnyAxn } from "@axn/core";
import { AddComment } from "../../../docs/examples/helpdesk/agent_tools/add_comment.js";
import { AssignToMe } from "../../../docs/examples/helpdesk/agent_tools/assign_to_me.js";
import { CloseTicket } from "../../../docs/examples/helpdesk/agent_tools/close_ticket.js";
import { CreateTicketV1 } from "../../../docs/examples/helpdesk/agent_tools/create_ticket/v1.js";
import { CreateTicketV2 } from "../../../docs/examples/helpdesk/agent_tools/create_ticket/v2.js";
import { DeleteTicket } from "../../../docs/examples/helpdesk/agent_tools/delete_ticket.js";
import { ListTickets } from "../../../docs/examples/helpdesk/agent_tools/list_tickets.js";

/** A representative tool with the field shapes the helpdesk lacks. */
const ScheduleVisit = defineAxn({
  name: "Reliability.ScheduleVisit",
  description: "Book an on-site visit",
  expects: {
    site: z.object({
      name: z.string().min(1).max(80),
      floor: z.number().int().min(-5).max(200),
      access: z.object({ badge: z.boolean(), code: z.string().max(12).optional() }).optional(),
    }),
    date: { schema: z.date(), description: "ISO date of the visit" },
    slots: z
      .array(z.object({ start: z.number().int().min(0).max(1439), minutes: z.number().int().min(15).max(480) }))
      .min(1)
      .max(8),
    kind: z.enum(["install", "repair", "audit"]),
    budget: { schema: z.number().min(0).max(1_000_000), optional: true },
    userId: { schema: z.string(), on: "ambientContext" },
  },
  exposes: { visitId: z.string(), userId: z.string(), date: z.date(), minutes: z.number().int() },
  messages: { error: "Could not book the visit" },
  call: ({ site, date, slots, kind, userId }, { fail }) => {
    if (site.name === "closed") fail("the site is closed");
    const minutes = slots.reduce((sum, slot) => sum + slot.minutes, 0);
    return { visitId: `${kind}-${site.floor}-${slots.length}`, userId, date, minutes };
  },
});

/**
 * The helpdesk tools plus `ScheduleVisit`: what the bad-input fuzzing covers. `create_ticket` has
 * two versions sharing one tool name; MCP and LangChain serve v1 under an explicit name.
 */
export const FUZZED_TOOLS: readonly AnyAxn[] = [
  ListTickets,
  CreateTicketV1,
  CreateTicketV2,
  AddComment,
  AssignToMe,
  CloseTicket,
  DeleteTicket,
  ScheduleVisit,
];

/**
 * Tools whose body writes to the example store. Fuzzed inputs for them are always invalid (at
 * least one top-level violation), so no fuzz run changes the store other specs may read.
 */
export const WRITING_TOOLS: ReadonlySet<AnyAxn> = new Set([
  CreateTicketV1,
  CreateTicketV2,
  AddComment,
  AssignToMe,
  CloseTicket,
  DeleteTicket,
]);

/** The caller's identity, read from ambient context in the outer call and again in a nested one. */
const Whoami = defineAxn({
  name: "Reliability.WhoamiInner",
  expects: { userId: { schema: z.string(), on: "ambientContext" } },
  exposes: { userId: z.string() },
  call: ({ userId }) => ({ userId }),
});

export const Identify = defineAxn({
  name: "Reliability.Identify",
  description: "Echo the caller's identity after an async hop",
  expects: {
    requestId: z.string(),
    hops: { schema: z.number().int().min(0).max(3), default: 1 },
    userId: { schema: z.string(), on: "ambientContext" },
  },
  exposes: { requestId: z.string(), userId: z.string(), nestedUserId: z.string() },
  call: async ({ requestId, hops, userId }) => {
    // Yield to other calls so interleaving is real, then read the ambient context again (nested).
    for (let i = 0; i < hops; i++) await new Promise<void>((resolve) => setImmediate(resolve));
    const nested = await Whoami.callOrThrow({});
    return { requestId, userId, nestedUserId: nested.userId };
  },
});

/** Throws with a secret in the message: the client must see only the action's own error. */
export const SECRET = "db password is hunter2";
export const Explode = defineAxn({
  name: "Reliability.Explode",
  expects: { note: { schema: z.string(), optional: true } },
  messages: { error: "The report could not be built" },
  call: () => {
    throw new Error(SECRET);
  },
});

/** What the hanging and late-rejecting fixtures observed, keyed by the caller's `tag`. */
export const observed = new Map<string, { aborted: boolean; settled: boolean }>();
/** Told each `tag` a hanging or late-rejecting fixture starts on (the stdio server passes it to its parent). */
export const startListeners = new Set<(tag: string) => void>();

function observe(tag: string, seen: { aborted: boolean; settled: boolean }): void {
  observed.set(tag, seen);
  for (const listener of startListeners) listener(tag);
}

/** Waits `ms`, or until the call's signal aborts; records what it saw. */
export const Hang = defineAxn({
  name: "Reliability.Hang",
  expects: { tag: z.string(), ms: z.number().int().min(0).max(60_000) },
  exposes: { tag: z.string() },
  messages: { error: "The slow job stopped" },
  call: async ({ tag, ms }, { signal, fail }) => {
    const seen = { aborted: false, settled: false };
    observe(tag, seen);
    try {
      await sleep(ms, undefined, { signal });
    } catch {
      seen.aborted = true;
    }
    seen.settled = true;
    if (seen.aborted) fail("cancelled by the client");
    return { tag };
  },
});

/** Ignores the signal, then rejects once the client has long gone. */
export const RejectLate = defineAxn({
  name: "Reliability.RejectLate",
  expects: { tag: z.string(), ms: z.number().int().min(0).max(10_000) },
  messages: { error: "The late job failed" },
  call: async ({ tag, ms }, { signal }) => {
    const seen = { aborted: false, settled: false };
    observe(tag, seen);
    await sleep(ms);
    seen.aborted = signal.aborted;
    seen.settled = true;
    throw new Error(`late failure for ${tag}`);
  },
});

/** Kinds of exposed value with no honest JSON form. */
export const UNRENDERABLE_KINDS = [
  "cycle",
  "nan",
  "infinity",
  "loneSurrogate",
  "loneSurrogateKey",
  "deepNesting",
] as const;
export type UnrenderableKind = (typeof UNRENDERABLE_KINDS)[number];

/** How deep `deepNesting` nests: far past render's limit and what `JSON.stringify` encodes on Node 20/24. */
const UNRENDERABLE_DEPTH = 100_000;

function unrenderable(kind: UnrenderableKind): unknown {
  switch (kind) {
    case "cycle": {
      const node: { name: string; self?: unknown } = { name: "loop" };
      node.self = node;
      return node;
    }
    case "nan":
      return { ratio: Number.NaN };
    case "infinity":
      return { ratio: Number.POSITIVE_INFINITY };
    case "loneSurrogate":
      return { label: "broken \ud800 text" };
    case "loneSurrogateKey":
      return { ["key\udc00"]: 1 };
    case "deepNesting": {
      let value: unknown = "bottom";
      for (let i = 0; i < UNRENDERABLE_DEPTH; i++) value = [value];
      return value;
    }
  }
}

export const Unrenderable = defineAxn({
  name: "Reliability.Unrenderable",
  expects: { kind: z.enum(UNRENDERABLE_KINDS) },
  exposes: { value: z.unknown() },
  call: ({ kind }) => ({ value: unrenderable(kind) }),
});

/** A plain `z.number()` input echoed back: shows what a non-finite wire number does. */
export const Measure = defineAxn({
  name: "Reliability.Measure",
  expects: { reading: z.number() },
  exposes: { reading: z.number() },
  messages: { error: "Could not record the reading" },
  call: ({ reading }) => ({ reading }),
});

/** Echoes a string input: shows what a lone surrogate in the arguments does once exposed. */
export const Label = defineAxn({
  name: "Reliability.Label",
  expects: { text: z.string().max(200) },
  exposes: { text: z.string() },
  messages: { error: "Could not save the label" },
  call: ({ text }) => ({ text }),
});
