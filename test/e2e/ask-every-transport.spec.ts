/**
 * One question, every transport (issue 31): the ask app's `Ask.BookRoom` (test/fixtures/ask) asks
 * a confirmation and a guest's name, then books — a line in a ledger file. It runs, unchanged,
 *
 * - over MCP 2025-11-25: an SDK 1.x `Client` against a spawned `axn serve`, answering each real
 *   `elicitation/create` request (the body waits in place);
 * - over MCP 2026-07-28: an SDK v2 `Client` pinned to that revision against the same server,
 *   answering the `input_required` rounds from the same handler (the body runs again per answer);
 * - in a LangGraph run: `createAgent` with a `MemorySaver`, each question an `__interrupt__`
 *   resumed with `new Command({ resume })` (the body runs again per answer);
 * - as a direct call: a plain `live.elicit` handler, `scriptedAnswers`, and `rerunWithAnswers`.
 *
 * Every transport gives the same result for the same answers — accepted, declined, cancelled — and
 * the booking happens exactly once when accepted, never otherwise; the body ran as often as the
 * transport needed (pinned per transport, so the "once in place, again per answer" contract of
 * docs/actions.md holds as written).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from "@modelcontextprotocol/client";
import { Client as LegacyClient } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as LegacyTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { Command, MemorySaver } from "@langchain/langgraph";
import type { ToolMessage } from "@langchain/core/messages";
import { createAgent, FakeToolCallingModel } from "langchain";
import { expect } from "chai";
import type { ElicitAnswer, GivenAnswer } from "@axn/core";
import { LangchainAdapter } from "axn-plugin-langchain";
import { rerunWithAnswers, resetKernel, scriptedAnswers } from "@axn/sdk/testing";
import { BookRoom } from "../fixtures/ask/tools/book-room.js";
import { axnBin, readUntil, repo } from "../support/axn-child.js";

const APP = join(repo, "test/fixtures/ask/axn.config.ts");
const BANNER = /^Serving ask-app \(1 MCP tool\) on (http:\/\/127\.0\.0\.1:\d+)\n/;

/** What a caller sees, the same shape from every transport. */
interface Seen {
  readonly ok: boolean;
  readonly text: string;
}

/** The answers a person gives, one per question, and what every transport must then show. */
const CASES: readonly { name: string; answers: ElicitAnswer[]; seen: Seen; booked: string[] }[] = [
  {
    name: "accepted",
    answers: [
      { action: "accept", content: { confirm: true } },
      { action: "accept", content: { guest: "Ada" } },
    ],
    seen: { ok: true, text: '{"booking":"Room blue booked for Ada"}' },
    booked: ["blue for Ada"],
  },
  {
    name: "declined",
    answers: [{ action: "decline" }],
    seen: { ok: false, text: "Could not book the room: you answered decline" },
    booked: [],
  },
  {
    name: "cancelled at the second question",
    answers: [{ action: "accept", content: { confirm: true } }, { action: "cancel" }],
    seen: { ok: false, text: "Could not book the room: you answered cancel" },
    booked: [],
  },
];

/**
 * The body's runs for a case of `n` answers, each noted with its `ctx.answered`: one run that waits
 * in place, or — where the transport re-runs it — one more per answer, each starting with one more.
 */
const IN_PLACE = (): string[] => ["0"];
const RE_RUN = (answers: number): string[] => Array.from({ length: answers + 1 }, (_, i) => String(i));

describe("one asking action on every transport: the same results, side effects once", function () {
  // A hang guard, not a budget.
  this.timeout(120_000);
  let server: ChildProcess | undefined;
  let url: URL;
  let dir: string;
  let ledger: string;
  let runsFile: string;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "axn-ask-"));
    ledger = join(dir, "served.ledger");
    runsFile = join(dir, "served.runs");
    const { PORT: _port, ...env } = process.env;
    const child = spawn(process.execPath, [axnBin, "serve", "--config", APP, "--port", "0"], {
      cwd: dir,
      env: { ...env, ASK_LEDGER: ledger, ASK_RUNS: runsFile },
    });
    server = child;
    const banner = await readUntil(child, "Press Ctrl+C to stop.\n");
    const origin = BANNER.exec(banner)?.[1];
    expect(origin, banner).to.be.a("string");
    url = new URL(`${origin}/mcp`);
  });

  after(() => {
    server?.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  });

  afterEach(resetKernel);

  /** A ledger's lines, the file removed for the next case. */
  const take = (file: string): string[] => {
    const lines = existsSync(file) ? readFileSync(file, "utf8").split("\n").filter(Boolean) : [];
    rmSync(file, { force: true });
    return lines;
  };
  /** What the served app booked, and the `ctx.answered` of each run of its body. */
  const served = (): { booked: string[]; runs: string[] } => ({ booked: take(ledger), runs: take(runsFile) });

  /** Runs `call` in this process with the ledgers at fresh files; what it booked, and its body's runs. */
  const inProcess = async <T>(call: () => Promise<T>): Promise<{ value: T; booked: string[]; runs: string[] }> => {
    process.env.ASK_LEDGER = join(dir, "local.ledger");
    process.env.ASK_RUNS = join(dir, "local.runs");
    try {
      const value = await call();
      return { value, booked: take(process.env.ASK_LEDGER), runs: take(process.env.ASK_RUNS) };
    } finally {
      delete process.env.ASK_LEDGER;
      delete process.env.ASK_RUNS;
    }
  };

  /** A handler answering from `answers` in order, counting the questions it was asked. */
  const answering = (answers: readonly ElicitAnswer[]) => {
    const asked: string[] = [];
    return {
      asked,
      answer: (message: string): ElicitAnswer => {
        asked.push(message);
        const answer = answers[asked.length - 1];
        if (answer === undefined) throw new Error(`asked more than scripted: ${message}`);
        return answer;
      },
    };
  };

  const mcpSeen = (result: { isError?: boolean; content: unknown }): Seen => {
    const [first] = result.content as { type: string; text: string }[];
    return { ok: result.isError !== true, text: first?.text ?? "" };
  };

  for (const { name, answers, seen, booked } of CASES) {
    const questions = answers.length;
    const expectedQuestions = ["Book room blue?", ...(answers[0]?.action === "accept" ? ["Who is it for?"] : [])].slice(
      0,
      questions,
    );

    describe(name, () => {
      it("MCP 2025-11-25 (SDK 1.x client, axn serve): asked in place", async () => {
        const client = new LegacyClient(
          { name: "legacy-client", version: "1.0.0" },
          { capabilities: { elicitation: { form: {} } } },
        );
        const script = answering(answers);
        client.setRequestHandler(ElicitRequestSchema, (request) => script.answer(request.params.message));
        await client.connect(new LegacyTransport(url));
        try {
          const result = await client.callTool({ name: "book_room", arguments: { room: "blue" } });
          expect(mcpSeen(result as never)).to.deep.equal(seen);
          expect(script.asked).to.deep.equal(expectedQuestions);
          expect(served()).to.deep.equal({ booked, runs: IN_PLACE() });
        } finally {
          await client.close();
        }
      });

      it("MCP 2026-07-28 (SDK v2 client, axn serve): input_required rounds, answered from the same handler", async () => {
        const client = new ModernClient(
          { name: "modern-client", version: "1.0.0" },
          { versionNegotiation: { mode: { pin: "2026-07-28" } }, capabilities: { elicitation: { form: {} } } },
        );
        const script = answering(answers);
        // The SDK types a form answer's values as primitives; the scripted answers are.
        client.setRequestHandler("elicitation/create", (request) => script.answer(request.params.message) as never);
        await client.connect(new ModernTransport(url));
        try {
          expect(client.getProtocolEra()).to.equal("modern");
          const result = await client.callTool({ name: "book_room", arguments: { room: "blue" } });
          expect(mcpSeen(result as never)).to.deep.equal(seen);
          expect(script.asked).to.deep.equal(expectedQuestions);
          expect(served()).to.deep.equal({ booked, runs: RE_RUN(questions) });
        } finally {
          await client.close();
        }
      });

      it("LangGraph (createAgent + MemorySaver): an interrupt per question, resumed with Command", async () => {
        const tool = LangchainAdapter.wrap(BookRoom);
        const {
          value,
          booked: local,
          runs,
        } = await inProcess(async () => {
          const model = new FakeToolCallingModel({
            toolCalls: [[{ name: tool.name, args: { room: "blue" }, id: "call_1" }], []],
          });
          const agent = createAgent({ model, tools: [tool], checkpointer: new MemorySaver() });
          const thread = { configurable: { thread_id: `ask-${name}` } };
          const interrupts: unknown[] = [];
          let state = await agent.invoke({ messages: [{ role: "user", content: "book blue" }] }, thread);
          for (const answer of answers) {
            interrupts.push(...(state.__interrupt__ ?? []).map((i) => (i.value as { message: string }).message));
            state = await agent.invoke(new Command({ resume: answer }), thread);
          }
          expect(state.__interrupt__).to.equal(undefined);
          const messages = state.messages.filter((m): m is ToolMessage => m.getType() === "tool");
          return { interrupts, messages: messages.map((m) => ({ ok: m.status === "success", text: m.content })) };
        });
        expect(value.messages).to.deep.equal([seen]);
        expect(value.interrupts).to.deep.equal(expectedQuestions);
        expect({ booked: local, runs }).to.deep.equal({ booked, runs: RE_RUN(questions) });
      });

      it("a direct call with a live.elicit handler: asked in place", async () => {
        const script = answering(answers);
        const {
          value,
          booked: local,
          runs,
        } = await inProcess(() =>
          BookRoom.call({ room: "blue" }, { live: { elicit: async ({ message }) => script.answer(message) } }),
        );
        expect(directSeen(value)).to.deep.equal(seen);
        expect(script.asked).to.deep.equal(expectedQuestions);
        expect({ booked: local, runs }).to.deep.equal({ booked, runs: IN_PLACE() });
      });

      it("the testing helpers: scriptedAnswers in place, rerunWithAnswers as a re-running transport", async () => {
        const given: GivenAnswer[] = answers.map((answer) => (answer.action === "accept" ? answer.content : answer));
        const live = scriptedAnswers(given);
        const inPlace = await inProcess(() => BookRoom.call({ room: "blue" }, { live }));
        expect(directSeen(inPlace.value)).to.deep.equal(seen);
        expect(live.asked.map((q) => q.message)).to.deep.equal(expectedQuestions);
        expect({ booked: inPlace.booked, runs: inPlace.runs }).to.deep.equal({ booked, runs: IN_PLACE() });

        const rerun = await inProcess(() =>
          rerunWithAnswers((channel, signal) => BookRoom.call({ room: "blue" }, { live: channel, signal }), given),
        );
        expect(directSeen(rerun.value.result)).to.deep.equal(seen);
        expect(rerun.value.runs).to.equal(questions + 1);
        expect({ booked: rerun.booked, runs: rerun.runs }).to.deep.equal({ booked, runs: RE_RUN(questions) });
      });
    });
  }
});

function directSeen(result: Awaited<ReturnType<typeof BookRoom.call>>): Seen {
  return result.ok
    ? { ok: true, text: JSON.stringify({ booking: result.booking }) }
    : { ok: false, text: result.error ?? "" };
}
