/**
 * The live capabilities of the call context over a direct call's handlers (`CallOptions.live`):
 * progress only grows, client-visible logs carry a level and a logger, elicitation reflects its
 * fields as a form and validates the answer, sampling normalizes its request, `supports` tells a
 * body who listens — and every misuse is a TypeError naming the action and the argument.
 */
import { expect } from "chai";
import { z } from "zod";
import {
  defineAxn,
  liveContext,
  LOG_LEVELS,
  type ElicitRequest,
  type LiveChannel,
  type LiveSampleRequest,
  type ProgressUpdate,
} from "@axn/core";
import { importWithHandlers } from "../../../docs/examples/snippets/live.js";
import { captureReports } from "../../support/reports.js";

describe("live capabilities on the call context (direct calls)", () => {
  const reports = captureReports();

  it("the docs example: handlers observe progress and logs and answer the question", async () => {
    const { seen, result } = await importWithHandlers();
    expect(seen).to.deep.equal([
      'info {"step":"scan","rows":2}',
      "asked: 2 contacts already exist. Overwrite them?",
      "progress 1/2: row 1 of 2",
      "progress 2/2: row 2 of 2",
      'notice "imported 2 contacts, overwriting"',
    ]);
    expect([result.ok, result.imported, result.tag]).to.deep.equal([true, 2, "crm"]);
  });

  it("with no channel: progress and notify do nothing, elicit and sample are unavailable, supports all false", async () => {
    const Quiet = defineAxn({
      name: "Quiet",
      exposes: {
        supports: z.record(z.string(), z.boolean()),
        asked: z.string(),
        sampled: z.string(),
        rooted: z.string(),
      },
      call: async (_input, { progress, notify, elicit, sample, roots, supports }) => {
        progress(1, 2);
        notify("info", "nobody hears this");
        const asked = await elicit("Name?", { name: z.string() });
        const sampled = await sample({ messages: "hi", maxTokens: 10 });
        const rooted = await roots();
        return { supports: { ...supports }, asked: asked.action, sampled: sampled.action, rooted: rooted.action };
      },
    });
    const result = await Quiet.call({});
    expect([result.supports, result.asked, result.sampled, result.rooted]).to.deep.equal([
      { progress: false, log: false, elicit: false, sample: false, roots: false },
      "unavailable",
      "unavailable",
      "unavailable",
    ]);
  });

  it("progress only grows: a repeat or a step back is not sent; total and message are optional", async () => {
    const updates: ProgressUpdate[] = [];
    const Steps = defineAxn({
      name: "Steps",
      call: (_input, { progress }) => {
        progress(1);
        progress(1, 3);
        progress(0.5);
        progress(2, 3, "two");
        progress(3, undefined, "done");
      },
    });
    await Steps.call({}, { live: { progress: (update) => void updates.push(update) } });
    expect(updates).to.deep.equal([
      { progress: 1 },
      { progress: 2, total: 3, message: "two" },
      { progress: 3, message: "done" },
    ]);
  });

  it("the channel may be a function, called once on first use (and never when the body uses nothing live)", async () => {
    let built = 0;
    const channel = (): LiveChannel => {
      built++;
      return { progress: () => {} };
    };
    const Twice = defineAxn({
      name: "Twice",
      call: (_input, { progress }) => {
        progress(1);
        progress(2);
      },
    });
    const Nothing = defineAxn({ name: "Nothing", call: () => {} });
    await Twice.call({}, { live: channel });
    await Nothing.call({}, { live: channel });
    expect(built).to.equal(1);
  });

  it("notify: every RFC 5424 level, the action's name as the default logger", async () => {
    const entries: unknown[] = [];
    const Logs = defineAxn({
      name: "Billing.Logs",
      call: (_input, { notify }) => {
        for (const level of LOG_LEVELS) notify(level, { level });
        notify("debug", "custom", "billing.worker");
      },
    });
    await Logs.call({}, { live: { log: (entry) => void entries.push(entry) } });
    expect(LOG_LEVELS).to.deep.equal(["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"]);
    expect(entries).to.have.length(9);
    expect(entries[1]).to.deep.equal({ level: "info", data: { level: "info" }, logger: "Billing.Logs" });
    expect(entries[8]).to.deep.equal({ level: "debug", data: "custom", logger: "billing.worker" });
  });

  describe("misuse is a TypeError naming the action and the argument (the call settles as an exception)", () => {
    const attempt = async (
      body: (ctx: Parameters<Parameters<typeof defineAxn>[0]["call"]>[1]) => unknown,
    ): Promise<string> => {
      const Bad = defineAxn({ name: "Bad", call: async (_input, ctx) => void (await body(ctx)) });
      const result = await Bad.call(
        {},
        { live: { progress: () => {}, log: () => {}, elicit: async () => ({ action: "decline" }) } },
      );
      expect(result.outcome).to.equal("exception");
      return result.exception!.message;
    };

    it("progress", async () => {
      expect(await attempt((ctx) => ctx.progress(Number.NaN))).to.equal(
        "Bad: ctx.progress(done, total?, message?): done must be a finite number, got NaN",
      );
      expect(await attempt((ctx) => ctx.progress(1, -1))).to.equal(
        "Bad: ctx.progress(done, total?, message?): total must be a finite number ≥ 0 when given, got -1",
      );
      expect(await attempt((ctx) => ctx.progress(1, 2, 3 as never))).to.equal(
        "Bad: ctx.progress(done, total?, message?): message must be a string when given, got 3",
      );
    });

    it("notify", async () => {
      expect(await attempt((ctx) => ctx.notify("verbose" as never, "x"))).to.equal(
        'Bad: ctx.notify(level, data, logger?): level must be one of debug, info, notice, warning, error, critical, alert, emergency, got "verbose"',
      );
    });

    it("elicit: the message, and fields a form cannot ask", async () => {
      expect(await attempt((ctx) => ctx.elicit("", { a: z.string() }))).to.equal(
        'Bad: ctx.elicit(message, fields): message must be a non-empty string saying what is asked, got ""',
      );
      expect(await attempt((ctx) => ctx.elicit("Where?", { address: z.object({ city: z.string() }) }))).to.equal(
        'Bad: ctx.elicit: field "address" is an object; an elicitation form asks only for strings, numbers, integers, booleans, enums of strings and lists of string enums',
      );
      expect(await attempt((ctx) => ctx.elicit("Who?", { name: z.string().nullable() }))).to.equal(
        'Bad: ctx.elicit: field "name" is a union (or nullable); an elicitation form asks only for strings, numbers, integers, booleans, enums of strings and lists of string enums',
      );
      expect(
        await attempt((ctx) => ctx.elicit("Who?", { name: { schema: z.string(), on: "ambientContext" } })),
      ).to.equal(
        'Bad: ctx.elicit: field "name" has "on"; an elicited field is asked of the user, never read from elsewhere',
      );
      expect(await attempt((ctx) => ctx.elicit("Who?", {}))).to.equal("Bad: ctx.elicit: ask for at least one field");
    });

    it("sample", async () => {
      expect(await attempt((ctx) => ctx.sample({ messages: "hi", maxTokens: 0 }))).to.equal(
        "Bad: ctx.sample(request): maxTokens must be a whole number above 0, got 0",
      );
      expect(await attempt((ctx) => ctx.sample({ messages: [], maxTokens: 5 }))).to.equal(
        "Bad: ctx.sample(request): messages must be a string or a non-empty list of messages",
      );
      expect(
        await attempt((ctx) => ctx.sample({ messages: [{ role: "system" as never, content: "x" }], maxTokens: 5 })),
      ).to.equal('Bad: ctx.sample(request): messages[0] must be { role: "user" | "assistant", content }');
    });
  });

  it("elicit: the form reflects the fields (formats, bounds, defaults, titled enums); the answer is coerced and validated", async () => {
    const asked: ElicitRequest[] = [];
    const Signup = defineAxn({
      name: "Signup",
      exposes: { email: z.string(), age: z.number(), plan: z.string(), newsletter: z.boolean() },
      call: async (_input, { elicit, fail }) => {
        const answer = await elicit("Your details", {
          email: z.email().describe("Work email"),
          age: z.number().int().min(18),
          plan: { schema: z.enum(["free", "pro"]), default: "free" },
          newsletter: z.boolean().default(false),
        });
        if (answer.action !== "accept") return fail(answer.action);
        return answer.content;
      },
    });
    const result = await Signup.call(
      {},
      {
        live: {
          elicit: async (request) => {
            asked.push(request);
            return { action: "accept", content: { email: "ada@example.com", age: "36", extra: "ignored" } };
          },
        },
      },
    );
    expect(asked[0]!.requestedSchema).to.deep.equal({
      type: "object",
      properties: {
        email: { description: "Work email", type: "string", format: "email" },
        age: { type: "integer", minimum: 18 },
        plan: { type: "string", enum: ["free", "pro"], default: "free" },
        newsletter: { type: "boolean", default: false },
      },
      required: ["email", "age"],
    });
    expect([result.email, result.age, result.plan, result.newsletter]).to.deep.equal([
      "ada@example.com",
      36,
      "free",
      false,
    ]);
  });

  it("elicit: an invalid answer ends the call as a user-facing failure naming each field (not reported)", async () => {
    const Ask = defineAxn({
      name: "Ask",
      messages: { error: "Could not sign you up" },
      call: async (_input, { elicit }) =>
        void (await elicit("Age?", { age: z.number().int().min(18), email: z.email() })),
    });
    const result = await Ask.call({}, { live: { elicit: async () => ({ action: "accept", content: { age: 12 } }) } });
    expect([result.outcome, result.error]).to.deep.equal([
      "failure",
      "Could not sign you up: age: Too small: expected number to be >=18; email: Invalid input: expected string, received undefined",
    ]);
    expect(reports).to.deep.equal([]);
  });

  it("elicit: a channel answer that is none of the four outcomes is the channel's bug, named", async () => {
    const Ask = defineAxn({
      name: "Ask",
      call: async (_input, { elicit }) => void (await elicit("?", { a: z.string() })),
    });
    const result = await Ask.call({}, { live: { elicit: async () => ({ action: "maybe" }) as never } });
    expect(result.exception?.message).to.equal(
      'Ask: ctx.elicit: the live channel answered action "maybe"; expected accept, decline, cancel or unavailable',
    );
  });

  it("sample: a string becomes one user message; the channel's reply reaches the body; the call's signal is passed", async () => {
    const requests: LiveSampleRequest[] = [];
    let signalSeen: AbortSignal | undefined;
    const Haiku = defineAxn({
      name: "Haiku",
      exposes: { text: z.string(), model: z.string() },
      call: async (_input, { sample, fail }) => {
        const reply = await sample({ messages: "A haiku about tea", maxTokens: 40, temperature: 0.2 });
        return reply.action === "reply" ? { text: reply.text, model: reply.model } : fail("no model");
      },
    });
    const controller = new AbortController();
    const result = await Haiku.call(
      {},
      {
        signal: controller.signal,
        live: {
          sample: async (request, signal) => {
            requests.push(request);
            signalSeen = signal;
            return { action: "reply", text: "Steam rises", content: "Steam rises", model: "m-1" };
          },
        },
      },
    );
    expect(requests).to.deep.equal([
      { messages: [{ role: "user", content: "A haiku about tea" }], maxTokens: 40, temperature: 0.2 },
    ]);
    expect(signalSeen).to.equal(controller.signal);
    expect([result.text, result.model]).to.deep.equal(["Steam rises", "m-1"]);
  });

  it("a channel that throws on progress or a log is reported, and the call goes on", async () => {
    const Loud = defineAxn({
      name: "Loud",
      call: (_input, { progress, notify }) => {
        progress(1);
        notify("info", "x");
      },
    });
    const boom = (): never => {
      throw new Error("transport down");
    };
    const result = await Loud.call({}, { live: { progress: boom, log: boom } });
    expect(result.ok).to.equal(true);
    expect(reports.map((r) => [r.action, r.phase, (r.error as Error).message])).to.deep.equal([
      ["Loud", "live progress", "transport down"],
      ["Loud", "live log", "transport down"],
    ]);
  });

  it("the live members can be destructured, like fail and expose", async () => {
    const seen: number[] = [];
    const Destructured = defineAxn({
      name: "Destructured",
      call: (_input, { progress }) => {
        const report = progress;
        report(1);
      },
    });
    await Destructured.call({}, { live: { progress: ({ progress }) => void seen.push(progress) } });
    expect(seen).to.deep.equal([1]);
  });

  it("ctx.answered is the channel's count of answers the body starts with, 0 without one or with nonsense", async () => {
    const Counts = defineAxn({
      name: "Counts",
      exposes: { answered: z.number() },
      call: (_input, { answered }) => ({ answered }),
    });
    const answeredWith = async (live: LiveChannel | undefined): Promise<unknown> => {
      const result = await Counts.call({}, live === undefined ? {} : { live });
      return result.ok ? result.answered : result;
    };
    expect(await answeredWith(undefined)).to.equal(0);
    expect(await answeredWith({})).to.equal(0);
    expect(await answeredWith({ answered: 2 })).to.equal(2);
    for (const answered of [-1, 1.5, Number.NaN, "3" as unknown as number])
      expect(await answeredWith({ answered })).to.equal(0);
    expect(liveContext("prompt", { answered: 1 }, new AbortController().signal).answered).to.equal(1);
  });
});
