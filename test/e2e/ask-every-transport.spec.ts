/**
 * One question, every transport (issue 31): docs/actions.md's `Ask.BookRoom`
 * (docs/examples/snippets/ask.ts, served by test/fixtures/ask) asks a confirmation and a guest's
 * name, then books — a line in a bookings file. It runs unchanged
 *
 * - over MCP 2025-11-25: an SDK 1.x `Client` against a spawned `axn serve`, answering each real
 *   `elicitation/create` request (the body waits in place);
 * - over MCP 2026-07-28: an SDK v2 `Client` pinned to that revision against the same server,
 *   answering the `input_required` rounds from the same kind of handler (the body runs again per answer);
 * - over HTTP: plain `fetch` against the same server, each question a 428 with `inputRequests`
 *   and a signed `requestState`, answered with the answers media type (the body runs again per answer);
 * - in a terminal: `axn call` in tmux, each question a prompt the person answers (the body waits in place);
 * - in a LangGraph run: `createAgent` with a `MemorySaver`, each question an `__interrupt__`
 *   resumed with `new Command({ resume })` (the body runs again per answer);
 * - as direct calls: a plain `live.elicit` handler, and @axn/sdk/testing's `scriptedAnswers` (in
 *   place) and `rerunWithAnswers` (run again per answer).
 *
 * Every transport shows the same result for the same answers — accepted, declined, cancelled —
 * asks the same questions, and books exactly once when accepted, never otherwise. `Ask.AskTwice`
 * pins `ctx.answered`: 0 where the body waits in place, 2 on the last run where it is re-run.
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
import type { AnyAxn, CallOptions, ElicitAnswer, GivenAnswer, LiveChannel } from "@axn/core";
import { LangchainAdapter } from "axn-plugin-langchain";
import { rerunWithAnswers, resetKernel, scriptedAnswers } from "@axn/sdk/testing";
import { AskTwice, BookRoom } from "../../docs/examples/snippets/ask.js";
import { axnBin, readUntil, repo } from "../support/axn-child.js";
import { Terminal, tmuxAvailable } from "../support/tmux.js";

const APP = join(repo, "test/fixtures/ask/axn.config.ts");
const BANNER = /^Serving ask-app \(2 MCP tools, 2 HTTP operations\) on (http:\/\/127\.0\.0\.1:\d+)\n/;

/** What a caller sees, the same shape from every transport: did it succeed, and the text it got. */
interface Seen {
  readonly ok: boolean;
  readonly text: string;
}

/** One transport: calls `tool` (the action, or its served name) with `args`, answering from `answers`. */
interface Transport {
  readonly name: string;
  /** Whether the body waits at its question (`ctx.answered` stays 0) or runs again per answer. */
  readonly reruns: boolean;
  /** Cases a person cannot give on this transport, and why. */
  readonly cannot?: Readonly<Record<string, string>>;
  call(
    action: AnyAxn,
    args: Record<string, unknown>,
    answers: readonly ElicitAnswer[],
  ): Promise<Seen & { asked: string[] }>;
}

/** The answers a person gives, one per question, and what every transport must then show. */
const CASES: readonly { name: string; answers: ElicitAnswer[]; seen: Seen; asked: string[]; booked: string[] }[] = [
  {
    name: "accepted",
    answers: [
      { action: "accept", content: { confirm: true } },
      { action: "accept", content: { guest: "Ada" } },
    ],
    seen: { ok: true, text: '{"booking":"Room blue booked for Ada"}' },
    asked: ["Book room blue?", "Who is it for?"],
    booked: ["blue for Ada"],
  },
  {
    name: "declined",
    answers: [{ action: "decline" }],
    seen: { ok: false, text: "Could not book the room: you answered decline" },
    asked: ["Book room blue?"],
    booked: [],
  },
  {
    name: "cancelled at the second question",
    answers: [{ action: "accept", content: { confirm: true } }, { action: "cancel" }],
    seen: { ok: false, text: "Could not book the room: you answered cancel" },
    asked: ["Book room blue?", "Who is it for?"],
    booked: [],
  },
];

/** A handler answering from `answers` in order, recording the questions it was asked. */
function answering(answers: readonly ElicitAnswer[]) {
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
}

const mcpSeen = (result: unknown): Seen => {
  const { isError, content } = result as { isError?: boolean; content: { text: string }[] };
  return { ok: isError !== true, text: content[0]?.text ?? "" };
};

/** A direct call of one of the ask app's actions (`AnyAxn` takes any arguments only as `never`). */
const callDirect = (action: AnyAxn, args: Record<string, unknown>, options: CallOptions) =>
  (action.call as (args: Record<string, unknown>, options: CallOptions) => ReturnType<AnyAxn["call"]>)(args, options);

function directSeen(result: Awaited<ReturnType<AnyAxn["call"]>>): Seen {
  return result.ok ? { ok: true, text: JSON.stringify(result.exposedValues) } : { ok: false, text: result.error ?? "" };
}

/** The MCP tool name of an action of the ask app. */
const servedName = (action: AnyAxn): string => (action === BookRoom ? "ask_book_room" : "ask_twice");

describe("one asking action on every transport: the same results, side effects once", function () {
  // A hang guard, not a budget.
  this.timeout(120_000);
  let server: ChildProcess | undefined;
  let url: URL;
  let dir: string;
  let ledger: string;

  before(async () => {
    // The terminal's cases run in tmux (installed with apt-get when missing, as CI runs as root).
    expect(tmuxAvailable(), "tmux, for the terminal's cases").to.equal(true);
    dir = mkdtempSync(join(tmpdir(), "axn-ask-"));
    ledger = join(dir, "bookings.log");
    const { PORT: _port, ...env } = process.env;
    const child = spawn(process.execPath, [axnBin, "serve", "--config", APP, "--port", "0"], {
      cwd: dir,
      env: { ...env, BOOKINGS_FILE: ledger },
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

  // In-process transports book into the same file the server does, one case at a time.
  beforeEach(() => {
    process.env.BOOKINGS_FILE = ledger;
  });
  afterEach(() => {
    delete process.env.BOOKINGS_FILE;
    resetKernel();
  });

  /** What was booked since the last look. */
  const booked = (): string[] => {
    const lines = existsSync(ledger) ? readFileSync(ledger, "utf8").split("\n").filter(Boolean) : [];
    rmSync(ledger, { force: true });
    return lines;
  };

  const TRANSPORTS: readonly Transport[] = [
    {
      name: "MCP 2025-11-25 (SDK 1.x client, axn serve): asked in place with elicitation/create",
      reruns: false,
      async call(action, args, answers) {
        const client = new LegacyClient(
          { name: "legacy-client", version: "1.0.0" },
          { capabilities: { elicitation: { form: {} } } },
        );
        const script = answering(answers);
        client.setRequestHandler(ElicitRequestSchema, (request) => script.answer(request.params.message));
        await client.connect(new LegacyTransport(url));
        try {
          return {
            ...mcpSeen(await client.callTool({ name: servedName(action), arguments: args })),
            asked: script.asked,
          };
        } finally {
          await client.close();
        }
      },
    },
    {
      name: "MCP 2026-07-28 (SDK v2 client, axn serve): input_required rounds answered by the same handler",
      reruns: true,
      async call(action, args, answers) {
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
          return {
            ...mcpSeen(await client.callTool({ name: servedName(action), arguments: args })),
            asked: script.asked,
          };
        } finally {
          await client.close();
        }
      },
    },
    {
      name: "HTTP (fetch, axn serve): a 428 per question, retried with the answers and the signed state",
      reruns: true,
      async call(action, args, answers) {
        const script = answering(answers);
        const route = `${url.origin}/api/${servedName(action)}/v1`;
        const post = (type: string, body: unknown) =>
          fetch(route, { method: "POST", headers: { "content-type": type }, body: JSON.stringify(body) });
        let response = await post("application/json", args);
        while (response.status === 428) {
          const { inputRequests, requestState } = (await response.json()) as {
            inputRequests: Record<string, { kind: string; message: string }>;
            requestState: string;
          };
          const inputResponses = Object.fromEntries(
            Object.entries(inputRequests).map(([key, { message }]) => [key, script.answer(message)]),
          );
          response = await post("application/vnd.axn.answers+json", { arguments: args, requestState, inputResponses });
        }
        const body = (await response.json()) as { error?: string };
        return response.ok
          ? { ok: true, text: JSON.stringify(body), asked: script.asked }
          : { ok: false, text: body.error ?? "", asked: script.asked };
      },
    },
    {
      name: "a terminal (axn call in tmux): each question a prompt the person answers",
      reruns: false,
      cannot: {
        declined:
          "a prompt can be answered or cancelled (Ctrl+C), not declined; --answers '\"decline\"' is test/sdk/cli-call-ask.spec.ts's",
      },
      async call(action, args, answers) {
        const term = await Terminal.start(
          `${process.execPath} ${axnBin} call ${servedName(action)} --config ${APP} --args '${JSON.stringify(args)}'`,
          { cwd: dir, env: { BOOKINGS_FILE: ledger } },
        );
        try {
          const asked: string[] = [];
          const ASKS = `${servedName(action)} asks: `;
          for (const answer of answers) {
            const screen = await term.waitFor(
              (text) => text.split(ASKS).length - 1 > asked.length && /\? .+$/.test(text),
            );
            asked.push(screen.split(ASKS).at(-1)!.split("\n")[0]!);
            if (answer.action !== "accept") {
              await term.keys("C-c");
              continue;
            }
            // One prompt per field, in the form's order: a boolean is y/n, text is typed.
            for (const value of Object.values(answer.content)) {
              await term.keys(typeof value === "boolean" ? (value ? "y" : "n") : String(value), "Enter");
            }
          }
          const screen = await term.waitFor((text) => text.includes("[exit "));
          const json = screen.slice(screen.indexOf("\n{\n") + 1, screen.lastIndexOf("\n}") + 2);
          const printed = JSON.parse(json) as { ok: boolean; exposed?: unknown; error?: string };
          return printed.ok
            ? { ok: true, text: JSON.stringify(printed.exposed), asked }
            : { ok: false, text: printed.error ?? "", asked };
        } finally {
          await term.stop();
        }
      },
    },
    {
      name: "LangGraph (createAgent + MemorySaver): an __interrupt__ per question, resumed with Command",
      reruns: true,
      async call(action, args, answers) {
        const tool = LangchainAdapter.wrap(action);
        const model = new FakeToolCallingModel({ toolCalls: [[{ name: tool.name, args, id: "call_1" }], []] });
        const agent = createAgent({ model, tools: [tool], checkpointer: new MemorySaver() });
        const thread = { configurable: { thread_id: `ask-${Math.random()}` } };
        const asked: string[] = [];
        let state = await agent.invoke({ messages: [{ role: "user", content: "go" }] }, thread);
        for (const answer of answers) {
          asked.push(...(state.__interrupt__ ?? []).map((i) => (i.value as { message: string }).message));
          state = await agent.invoke(new Command({ resume: answer }), thread);
        }
        expect(state.__interrupt__).to.equal(undefined);
        const [message, ...more] = state.messages.filter((m): m is ToolMessage => m.getType() === "tool");
        expect(more).to.deep.equal([]);
        return { ok: message?.status === "success", text: String(message?.content), asked };
      },
    },
    {
      name: "a direct call with a live.elicit handler: asked in place",
      reruns: false,
      async call(action, args, answers) {
        const script = answering(answers);
        const live: LiveChannel = { elicit: async ({ message }) => script.answer(message) };
        return { ...directSeen(await callDirect(action, args, { live })), asked: script.asked };
      },
    },
    {
      name: "@axn/sdk/testing scriptedAnswers: asked in place",
      reruns: false,
      async call(action, args, answers) {
        const live = scriptedAnswers(answers.map(given));
        return { ...directSeen(await callDirect(action, args, { live })), asked: live.asked.map((q) => q.message) };
      },
    },
    {
      name: "@axn/sdk/testing rerunWithAnswers: run again per answer",
      reruns: true,
      async call(action, args, answers) {
        const { result, runs, asked } = await rerunWithAnswers(
          (live, signal) => callDirect(action, args, { live, signal }),
          answers.map(given),
        );
        expect(runs).to.equal(answers.length + 1);
        // Every run asks again what the ones before it asked: the questions the user saw are the last run's.
        return { ...directSeen(result), asked: asked.slice(-answers.length).map((q) => q.message) };
      },
    },
  ];

  for (const transport of TRANSPORTS) {
    describe(transport.name, () => {
      for (const { name, answers, seen, asked, booked: expected } of CASES) {
        const why = transport.cannot?.[name];
        if (why !== undefined) {
          it(`${name}: not a thing a person can do here (${why})`);
          continue;
        }
        it(`${name}: ${seen.text}`, async () => {
          const outcome = await transport.call(BookRoom, { room: "blue" }, answers);
          expect(outcome).to.deep.equal({ ...seen, asked });
          expect(booked()).to.deep.equal(expected);
        });
      }

      it(`ctx.answered is ${transport.reruns ? "2 on the run that finishes" : "0: the body waited in place"}`, async () => {
        const answers: ElicitAnswer[] = [
          { action: "accept", content: { text: "one" } },
          { action: "accept", content: { text: "two" } },
        ];
        const outcome = await transport.call(AskTwice, {}, answers);
        expect(outcome).to.deep.equal({
          ok: true,
          text: JSON.stringify({ answered: transport.reruns ? 2 : 0, first: "one", second: "two" }),
          asked: ["First?", "Second?"],
        });
      });
    });
  }
});

/** A scripted answer the way a person gives one: the filled form on its own, or the choice. */
function given(answer: ElicitAnswer): GivenAnswer {
  return answer.action === "accept" ? answer.content : answer;
}
