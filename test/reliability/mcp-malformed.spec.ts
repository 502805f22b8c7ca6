/**
 * Malformed MCP requests under `axn serve` in production (child process, Streamable HTTP on
 * loopback, raw `fetch`), in both eras: every refusal the MCP SDK makes of a request's params —
 * its codec's dump, its "Invalid params for …" line, and the zod issues it sends as an *internal*
 * error for the methods `McpServer` handles — reaches the client as one `-32602` line naming the
 * method and the parameter, with no word of the parser's; and a client's mistake leaves the
 * server's log empty (the SDK's entry reports each refusal it answers: they are not faults).
 */
import { expect } from "chai";
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { axnBin, readUntil, repo } from "../support/axn-child.js";

const fixture = join(repo, "test/fixtures/mcp-malformed");
const MODERN = "2026-07-28";
const ENVELOPE = {
  "io.modelcontextprotocol/protocolVersion": MODERN,
  "io.modelcontextprotocol/clientInfo": { name: "malformed-spec", version: "1.0.0" },
  "io.modelcontextprotocol/clientCapabilities": {},
};

const malformed = (method: string, path: string): string =>
  `Invalid params: ${method} has a malformed ${path}; see the method's schema in the MCP specification`;

/** The requests both eras refuse alike, and the line each gets. */
const CASES: readonly (readonly [method: string, params: Record<string, unknown>, message: string])[] = [
  ["resources/read", {}, malformed("resources/read", "params.uri")],
  ["resources/read", { uri: 5 }, malformed("resources/read", "params.uri")],
  ["prompts/get", {}, malformed("prompts/get", "params.name")],
  ["completion/complete", {}, malformed("completion/complete", "params.ref")],
  [
    "completion/complete",
    { ref: { type: "ref/prompt", name: "greet" }, argument: {} },
    malformed("completion/complete", "params.argument.name"),
  ],
  ["tools/list", { cursor: 5 }, malformed("tools/list", "params.cursor")],
  ["tools/call", {}, "Invalid params: tools/call needs params.name, the name of a tool from tools/list"],
];

/** Only a 2025-11-25 session has these: tasks on the session, its own log level. */
const SESSION_CASES: typeof CASES = [
  ["tasks/get", {}, malformed("tasks/get", "params.taskId")],
  ["tasks/get", { taskId: 5 }, malformed("tasks/get", "params.taskId")],
  ["tasks/result", {}, malformed("tasks/result", "params.taskId")],
  ["tasks/cancel", {}, malformed("tasks/cancel", "params.taskId")],
  ["prompts/get", { name: "greet", arguments: { who: 5 } }, malformed("prompts/get", "params.arguments.who")],
  ["logging/setLevel", { level: "loud" }, malformed("logging/setLevel", "params.level")],
  ["resources/subscribe", {}, malformed("resources/subscribe", "params.uri")],
];

/** A JSON-RPC answer (an empty one for a notification's 202). */
interface Reply {
  readonly jsonrpc?: string;
  readonly id?: number;
  readonly error?: { readonly code: number; readonly message: string };
}

describe("axn serve in production: malformed MCP params are one clean -32602 line in both eras (child process)", function () {
  this.timeout(120_000); // a hang guard for a loaded machine, not a budget
  let child: ChildProcess;
  let url: string;
  let stderr = "";
  before(async () => {
    const { PORT: _port, ...env } = process.env;
    child = spawn(process.execPath, [axnBin, "serve", "--port", "0"], {
      cwd: fixture,
      env: { ...env, NODE_ENV: "production" },
    });
    child.stderr!.on("data", (chunk: Buffer) => void (stderr += chunk.toString()));
    const banner = await readUntil(child, "Press Ctrl+C to stop.\n");
    url = `${/on (http:\/\/[\d.]+:\d+)\n/.exec(banner)![1]!}/mcp`;
  });
  after(() => child.kill("SIGKILL"));

  /** One JSON-RPC exchange; the answer whether it came as JSON or as one SSE event. */
  async function post(
    body: object,
    headers: Record<string, string>,
  ): Promise<{ session: string | null; reply: Reply }> {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    const json = text.startsWith("{")
      ? text
      : (text.split("\n").find((line) => line.startsWith("data: ")) ?? "").slice(6);
    return { session: response.headers.get("mcp-session-id"), reply: (json === "" ? {} : JSON.parse(json)) as Reply };
  }

  it("2025-11-25 (a session): every malformed params answered -32602 naming the method and the parameter", async () => {
    const opened = await post(
      {
        jsonrpc: "2.0",
        id: 0,
        method: "initialize",
        params: {
          protocolVersion: "2025-11-25",
          capabilities: {},
          clientInfo: { name: "malformed-spec", version: "1" },
        },
      },
      {},
    );
    const headers = { "mcp-session-id": opened.session!, "mcp-protocol-version": "2025-11-25" };
    await post({ jsonrpc: "2.0", method: "notifications/initialized" }, headers);
    let id = 1;
    for (const [method, params, message] of [...CASES, ...SESSION_CASES]) {
      const { reply } = await post({ jsonrpc: "2.0", id, method, params }, headers);
      expect(reply, `${method} ${JSON.stringify(params)}`).to.deep.equal({
        jsonrpc: "2.0",
        id: id++,
        error: { code: -32602, message },
      });
    }
  });

  it("2026-07-28 (no session): the same requests get the same lines", async () => {
    let id = 1;
    for (const [method, params, message] of CASES) {
      const { reply } = await post(
        { jsonrpc: "2.0", id, method, params: { ...params, _meta: ENVELOPE } },
        { "mcp-protocol-version": MODERN, "mcp-method": method },
      );
      expect(reply, `${method} ${JSON.stringify(params)}`).to.deep.equal({
        jsonrpc: "2.0",
        id: id++,
        error: { code: -32602, message },
      });
    }
  });

  it("a request the SDK's entry refuses for the client's mistake is answered, and the server logs nothing", async () => {
    // The body names a prompt the headers do not: -32020, HTTP 400 — the client's fault, not the server's.
    const { reply } = await post(
      { jsonrpc: "2.0", id: 9, method: "prompts/get", params: { name: "greet", arguments: {}, _meta: ENVELOPE } },
      { "mcp-protocol-version": MODERN, "mcp-method": "prompts/get" },
    );
    expect(reply.error?.code).to.equal(-32020);
    expect(stderr).to.equal("");
  });
});
