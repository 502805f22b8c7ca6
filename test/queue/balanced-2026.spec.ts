/**
 * Stateless MCP in the 2026-07-28 era behind a real round-robin proxy: two `axn serve` instances of
 * test/queue/fixtures/sessions-app with its axn.2026.config.ts — no session store, one
 * `mcp.requestStateKey` for both — behind HAProxy (test/support/haproxy.ts). The MCP SDK v2 `Client`
 * pinned to 2026-07-28 opens no session; each of its requests is answered by whichever instance the
 * proxy picks (`x-served-by`), and each result that says which process made it is checked against
 * that instance. Tools with progress and the request's own log level; a tool asking two questions,
 * whose three rounds alternate between the instances (the `requestState` minted by one is resumed
 * by the other), also after the instance that asked is killed; resources, prompts, completions; a
 * long-running tool, called and waited for. A state minted with one key is refused by an instance
 * with another. Redis is there only for the queue (the app's config needs a connection; nothing
 * that runs here enqueues, and the change events of `subscriptions/listen` streams between the
 * instances).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  Client,
  LOG_LEVEL_META_KEY,
  PROTOCOL_VERSION_META_KEY,
  ProtocolError,
  StreamableHTTPClientTransport,
} from "@modelcontextprotocol/client";
import { expect } from "chai";
import { axnBin, exitOf, readUntil, repo } from "../support/axn-child.js";
import { startBalancer, type Balancer } from "../support/haproxy.js";
import { freePort, useRedis } from "../support/redis.js";

const fixture = fileURLToPath(new URL("./fixtures/sessions-app/", import.meta.url));
const MODERN = "2026-07-28";
const INVALID_STATE = {
  code: -32602,
  message: "Invalid or expired requestState",
  data: { reason: "invalid_request_state" },
};

interface Served {
  readonly http: string;
  readonly rpc: string;
  readonly by: string;
  /** Whether the request named an MCP session (a 2026-07-28 client never does). */
  readonly session: boolean;
}

/** The `_meta` envelope a 2026-07-28 request carries, as the v2 Client writes it. */
function envelope(capabilities: object = {}): Record<string, unknown> {
  return {
    [PROTOCOL_VERSION_META_KEY]: MODERN,
    [CLIENT_INFO_META_KEY]: { name: "balanced-2026-spec", version: "1.0.0" },
    [CLIENT_CAPABILITIES_META_KEY]: capabilities,
  };
}

/** One raw 2026-07-28 JSON-RPC request (a JSON answer), for what the spec must see byte for byte. */
async function post(
  base: string,
  token: string,
  message: { readonly id: number; readonly method: string; readonly params: Record<string, unknown> },
  capabilities: object = { elicitation: { form: {} } },
): Promise<{ readonly status: number; readonly by: string | null; readonly body: Record<string, unknown> }> {
  // The name a standard header mirrors (SEP-2243): a tool, prompt or task, or a resource's URI.
  const name = message.params["name"] ?? message.params["uri"] ?? message.params["taskId"];
  const reply = await fetch(`${base}/mcp`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": MODERN,
      "mcp-method": message.method,
      ...(typeof name === "string" ? { "mcp-name": name } : {}),
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: message.id,
      method: message.method,
      params: { ...message.params, _meta: envelope(capabilities) },
    }),
  });
  return {
    status: reply.status,
    by: reply.headers.get("x-served-by"),
    body: (await reply.json()) as Record<string, unknown>,
  };
}

describe("queue: a 2026-07-28 client through two axn serve instances behind HAProxy, no session store", function () {
  this.timeout(180_000); // a hang guard for a loaded machine, not a budget
  const redis = useRedis();
  const children: ChildProcess[] = [];
  const clients: Client[] = [];
  const balancers: Balancer[] = [];
  let balancer: Balancer;
  const ports: Record<string, number> = {};
  const instances: Record<string, ChildProcess> = {};
  /** The process id behind each instance name, read through the proxy from the HTTP route. */
  const pidOf: Record<string, number> = {};

  const serve = async (port: number, env: NodeJS.ProcessEnv = {}): Promise<ChildProcess> => {
    const { PORT: _port, ...inherited } = process.env;
    const child = spawn(process.execPath, [axnBin, "serve", "--port", String(port), "--config", "axn.2026.config.ts"], {
      cwd: fixture,
      env: { ...inherited, AXN_TEST_REDIS_URL: redis.url, AXN_TEST_QUEUE: `balanced-2026-${process.pid}`, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(child);
    await readUntil(child, "Press Ctrl+C to stop.");
    return child;
  };

  before(async function () {
    this.timeout(300_000); // a first apt-get install of haproxy, not a budget
    for (const name of ["a", "b"]) {
      ports[name] = await freePort();
      instances[name] = await serve(ports[name]!);
    }
    balancer = await startBalancer({ a: ports["a"]!, b: ports["b"]! });
    balancers.push(balancer);
    while (Object.keys(pidOf).length < 2) {
      const reply = await fetch(`${balancer.url}/api/work/v1`, {
        method: "POST",
        headers: { authorization: "Bearer token-ada", "content-type": "application/json" },
        body: JSON.stringify({ n: 0 }),
      });
      pidOf[reply.headers.get("x-served-by")!] = ((await reply.json()) as { pid: number }).pid;
    }
  });
  after(async () => {
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
    for (const proxy of balancers) await proxy.stop();
    for (const child of children) child.kill("SIGKILL");
    await Promise.all(children.map(exitOf));
  });

  /** The v2 Client pinned to 2026-07-28 through `base`, noting which instance answered each request. */
  const connect = async (
    token: string,
    answers: (message: string) => Record<string, string | boolean> | Promise<Record<string, string | boolean>>,
    base = balancer.url,
  ) => {
    const served: Served[] = [];
    const asked: string[] = [];
    const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
      fetch: async (input, init) => {
        const body = typeof init?.body === "string" ? (JSON.parse(init.body) as { method?: string }) : undefined;
        const headers = new Headers(init?.headers);
        const response = await fetch(input, init);
        served.push({
          http: init?.method ?? "GET",
          rpc: body?.method ?? "",
          by: response.headers.get("x-served-by") ?? "?",
          session: headers.has("mcp-session-id"),
        });
        return response;
      },
    });
    const client = new Client(
      { name: "balanced-2026-spec", version: "1.0.0" },
      { versionNegotiation: { mode: { pin: MODERN } }, capabilities: { elicitation: { form: {} } } },
    );
    clients.push(client);
    client.setRequestHandler("elicitation/create", async (request) => {
      asked.push(request.params.message);
      return { action: "accept", content: await answers(request.params.message) };
    });
    const logs: string[] = [];
    client.setNotificationHandler(
      "notifications/message",
      (notification) => void logs.push(`${notification.params.level}: ${String(notification.params.data)}`),
    );
    const updates: string[] = [];
    client.setNotificationHandler(
      "notifications/resources/updated",
      (notification) => void updates.push(notification.params.uri),
    );
    await client.connect(transport);
    const since = (from: number, rpc: string) =>
      served
        .slice(from)
        .filter((entry) => entry.rpc === rpc)
        .map((entry) => entry.by);
    return { client, transport, served, asked, logs, updates, since };
  };

  const paint = (message: string): Record<string, string | boolean> =>
    message.startsWith("Which colour") ? { colour: "red" } : { sure: true };

  it("opens no session: tools with progress, and the log level each request asks for, on either instance", async () => {
    const ada = await connect("token-ada", paint);
    expect([ada.client.getProtocolEra(), ada.transport.sessionId]).to.deep.equal(["modern", undefined]);
    const listed = await ada.client.listTools();
    expect(listed.tools.map((tool) => tool.name).sort()).to.deep.equal(["ask", "board", "tally", "work"]);

    const progress: string[] = [];
    const call = async (n: number, logLevel?: "warning") => {
      const before = ada.served.length;
      const result = await ada.client.callTool(
        {
          name: "work",
          arguments: { n },
          ...(logLevel === undefined ? {} : { _meta: { [LOG_LEVEL_META_KEY]: logLevel } }),
        },
        { onprogress: (p) => void progress.push(`${p.progress}/${p.total} ${p.message}`) },
      );
      const by = ada.since(before, "tools/call");
      expect(by).to.have.length(1);
      expect(result.structuredContent).to.deep.equal({ n, pid: pidOf[by[0]!] });
      return by[0]!;
    };

    // No log level asked: progress, and no log at all.
    const quiet = [];
    for (let n = 0; n < 4; n++) quiet.push(await call(n));
    expect(new Set(quiet)).to.deep.equal(new Set(["a", "b"]));
    expect(progress).to.deep.equal(
      Array.from({ length: 4 }, (_, n) => [`1/2 started ${n}`, `2/2 finished ${n}`]).flat(),
    );
    expect(ada.logs).to.deep.equal([]);

    // Each request carries its level: "warning" on both instances, the debug line filtered on both.
    const leveled = [];
    for (let n = 4; n < 8; n++) leveled.push(await call(n, "warning"));
    expect(new Set(leveled)).to.deep.equal(new Set(["a", "b"]));
    expect(ada.logs).to.deep.equal(leveled.map((by, i) => `warning: work ${4 + i} on ${pidOf[by]}`));

    // Every request a POST naming no session: nothing for an instance to keep between them.
    expect(ada.served.every((entry) => entry.http === "POST" && !entry.session)).to.equal(true);
    expect(ada.transport.sessionId).to.equal(undefined);
  });

  it("a question in each round: every retry lands on the other instance, which resumes the call from its requestState", async () => {
    const ada = await connect("token-ada", paint);
    for (const topic of ["door", "fence"]) {
      const before = ada.served.length;
      const asked = ada.asked.length;
      const result = await ada.client.callTool({ name: "ask", arguments: { topic } });
      // Three rounds (two questions, then the answer), each on the other instance than the one before.
      const rounds = ada.since(before, "tools/call");
      expect(rounds).to.have.length(3);
      expect([rounds[0] !== rounds[1], rounds[1] !== rounds[2]]).to.deep.equal([true, true]);
      expect(ada.asked.slice(asked)).to.deep.equal([`Which colour for ${topic}?`, `Paint ${topic} red?`]);
      expect(result.structuredContent).to.deep.equal({ topic, colour: "red", sure: true, pid: pidOf[rounds[2]!] });
    }
  });

  /** The first round of `ask` on one instance, answered directly (not through the proxy): the retry's params. */
  const mintedOn = async (base: string) => {
    const ask = { name: "ask", arguments: { topic: "gate" } };
    const first = await post(base, "token-ada", { id: 1, method: "tools/call", params: ask });
    expect(first.status).to.equal(200);
    const minted = first.body["result"] as { resultType: string; requestState: string; inputRequests: object };
    expect([minted.resultType, Object.keys(minted.inputRequests)]).to.deep.equal(["input_required", ["q0"]]);
    return {
      ...ask,
      inputResponses: { q0: { action: "accept", content: { colour: "green" } } },
      requestState: minted.requestState,
    };
  };
  const direct = (port: number) => `http://127.0.0.1:${port}`;

  it("a requestState minted by one instance: resumed by another with the same key, refused by one with another key", async () => {
    // A third instance of the same app with a key of its own.
    const portC = await freePort();
    await serve(portC, { AXN_TEST_REQUEST_STATE_KEY: "another key, for the instance that was set up apart" });
    const retry = await mintedOn(direct(ports["a"]!));

    // The same key: b resumes what a minted, and asks the second question.
    const resumed = await post(direct(ports["b"]!), "token-ada", { id: 2, method: "tools/call", params: retry });
    const next = resumed.body["result"] as {
      resultType: string;
      inputRequests: Record<string, { params: { message: string } }>;
    };
    expect(next.resultType).to.equal("input_required");
    expect(Object.entries(next.inputRequests).map(([key, request]) => [key, request.params.message])).to.deep.equal([
      ["q1", "Paint gate green?"],
    ]);

    // Another key: c refuses the state a signed, with the SDK's own answer.
    const foreign = await post(direct(portC), "token-ada", { id: 3, method: "tools/call", params: retry });
    expect([foreign.status, foreign.body]).to.deep.equal([200, { jsonrpc: "2.0", id: 3, error: INVALID_STATE }]);

    // What a client sees behind a proxy whose instances do not share the key: its retry is refused.
    const mixed = await startBalancer({ a: ports["a"]!, c: portC });
    balancers.push(mixed);
    const misconfigured = await connect("token-ada", paint, mixed.url);
    const refused = await misconfigured.client.callTool({ name: "ask", arguments: { topic: "gate" } }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).to.be.instanceOf(ProtocolError);
    const { code, message, data } = refused as ProtocolError;
    expect({ code, message, data }).to.deep.equal(INVALID_STATE);
    expect(new Set(misconfigured.since(0, "tools/call"))).to.deep.equal(new Set(["a", "c"]));
  });

  it("a requestState replayed by another principal on another instance is refused as a forged one is", async () => {
    const retry = await mintedOn(direct(ports["a"]!));
    const replayed = await post(direct(ports["b"]!), "token-bob", { id: 2, method: "tools/call", params: retry });
    expect([replayed.status, replayed.body]).to.deep.equal([200, { jsonrpc: "2.0", id: 2, error: INVALID_STATE }]);
  });

  it("resources, prompts and completions from either instance; subscriptions/listen is acknowledged through the proxy", async () => {
    const ada = await connect("token-ada", paint);
    const answered = (rpc: string) => new Set(ada.since(0, rpc));
    for (let i = 0; i < 2; i++) {
      expect((await ada.client.listResources()).resources).to.deep.equal([{ name: "Board", uri: "board://main" }]);
    }
    for (let i = 0; i < 2; i++) {
      const before = ada.served.length;
      const read = await ada.client.readResource({ uri: "board://main" });
      const [by] = ada.since(before, "resources/read");
      expect(read.contents).to.deep.equal([
        { uri: "board://main", mimeType: "text/plain", text: `board of ${pidOf[by!]}` },
      ]);
    }
    for (let i = 0; i < 2; i++) {
      expect((await ada.client.listPrompts()).prompts).to.deep.equal([
        {
          name: "briefing",
          description: "A briefing on one board",
          arguments: [{ name: "board", description: "The board's name", required: true }],
        },
      ]);
    }
    for (let i = 0; i < 2; i++) {
      const before = ada.served.length;
      const prompt = await ada.client.getPrompt({ name: "briefing", arguments: { board: "main" } });
      const [by] = ada.since(before, "prompts/get");
      expect(prompt.messages).to.deep.equal([
        { role: "user", content: { type: "text", text: `Brief me on board main (rendered by ${pidOf[by!]})` } },
      ]);
    }
    for (const [value, values] of [
      ["ma", ["main", "maintenance", "marketing"]],
      ["mai", ["main", "maintenance"]],
    ] as const) {
      const completed = await ada.client.complete({
        ref: { type: "ref/prompt", name: "briefing" },
        argument: { name: "board", value },
      });
      expect(completed.completion).to.deep.equal({ values, total: values.length, hasMore: false });
    }
    for (const rpc of ["resources/list", "resources/read", "prompts/list", "prompts/get", "completion/complete"])
      expect(answered(rpc), rpc).to.deep.equal(new Set(["a", "b"]));

    const subscription = await ada.client.listen({ resourceSubscriptions: ["board://main"] });
    try {
      expect(subscription.honoredFilter).to.deep.equal({ resourceSubscriptions: ["board://main"] });
    } finally {
      await subscription.close();
    }
  });

  // The app's Redis (queue.connection) carries the change events between the instances.
  it("subscriptions/listen: an update made on either instance reaches the listener, once", async () => {
    const ada = await connect("token-ada", paint);
    const subscription = await ada.client.listen({ resourceSubscriptions: ["board://main"] });
    try {
      const posted = new Set<string>();
      for (let i = 0; i < 4; i++) {
        const before = ada.served.length;
        await ada.client.callTool({ name: "board", arguments: {} });
        posted.add(ada.since(before, "tools/call")[0]!);
        while (ada.updates.length < i + 1) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(posted).to.deep.equal(new Set(["a", "b"]));
      expect(ada.updates).to.deep.equal(["board://main", "board://main", "board://main", "board://main"]);
    } finally {
      await subscription.close();
    }
  });

  it("a long-running tool: called and waited for on either instance, with its progress (no task, no worker)", async () => {
    const ada = await connect("token-ada", paint);
    const progress: string[] = [];
    const by = [];
    for (let i = 0; i < 2; i++) {
      const before = ada.served.length;
      const result = await ada.client.callTool(
        { name: "tally", arguments: { numbers: [1, 2, i] } },
        { onprogress: (p) => void progress.push(`${p.progress}/${p.total} ${p.message}`) },
      );
      const [served] = ada.since(before, "tools/call");
      by.push(served!);
      expect(result.structuredContent).to.deep.equal({ sum: 3 + i, pid: pidOf[served!] });
    }
    expect(new Set(by)).to.deep.equal(new Set(["a", "b"]));
    expect(progress).to.deep.equal(["1/2 adding", "2/2 added", "1/2 adding", "2/2 added"]);
  });

  it("tasks: a long-running tool's task created through one instance is read back through the other", async () => {
    const worker = spawn(process.execPath, [axnBin, "worker", "--config", "axn.2026.config.ts"], {
      cwd: fixture,
      env: { ...process.env, AXN_TEST_REDIS_URL: redis.url, AXN_TEST_QUEUE: `balanced-2026-${process.pid}` },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(worker);
    await readUntil(worker, "(Ctrl+C to stop)");
    const tasks = { extensions: { "io.modelcontextprotocol/tasks": {} } };
    const call = { name: "tally", arguments: { numbers: [4, 5] } };
    const created = await post(balancer.url, "token-ada", { id: 1, method: "tools/call", params: call }, tasks);
    const task = created.body["result"] as { resultType: string; taskId: string; status: string };
    expect([task.resultType, task.status]).to.deep.equal(["task", "working"]);
    const readers = new Set<string>();
    for (let id = 2; ; id++) {
      const got = await post(
        balancer.url,
        "token-ada",
        { id, method: "tasks/get", params: { taskId: task.taskId } },
        tasks,
      );
      readers.add(got.by!);
      const read = got.body["result"] as { status: string; result?: { structuredContent?: unknown } } | undefined;
      if (read === undefined) throw new Error(`tasks/get answered ${JSON.stringify(got.body)}`);
      if (read.status === "completed") {
        expect(read.result?.structuredContent).to.deep.equal({ sum: 9, pid: worker.pid });
        break;
      }
      expect(read.status).to.equal("working");
    }
    expect(readers.has(created.by === "a" ? "b" : "a")).to.equal(true);
  });

  it("the instance that asked is killed before the answer: the survivor resumes the call", async () => {
    // Killed from the client's own elicitation handler, after the first round and before its retry.
    let killed: string | undefined;
    const ada = await connect("token-ada", async (message) => {
      if (killed === undefined) {
        killed = ada.since(0, "tools/call").at(-1)!;
        instances[killed]!.kill("SIGKILL");
        await exitOf(instances[killed]!);
        await balancer!.down(killed);
      }
      return paint(message);
    });
    const result = await ada.client.callTool({ name: "ask", arguments: { topic: "roof" } });
    const survivor = killed === "a" ? "b" : "a";
    const rounds = ada.since(0, "tools/call");
    expect(rounds).to.deep.equal([killed, survivor, survivor]);
    expect(result.structuredContent).to.deep.equal({ topic: "roof", colour: "red", sure: true, pid: pidOf[survivor] });
  });
});

/**
 * A task that asks, with its job on an `axn worker` (BullMQ) and its task on two `axn serve`
 * instances behind HAProxy, no session store: an app of one long-running tool whose body asks,
 * written to a temporary folder (its node_modules the repository's). The task is created through
 * one instance, its `input_required` read and answered through the other, and the resumed job runs
 * on the worker; another principal is told the task does not exist.
 */
describe("queue: a 2026-07-28 task that asks, across two instances and a worker behind HAProxy", function () {
  this.timeout(180_000); // a hang guard for a loaded machine, not a budget
  const redis = useRedis();
  const children: ChildProcess[] = [];
  const ports: Record<string, number> = {};
  let balancer: Balancer | undefined;
  let worker: ChildProcess;
  let app: string;
  const asking = { elicitation: { form: {} }, extensions: { "io.modelcontextprotocol/tasks": {} } };

  const spawnAxn = async (args: readonly string[], marker: string): Promise<ChildProcess> => {
    const { PORT: _port, ...inherited } = process.env;
    const child = spawn(process.execPath, [axnBin, ...args], {
      cwd: app,
      env: { ...inherited, AXN_TEST_REDIS_URL: redis.url, AXN_TEST_QUEUE: `ask-tasks-${process.pid}` },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(child);
    await readUntil(child, marker);
    return child;
  };

  before(async function () {
    this.timeout(300_000); // a first apt-get install of haproxy, not a budget
    app = mkdtempSync(join(tmpdir(), "axn-ask-tasks-"));
    symlinkSync(join(repo, "node_modules"), join(app, "node_modules"), "dir");
    mkdirSync(join(app, "tools"));
    writeFileSync(join(app, "package.json"), JSON.stringify({ name: "ask-tasks", type: "module", private: true }));
    writeFileSync(
      join(app, "axn.config.ts"),
      [
        'import { defineConfig } from "@axn/sdk";',
        'import { staticTokens } from "@axn/sdk/auth";',
        'import type {} from "axn-plugin-mcp";',
        "export default defineConfig({",
        '  plugins: ["mcp"],',
        '  mcp: { toolRoots: ["tools"] },',
        '  serve: { authenticate: staticTokens({ "token-ada": { id: "ada" }, "token-bob": { id: "bob" } }) },',
        '  queue: { connection: process.env["AXN_TEST_REDIS_URL"]!, name: process.env["AXN_TEST_QUEUE"]!, prefix: "ask-tasks" },',
        "});",
        "",
      ].join("\n"),
    );
    writeFileSync(
      join(app, "tools/confirm.ts"),
      [
        'import { defineAxn } from "@axn/core";',
        'import { z } from "zod";',
        "export const Confirm = defineAxn({",
        '  name: "AskTasks.Confirm",',
        "  longRunning: true,",
        "  expects: { file: z.string() },",
        "  exposes: { said: z.string(), pid: z.number() },",
        "  call: async ({ file }, ctx) => {",
        '    const answer = await ctx.elicit("Delete " + file + "?", { go: { schema: z.boolean() } });',
        '    const said = (answer.action === "accept" && answer.content.go ? "deleted " : "kept ") + file;',
        "    return { said, pid: process.pid };",
        "  },",
        "});",
        "",
      ].join("\n"),
    );
    for (const name of ["a", "b"]) {
      ports[name] = await freePort();
      await spawnAxn(["serve", "--port", String(ports[name])], "Press Ctrl+C to stop.");
    }
    worker = await spawnAxn(["worker"], "(Ctrl+C to stop)");
    balancer = await startBalancer({ a: ports["a"]!, b: ports["b"]! });
  });
  after(async () => {
    await balancer?.stop();
    for (const child of children) child.kill("SIGKILL");
    await Promise.all(children.map(exitOf));
    if (app !== undefined) rmSync(app, { recursive: true, force: true });
  });

  it("created through one instance, answered through the other, run on the worker in both rounds", async () => {
    let id = 0;
    const direct = (name: string) => `http://127.0.0.1:${ports[name]}`;
    const send = (base: string, method: string, params: Record<string, unknown>, token = "token-ada") =>
      post(base, token, { id: ++id, method, params }, asking);
    const created = await send(balancer!.url, "tools/call", { name: "confirm", arguments: { file: "ledger.csv" } });
    const task = created.body["result"] as { resultType: string; taskId: string };
    expect(task.resultType).to.equal("task");
    const other = direct(created.by === "a" ? "b" : "a");
    const until = async (base: string, status: string) => {
      for (;;) {
        const got = (await send(base, "tasks/get", { taskId: task.taskId })).body["result"] as Record<string, unknown>;
        if (got["status"] === status) return got;
        expect(got["status"]).to.equal("working");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const waiting = await until(other, "input_required");
    expect(waiting["inputRequests"]).to.deep.equal({
      q0: {
        method: "elicitation/create",
        params: {
          mode: "form",
          message: "Delete ledger.csv?",
          requestedSchema: { type: "object", properties: { go: { type: "boolean" } }, required: ["go"] },
        },
      },
    });
    const answer = { taskId: task.taskId, inputResponses: { q0: { action: "accept", content: { go: true } } } };
    const stranger = await send(other, "tasks/update", answer, "token-bob");
    expect(stranger.body["error"]).to.deep.equal({
      code: -32602,
      message: `Task not found: ${task.taskId} (it was never created for this caller, or it expired)`,
    });
    const ack = await send(other, "tasks/update", answer);
    expect((ack.body["result"] as { resultType: string }).resultType).to.equal("complete");
    const done = await until(direct(created.by!), "completed");
    expect((done["result"] as { structuredContent: unknown }).structuredContent).to.deep.equal({
      said: "deleted ledger.csv",
      pid: worker.pid,
    });
  });
});
