/**
 * `axn serve` serving a third-party transport (issue 20, "Done when"): the echo app lists the
 * shipped MCP and HTTP plugins beside axn-plugin-echo-transport — a package of its own under
 * test/fixtures/plugins/, outside plugins/ and outside the workspaces — which `before` installs into
 * the app's node_modules the way `npm install <folder>` does (a symlink). The real CLI runs as a
 * child process, from another folder, with `--config`; the spec reaches the echo endpoint, the
 * HTTP API, the OpenAPI document and MCP (the SDK's own client) over loopback HTTP and stdio.
 */
import { expect } from "chai";
import { spawn, type ChildProcess } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { axnBin, exitOf, readUntil, repo, runAxn } from "../support/axn-child.js";
import { echoApp, linkEchoTransport } from "../support/echo-link.js";

const app = echoApp;
const config = join(app, "axn.config.ts");
const TOOL_NAMES = ["add", "greet"];

describe("axn serve with a third-party transport plugin (child process, echo app)", function () {
  // A hang guard, not a budget: each case starts the CLI and waits for it, however long that takes.
  this.timeout(120_000);
  const children = new Set<ChildProcess>();

  before(() => {
    linkEchoTransport();
  });

  afterEach(() => {
    for (const child of children) child.kill("SIGKILL");
    children.clear();
  });

  const serve = (args: readonly string[]): ChildProcess => {
    const { PORT: _port, INIT_CWD: _initCwd, ...env } = process.env;
    const child = spawn(process.execPath, [axnBin, "serve", "--config", config, ...args], { cwd: tmpdir(), env });
    children.add(child);
    return child;
  };

  it("mounts the echo transport beside /api and /mcp on one port, with its flag, and stops them all on SIGTERM", async () => {
    const server = serve(["--port", "0", "--echo-greeting", "hi"]);
    let stderr = "";
    server.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const banner = await readUntil(server, "Press Ctrl+C to stop.\n");
    const url =
      /^Serving echo-app \(2 MCP tools, 2 HTTP operations, 2 echo tools\) on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(
        banner,
      )?.[1];
    expect(url, banner).to.be.a("string");
    expect(banner).to.equal(
      [
        `Serving echo-app (2 MCP tools, 2 HTTP operations, 2 echo tools) on ${url}`,
        "",
        `  MCP        ${url}/mcp  (Streamable HTTP)`,
        `  HTTP API   POST ${url}/api/{tool}/v{n}`,
        `  OpenAPI    ${url}/api/openapi.json`,
        `  echo       ${url}/echo`,
        "",
        `Connect an MCP client to ${url}/mcp:`,
        "  MCP Inspector  npx @modelcontextprotocol/inspector  (transport: Streamable HTTP, URL above)",
        `  Claude Code    claude mcp add --transport http echo-app ${url}/mcp`,
        "  stdio clients  axn mcp-config prints a config that launches this app from any folder",
        "",
        // It runs in tmpdir, away from the app: the CLI line is the form that works from there.
        `This app's CLI, from ${tmpdir()}:`,
        `  ${process.execPath} ${join(repo, "sdk/bin/axn.js")} <tools|mcp-config|serve --mcp-stdio|serve --stdio echo> --config ${config}`,
        "",
        "Press Ctrl+C to stop.",
        "",
      ].join("\n"),
    );

    const echo = await fetch(`${url}/echo/tools`);
    expect(echo.status).to.equal(200);
    expect(await echo.json()).to.deep.equal({ greeting: "hi", tools: TOOL_NAMES });
    const echoMiss = await fetch(`${url}/echo/nothing`);
    expect([echoMiss.status, await echoMiss.json()]).to.deep.equal([
      404,
      { error: "No such echo route: /echo/nothing" },
    ]);

    const sum = await fetch(`${url}/api/add/v1`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"a":2,"b":3}',
    });
    expect([sum.status, await sum.json()]).to.deep.equal([200, { sum: 5 }]);
    const openapi = (await (await fetch(`${url}/api/openapi.json`)).json()) as {
      info: { title: string };
      paths: Record<string, unknown>;
    };
    expect(openapi.info.title).to.equal("echo-app");
    expect(Object.keys(openapi.paths)).to.deep.equal([
      "/api/add/v1",
      "/api/greet/v1",
      "/api/jobs/{id}",
      "/api/openapi.json",
    ]);

    const client = new Client({ name: "serve-transports-spec", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`)));
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).to.deep.equal(TOOL_NAMES);
      expect(await client.callTool({ name: "greet", arguments: { name: "Ada" } })).to.deep.include({
        structuredContent: { greeting: "Hello, Ada" },
      });
    } finally {
      await client.close();
    }

    // A path no transport is mounted at: the CLI's own server answers.
    const elsewhere = await fetch(`${url}/elsewhere`);
    expect([elsewhere.status, elsewhere.headers.get("content-type"), await elsewhere.json()]).to.deep.equal([
      404,
      "application/json; charset=utf-8",
      { error: "Not found" },
    ]);

    server.kill("SIGTERM");
    expect(await exitOf(server)).to.equal(0);
    expect(stderr).to.equal("");
  });

  it("serves the echo transport's stdio side with --stdio echo, until stdin ends", async () => {
    const server = serve(["--stdio", "echo"]);
    let stderr = "";
    server.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    server.stdin!.write("ping\n");
    const answer = await readUntil(server, "\n");
    expect(JSON.parse(answer)).to.deep.equal({ line: "ping", tools: TOOL_NAMES });
    server.stdin!.end();
    expect(await exitOf(server)).to.equal(0);
    expect(stderr).to.equal("axn: serving 2 echo tools of echo-app over stdio\n");
  });

  it("serves MCP over stdio with --stdio mcp, beside a third-party stdio transport", async () => {
    const { PORT: _port, INIT_CWD: _initCwd, ...env } = process.env;
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [axnBin, "serve", "--config", config, "--stdio", "mcp"],
      cwd: tmpdir(),
      env: env as Record<string, string>,
      stderr: "pipe",
    });
    const client = new Client({ name: "serve-transports-spec", version: "1.0.0" });
    await client.connect(transport);
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).to.deep.equal(TOOL_NAMES);
      expect(await client.callTool({ name: "add", arguments: { a: "40", b: 2 } })).to.deep.include({
        structuredContent: { sum: 42 },
      });
    } finally {
      await client.close();
    }
  });

  it("lists every registered transport and the flags each declares in axn serve --help", async () => {
    const help = await runAxn(["serve", "--help", "--config", config], { cwd: tmpdir() });
    expect(help.code, help.stderr).to.equal(0);
    expect(help.stdout).to.contain(
      [
        "Transports of this app:",
        "  KIND   NAME  PATH   PLUGIN                     DESCRIPTION",
        "  http   mcp   /mcp   axn-plugin-mcp             MCP Streamable HTTP, every mcp tool",
        "  stdio  mcp   -      axn-plugin-mcp             MCP over stdin/stdout, every mcp tool",
        "  http   http  /api   axn-plugin-http            the HTTP API (POST /api/{tool}/v{n}) and its OpenAPI document",
        "  http   echo  /echo  axn-plugin-echo-transport  the echo tools' names as JSON",
        "  stdio  echo  -      axn-plugin-echo-transport  the echo tools' names, one JSON line per line read",
        "",
        'Options of stdio transport "mcp" (axn-plugin-mcp):',
        "  --mcp-stdio  same as --stdio mcp",
        "",
        'Options of http transport "echo" (axn-plugin-echo-transport):',
        '  --echo-greeting TEXT  the greeting GET /echo/tools answers with (default "hello")',
        "",
      ].join("\n"),
    );
  });

  it("names the stdio transports it has when --stdio names none, with a did-you-mean (exit 2)", async () => {
    const typo = await runAxn(["serve", "--config", config, "--stdio", "ecoh"], { cwd: tmpdir() });
    expect(typo).to.deep.equal({
      code: 2,
      stdout: "",
      stderr: 'axn: No stdio transport named "ecoh"; did you mean "echo"?\nRun `axn serve --help` for usage.\n',
    });
    const unknown = await runAxn(["serve", "--config", config, "--stdio", "websocket"], { cwd: tmpdir() });
    expect(unknown.stderr).to.equal(
      'axn: No stdio transport named "websocket"; stdio transports: mcp (axn-plugin-mcp), echo (axn-plugin-echo-transport)\nRun `axn serve --help` for usage.\n',
    );
  });
});
