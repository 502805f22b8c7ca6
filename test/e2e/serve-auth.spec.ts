/**
 * `axn serve` on the example app (child process, real sockets): one authentication for `/api` and
 * `/mcp` alike — an unknown token is refused on both with the same Bearer challenge, an anonymous
 * caller reads on both, an agent's token writes on both (over MCP through the SDK's client with an
 * `Authorization` header, as the Inspector sends it) — the RFC 9728 metadata the challenge points
 * to, one Host policy (a repeated Host refused on both, `--host 127.0.0.2` reachable at the URL it
 * prints, a bad Host on `/mcp` answered as JSON-RPC even with the HTTP plugin loaded).
 */
import { expect } from "chai";
import { spawn, type ChildProcess } from "node:child_process";
import { connect } from "node:net";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { OAuthProtectedResourceMetadataSchema } from "@modelcontextprotocol/sdk/shared/auth.js";
import { axnBin, readUntil, repo } from "../support/axn-child.js";
import { echoApp, linkEchoTransport } from "../support/echo-link.js";

const config = join(repo, "docs/examples/helpdesk/axn.config.ts");
const INIT = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "e2e", version: "1" } },
};
const MCP_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };

/** One raw request with exactly these header lines (Node's clients would merge a repeated Host). */
function rawRequest(port: number, host: string, lines: readonly string[], body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, host);
    let reply = "";
    socket.on("data", (chunk) => (reply += chunk.toString()));
    socket.on("end", () => resolve(reply));
    socket.on("error", reject);
    socket.write([...lines, `Content-Length: ${Buffer.byteLength(body)}`, "Connection: close", "", body].join("\r\n"));
  });
}

describe("axn serve: one authentication and one Host policy for /api and /mcp (child process, example app)", function () {
  this.timeout(120_000);
  const children = new Set<ChildProcess>();
  afterEach(() => {
    for (const child of children) child.kill("SIGKILL");
    children.clear();
  });

  let lastBanner = "";
  const start = async (args: readonly string[] = [], configPath = config): Promise<string> => {
    const { PORT: _port, NODE_ENV: _env, ...env } = process.env;
    const child = spawn(process.execPath, [axnBin, "serve", "--config", configPath, "--port", "0", ...args], {
      cwd: repo,
      env,
    });
    children.add(child);
    lastBanner = await readUntil(child, "Press Ctrl+C to stop.\n");
    return /on (http:\/\/[\d.]+:\d+)\n/.exec(lastBanner)![1]!;
  };

  it("refuses an unknown token on /api and /mcp alike, reads anonymously on both, writes with an agent's token on both", async () => {
    const url = await start();
    const bogus = { authorization: "Bearer bogus" };
    const api = await fetch(`${url}/api/list_tickets/v1`, {
      method: "POST",
      headers: { "content-type": "application/json", ...bogus },
      body: "{}",
    });
    const mcp = await fetch(`${url}/mcp`, {
      method: "POST",
      headers: { ...MCP_HEADERS, ...bogus },
      body: JSON.stringify(INIT),
    });
    const challenge = (path: string) =>
      `Bearer error="invalid_token", error_description="Unknown token: send one of the agents' tokens (data/seed.json)", resource_metadata="${url}/.well-known/oauth-protected-resource${path}"`;
    expect([api.status, api.headers.get("www-authenticate"), await api.json()]).to.deep.equal([
      401,
      challenge("/api"),
      { error: "Unauthorized: Unknown token: send one of the agents' tokens (data/seed.json)" },
    ]);
    expect([mcp.status, mcp.headers.get("www-authenticate"), await mcp.json()]).to.deep.equal([
      401,
      challenge("/mcp"),
      {
        jsonrpc: "2.0",
        error: {
          code: -32001,
          message: "Unauthorized: Unknown token: send one of the agents' tokens (data/seed.json)",
        },
        id: null,
      },
    ]);

    // The metadata each challenge points to, as the MCP SDK's own schema reads it.
    for (const path of ["/mcp", "/api", ""]) {
      const document = (await (await fetch(`${url}/.well-known/oauth-protected-resource${path}`)).json()) as {
        resource?: string;
      };
      expect(OAuthProtectedResourceMetadataSchema.safeParse(document).success, JSON.stringify(document)).to.equal(true);
      expect(document.resource).to.equal(`${url}${path === "" ? "/mcp" : path}`);
    }

    // Anonymous: reads are open on both; a write is refused by its access policy, before it runs.
    const list = await fetch(`${url}/api/list_tickets/v1`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(list.status).to.equal(200);
    const anonymous = new Client({ name: "e2e", version: "1" });
    await anonymous.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`)));
    expect((await anonymous.callTool({ name: "list_tickets", arguments: {} })).isError).to.not.equal(true);
    expect(
      (await anonymous.callTool({ name: "assign_to_me", arguments: { ticketId: "T-1001" } })).content,
    ).to.deep.equal([{ type: "text", text: "Authentication required: sign in to call assign_to_me" }]);
    await anonymous.close();

    // An agent, over MCP with an Authorization header (what the Inspector sends) and over /api.
    const grace = new Client({ name: "e2e", version: "1" });
    await grace.connect(
      new StreamableHTTPClientTransport(new URL(`${url}/mcp`), {
        requestInit: { headers: { authorization: "Bearer grace-token" } },
      }),
    );
    const assigned = await grace.callTool({ name: "assign_to_me", arguments: { ticketId: "T-1002" } });
    expect((assigned.structuredContent as { ticket: { assigneeId: string } }).ticket.assigneeId).to.equal("ag_grace");
    await grace.close();
    const ada = await fetch(`${url}/api/assign_to_me/v1`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer ada-token" },
      body: '{"ticketId":"T-1001"}',
    });
    expect(((await ada.json()) as { ticket: { assigneeId: string } }).ticket.assigneeId).to.equal("ag_ada");
  });

  it("refuses a repeated Host header on /api and /mcp alike, and answers a bad Host on /mcp as JSON-RPC", async () => {
    const url = new URL(await start());
    const port = Number(url.port);
    const lines = (path: string) => [
      `POST ${path} HTTP/1.1`,
      `Host: ${url.host}`,
      "Host: evil.example",
      "Content-Type: application/json",
      "Accept: application/json, text/event-stream",
    ];
    const api = await rawRequest(port, url.hostname, lines("/api/list_tickets/v1"), "{}");
    const mcp = await rawRequest(port, url.hostname, lines("/mcp"), JSON.stringify(INIT));
    expect(api.split("\r\n")[0]).to.equal("HTTP/1.1 403 Forbidden");
    expect(api.endsWith('{"error":"Host not allowed"}')).to.equal(true);
    expect(mcp.split("\r\n")[0]).to.equal("HTTP/1.1 403 Forbidden");
    expect(
      mcp.endsWith(
        '{"jsonrpc":"2.0","error":{"code":-32000,"message":"Forbidden: the request has more than one Host header"},"id":null}',
      ),
    ).to.equal(true);

    // fetch will not send a Host of the caller's choosing: written by hand, as a rebinding page's request arrives.
    const bad = await rawRequest(
      port,
      url.hostname,
      [
        "POST /mcp HTTP/1.1",
        "Host: evil.example",
        "Content-Type: application/json",
        "Accept: application/json, text/event-stream",
      ],
      JSON.stringify(INIT),
    );
    expect(bad.split("\r\n")[0]).to.equal("HTTP/1.1 403 Forbidden");
    expect(
      bad.endsWith(
        '{"jsonrpc":"2.0","error":{"code":-32000,"message":"Forbidden: host \\"evil.example\\" is not allowed"},"id":null}',
      ),
    ).to.equal(true);
  });

  it("--host 127.0.0.2: the URL it prints answers on /api and /mcp", async () => {
    const url = await start(["--host", "127.0.0.2"]);
    expect(url).to.match(/^http:\/\/127\.0\.0\.2:\d+$/);
    const api = await fetch(`${url}/api/list_tickets/v1`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(api.status).to.equal(200);
    const mcp = await fetch(`${url}/mcp`, { method: "POST", headers: MCP_HEADERS, body: JSON.stringify(INIT) });
    expect(mcp.status).to.equal(200);
  });

  it("runs in production unless --dev, and says so only in development", async () => {
    await start();
    expect(lastBanner).to.not.include("Development mode");
    await start(["--dev"]);
    expect(lastBanner).to.include(
      "\nDevelopment mode (--dev or NODE_ENV=development): adapter bugs are rethrown, loud on stderr; clients still get generic errors.\n\nPress Ctrl+C to stop.\n",
    );
  });

  describe("a third-party transport gets the same policy through start({ serving })", () => {
    before(() => {
      linkEchoTransport();
    });

    it("/echo, /api and /mcp refuse the anonymous caller alike; the token is the same caller on /echo", async () => {
      const url = await start([], join(echoApp, "axn.auth.config.ts"));
      const echo = await fetch(`${url}/echo/whoami`);
      expect([echo.status, echo.headers.get("www-authenticate"), await echo.json()]).to.deep.equal([
        401,
        `Bearer resource_metadata="${url}/.well-known/oauth-protected-resource/echo"`,
        { error: "Unauthorized: send Authorization: Bearer <token>" },
      ]);
      const api = await fetch(`${url}/api/add/v1`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      const mcp = await fetch(`${url}/mcp`, { method: "POST", headers: MCP_HEADERS, body: JSON.stringify(INIT) });
      expect([api.status, mcp.status]).to.deep.equal([401, 401]);
      const me = await fetch(`${url}/echo/whoami`, { headers: { authorization: "Bearer echo-token" } });
      expect(await me.json()).to.deep.equal({ caller: "echo-user" });
      const metadata = (await (await fetch(`${url}/.well-known/oauth-protected-resource/echo`)).json()) as {
        resource: string;
      };
      expect(metadata.resource).to.equal(`${url}/echo`);
    });
  });
});
