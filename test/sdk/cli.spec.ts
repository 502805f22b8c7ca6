/**
 * The `axn` CLI as a user runs it: `node sdk/dist/cli/bin.js …` as a child process in the example
 * app's folder, for every command — exit codes, stdout and stderr pinned — and `serve` answering
 * real HTTP, OpenAPI and MCP (Streamable HTTP and stdio) requests. Every command runs at least once
 * as a child process (a few at a time, in `before`); the many variations of help, usage errors and
 * lookups run the same `main` in this process, which is ten times faster than a process each.
 */
import { expect } from "chai";
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { resetAxn } from "@axn/sdk/testing";
import { main } from "../../sdk/dist/cli/main.js";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const bin = join(repo, "sdk/dist/cli/bin.js");
const app = join(repo, "docs/examples/helpdesk");

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function axn(args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<Run> {
  return new Promise((done) => {
    execFile(process.execPath, [bin, ...args], { cwd: options.cwd ?? app, env: { ...process.env, ...options.env } }, (error, stdout, stderr) =>
      done({ code: error === null ? 0 : typeof error.code === "number" ? error.code : null, stdout, stderr }),
    );
  });
}

const TOOL_NAMES = ["add_comment", "assign_to_me", "close_ticket", "create_ticket", "delete_ticket", "list_tickets"];

/** The one-shot invocations run as child processes (one or more per command), keyed by a label. */
const invocations: Record<string, { args: string[]; cwd?: "repo" | "empty" | "broken" }> = {
  tools: { args: ["tools"] },
  toolsWithConfig: { args: ["tools", "--config", "docs/examples/helpdesk/axn.config.ts", "--json"], cwd: "repo" },
  schemaV1: { args: ["schema", "create_ticket@1"] },
  call: { args: ["call", "list_tickets", "--args", '{"perPage":"2"}'] },
  callFailure: { args: ["call", "close_ticket", "--args", '{"ticketId":"T-1004","resolution":"fixed it"}'] },
  callUnknown: { args: ["call", "nope", "--args", "{}"] },
  callBadJson: { args: ["call", "list_tickets", "--args", "{perPage: 2}"] },
  openapi: { args: ["openapi"] },
  doctor: { args: ["doctor"] },
  missingConfig: { args: ["tools"], cwd: "empty" },
  doctorBroken: { args: ["doctor"], cwd: "broken" },
};

const HELP_COMMANDS = ["tools", "schema", "call", "serve", "openapi", "doctor"];

/** The variations run in this process, keyed by a label. */
const inProcess: Record<string, { args: string[]; cwd?: "empty" | "broken" }> = {
  help: { args: ["--help"] },
  noCommand: { args: [] },
  unknownCommand: { args: ["deploy"] },
  ...Object.fromEntries(HELP_COMMANDS.map((command) => [`help:${command}`, { args: [command, "--help"] }])),
  toolsJson: { args: ["tools", "--json"] },
  toolsMcp: { args: ["tools", "--adapter", "mcp", "--json"] },
  toolsUnknownAdapter: { args: ["tools", "--adapter", "grpc"] },
  toolsBadOption: { args: ["tools", "--colour"] },
  schema: { args: ["schema", "list_tickets"] },
  schemaOutput: { args: ["schema", "create_ticket", "--output"] },
  schemaMissing: { args: ["schema"] },
  schemaUnknown: { args: ["schema", "list_tikets"] },
  schemaUnknownVersion: { args: ["schema", "create_ticket@3"] },
  // The store lives in this process now: this assignment is seen by later in-process runs only.
  callAmbient: { args: ["call", "assign_to_me", "--args", '{"ticketId":"T-1001"}', "--ambient", '{"currentAgentId":"ag_ada"}'] },
  callSmuggled: { args: ["call", "assign_to_me", "--args", '{"ticketId":"T-1002","ambientContext":{"currentAgentId":"ag_ada"}}'] },
  callInvalidInput: { args: ["call", "list_tickets", "--args", '{"perPage":500}'] },
  callNotObject: { args: ["call", "list_tickets", "--args", "[2]"] },
  brokenConfig: { args: ["tools"], cwd: "broken" },
  doctorMissing: { args: ["doctor"], cwd: "empty" },
  servePortInvalid: { args: ["serve", "--port", "http"] },
};

/** Runs `jobs` with at most `limit` at a time: each child process is CPU-bound while it loads. */
async function pooled<T>(jobs: readonly (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < jobs.length) {
      const index = next++;
      results[index] = await jobs[index]!();
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return results;
}

/** The CLI in this process (same `main` the bin runs), for the many cases that need no fresh process. */
async function axnInProcess(args: readonly string[], cwd: string = app): Promise<Run> {
  let stdout = "";
  let stderr = "";
  resetAxn();
  try {
    const code = await main(args, { cwd, env: process.env, stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) } });
    return { code, stdout, stderr };
  } finally {
    resetAxn();
  }
}

describe("axn CLI (child process, example app)", function () {
  this.timeout(30_000);
  const runs: Record<string, Run> = {};
  let emptyDir: string;
  let brokenDir: string;

  before(async () => {
    emptyDir = mkdtempSync(join(tmpdir(), "axn-cli-empty-"));
    brokenDir = mkdtempSync(join(tmpdir(), "axn-cli-broken-"));
    writeFileSync(join(brokenDir, "axn.config.mjs"), 'export default { plugins: ["mpc"] };\n');
    const dirs = { repo, empty: emptyDir, broken: brokenDir };
    const entries = Object.entries(invocations);
    const results = await pooled(
      entries.map(([, { args, cwd }]) => () => axn(args, { cwd: cwd === undefined ? app : dirs[cwd] })),
      3,
    );
    entries.forEach(([label], index) => (runs[label] = results[index]!));
    for (const [label, { args, cwd }] of Object.entries(inProcess)) runs[label] = await axnInProcess(args, cwd === undefined ? app : dirs[cwd]);
  });

  after(() => {
    for (const dir of [emptyDir, brokenDir]) if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  const run = (label: string): Run => {
    const found = runs[label];
    if (found === undefined) throw new Error(`no run ${label}`);
    return found;
  };

  describe("help", () => {
    it("lists every command with `axn --help` (exit 0)", () => {
      const { code, stdout } = run("help");
      expect(code).to.equal(0);
      expect(stdout).to.contain("Usage: axn <command> [options]");
      for (const command of HELP_COMMANDS) expect(stdout).to.match(new RegExp(`^  ${command}\\s+\\S`, "m"));
    });

    it("has help for every command", () => {
      for (const command of HELP_COMMANDS) {
        const { code, stdout } = run(`help:${command}`);
        expect(code, command).to.equal(0);
        expect(stdout, command).to.match(new RegExp(`^Usage: axn ${command}\\b`));
        expect(stdout, command).to.contain("[--config PATH]");
      }
    });

    it("exits 2 without a command or with an unknown one", () => {
      expect(run("noCommand").code).to.equal(2);
      expect(run("noCommand").stderr).to.contain("Usage: axn <command>");
      expect(run("unknownCommand").code).to.equal(2);
      expect(run("unknownCommand").stderr).to.contain('axn: Unknown command "deploy"; commands: tools, schema, call, serve, openapi, doctor');
    });
  });

  describe("tools", () => {
    it("prints a table of every tool version with adapters, hints and descriptions", () => {
      const { code, stdout } = run("tools");
      expect(code).to.equal(0);
      const lines = stdout.trimEnd().split("\n");
      expect(lines[0]).to.match(/^NAME\s+VERSION\s+ADAPTERS\s+HINTS\s+DESCRIPTION$/);
      expect(lines).to.have.length(8);
      expect(stdout).to.match(/^list_tickets\s+v1\s+http,langchain,mcp\s+readOnly\s+List helpdesk tickets, newest first, one page at a time$/m);
      expect(stdout).to.match(/^create_ticket\s+v2\s+http,langchain,mcp\s+-\s+/m);
      expect(stdout).to.match(/^delete_ticket\s+v1\s+http,langchain,mcp\s+destructive\s+/m);
    });

    it("prints JSON with --json, and filters with --adapter", () => {
      const all = JSON.parse(run("toolsJson").stdout) as { name: string; version: number; adapters: string[] }[];
      expect(all.map((tool) => `${tool.name}@${tool.version}`)).to.deep.equal([
        "add_comment@1",
        "assign_to_me@1",
        "close_ticket@1",
        "create_ticket@1",
        "create_ticket@2",
        "delete_ticket@1",
        "list_tickets@1",
      ]);
      const mcp = JSON.parse(run("toolsMcp").stdout) as { adapters: string[] }[];
      expect(mcp.every((tool) => tool.adapters.join() === "mcp")).to.equal(true);
      expect(JSON.parse(run("toolsWithConfig").stdout)).to.deep.equal(all);
    });

    it("refuses an unknown adapter or option (exit 2)", () => {
      expect(run("toolsUnknownAdapter").code).to.equal(2);
      expect(run("toolsUnknownAdapter").stderr).to.contain('axn: Unknown adapter "grpc"; registered adapters: http, langchain, mcp');
      expect(run("toolsBadOption").code).to.equal(2);
      expect(run("toolsBadOption").stderr).to.contain("Unknown option '--colour'");
    });
  });

  describe("schema", () => {
    it("prints the input schema, without ambient fields", () => {
      const schema = JSON.parse(run("schema").stdout) as { properties: Record<string, unknown>; additionalProperties: boolean };
      expect(run("schema").code).to.equal(0);
      expect(Object.keys(schema.properties)).to.deep.equal(["status", "page", "perPage"]);
      expect(schema.additionalProperties).to.equal(false);
    });

    it("addresses a version with NAME@VERSION and the output schema with --output", () => {
      const v1 = JSON.parse(run("schemaV1").stdout) as { properties: Record<string, unknown> };
      expect(Object.keys(v1.properties)).to.deep.equal(["subject", "body", "customerEmail"]);
      const output = JSON.parse(run("schemaOutput").stdout) as { properties: Record<string, unknown> };
      expect(Object.keys(output.properties)).to.deep.equal(["ticket"]);
    });

    it("exits 4 for an unknown tool or version, 2 for a missing one", () => {
      expect(run("schemaUnknown").code).to.equal(4);
      expect(run("schemaUnknown").stderr).to.equal('axn: Unknown tool "list_tikets"; did you mean "list_tickets"?\nRun `axn tools` to list the tools.\n');
      expect(run("schemaUnknownVersion").code).to.equal(4);
      expect(run("schemaUnknownVersion").stderr).to.contain('axn: Tool "create_ticket" has no version 3; available: create_ticket@1, create_ticket@2');
      expect(run("schemaMissing").code).to.equal(2);
      expect(run("schemaMissing").stderr).to.contain("axn: Missing TOOL: which tool's schema?");
    });
  });

  describe("call", () => {
    it("runs a tool through the Invoker (wire strings coerced) and prints the result", () => {
      const { code, stdout } = run("call");
      expect(code).to.equal(0);
      const result = JSON.parse(stdout) as { ok: boolean; message: string; exposed: { tickets: { id: string }[]; totalPages: number } };
      expect(result.ok).to.equal(true);
      expect(result.message).to.equal("Page 1 of 4: 2 of 7 tickets");
      expect(result.exposed.tickets.map((ticket) => ticket.id)).to.deep.equal(["T-1007", "T-1006"]);
    });

    it("exits 1 with result.error for a business failure", () => {
      const { code, stdout } = run("callFailure");
      expect(code).to.equal(1);
      expect(JSON.parse(stdout)).to.deep.equal({ ok: false, outcome: "failure", error: "Could not close the ticket: T-1004 is already closed" });
    });

    it("uses --ambient as the trusted ambient context, and ignores one smuggled in --args", () => {
      expect(JSON.parse(run("callAmbient").stdout)).to.include({ ok: true, message: "T-1001 is now assigned to ag_ada" });
      expect(run("callSmuggled").code).to.equal(1);
      expect(JSON.parse(run("callSmuggled").stdout)).to.include({ ok: false, error: "Could not assign the ticket: sign in as an agent first" });
    });

    it("answers invalid arguments with the user-facing input error", () => {
      expect(run("callInvalidInput").code).to.equal(1);
      expect(JSON.parse(run("callInvalidInput").stdout)).to.deep.equal({
        ok: false,
        outcome: "failure",
        error: "perPage: Too big: expected number to be <=50",
      });
    });

    it("exits 2 for --args that is not JSON or not an object, 4 for an unknown tool", () => {
      expect(run("callBadJson").code).to.equal(2);
      expect(run("callBadJson").stderr).to.match(/^axn: --args is not valid JSON \(.+\): \{perPage: 2\}\nRun `axn call --help` for usage\.\n$/);
      expect(run("callNotObject").code).to.equal(2);
      expect(run("callNotObject").stderr).to.contain(`axn: --args must be a JSON object, e.g. --args '{"limit": 5}'`);
      expect(run("callUnknown").code).to.equal(4);
      expect(run("callUnknown").stderr).to.contain('axn: Unknown tool "nope"');
    });
  });

  describe("openapi", () => {
    it("prints the OpenAPI 3.1 document of every tool version", () => {
      const { code, stdout } = run("openapi");
      expect(code).to.equal(0);
      const document = JSON.parse(stdout) as { openapi: string; info: { title: string }; paths: Record<string, unknown> };
      expect(document.openapi).to.equal("3.1.0");
      expect(document.info.title).to.equal("axn-example-helpdesk");
      expect(Object.keys(document.paths)).to.include.members(["/api/create_ticket/v1", "/api/create_ticket/v2", "/api/list_tickets/v1"]);
    });
  });

  describe("doctor", () => {
    it("finds nothing wrong with the example app", () => {
      const { code, stdout } = run("doctor");
      expect(code).to.equal(0);
      expect(stdout).to.contain("✔ Plugin axn-plugin-mcp@0.1.0");
      expect(stdout).to.contain('✔ Tool root "agent_tools" of adapter http: 7 modules');
      expect(stdout.trimEnd().split("\n").at(-1)).to.equal("No problems found.");
    });

    it("says what is wrong and how to fix it (exit 1)", () => {
      const broken = run("doctorBroken");
      expect(broken.code).to.equal(1);
      expect(broken.stdout).to.contain('✖ Plugin "axn-plugin-mpc" not found (listed as "mpc" in ');
      expect(broken.stdout).to.contain("    fix: Install the plugin (npm install axn-plugin-<name>) or fix its name in plugins.");
      const missing = run("doctorMissing");
      expect(missing.code).to.equal(1);
      expect(missing.stdout).to.contain("✖ No axn config found in");
      expect(missing.stdout).to.contain("    fix: Create axn.config.ts:");
    });
  });

  describe("config errors", () => {
    it("exits 3 with the host's message for a missing config or a plugin that is not installed", () => {
      expect(run("missingConfig").code).to.equal(3);
      expect(run("missingConfig").stderr).to.match(/^axn: No axn config found in .+ \(looked for axn\.config\.ts, .+\); create one or pass --config <path> \[AXN_CONFIG_NOT_FOUND\]\n/);
      expect(run("brokenConfig").code).to.equal(3);
      expect(run("brokenConfig").stderr).to.contain('axn: Plugin "axn-plugin-mpc" not found');
    });
  });

  describe("serve", () => {
    let server: ChildProcess | undefined;
    afterEach(() => {
      server?.kill("SIGKILL");
      server = undefined;
    });

    it("refuses a port that is not a number (exit 2)", () => {
      expect(run("servePortInvalid").code).to.equal(2);
      expect(run("servePortInvalid").stderr).to.contain('axn: --port must be a port number between 0 and 65535, got "http"');
    });

    it("serves HTTP, OpenAPI and MCP on one loopback port taken from PORT, prints the URLs, and stops on SIGTERM", async () => {
      const port = await freePort();
      server = spawn(process.execPath, [bin, "serve"], { cwd: app, env: { ...process.env, PORT: String(port) } });
      const banner = await readUntil(server, "Press Ctrl+C to stop.");
      const url = `http://127.0.0.1:${port}`;
      expect(banner).to.contain(`Serving axn-example-helpdesk (6 MCP tools, 7 HTTP operations) on ${url}`);
      expect(banner).to.contain(`  OpenAPI    ${url}/api/openapi.json`);
      expect(banner).to.contain(`  MCP        ${url}/mcp  (Streamable HTTP)`);
      expect(banner).to.contain(`curl -s -X POST ${url}/api/list_tickets/v1 -H 'content-type: application/json' -d '{}'`);

      const listed = await fetch(`${url}/api/list_tickets/v1`, { method: "POST", headers: { "content-type": "application/json" }, body: '{"perPage":1}' });
      expect(listed.status).to.equal(200);
      expect(((await listed.json()) as { total: number }).total).to.equal(7);
      const assigned = await fetch(`${url}/api/assign_to_me/v1`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: "Bearer grace-token" },
        body: '{"ticketId":"T-1001"}',
      });
      expect(((await assigned.json()) as { ticket: { assigneeId: string } }).ticket.assigneeId).to.equal("ag_grace");
      const openapi = (await (await fetch(`${url}/api/openapi.json`)).json()) as { openapi: string };
      expect(openapi.openapi).to.equal("3.1.0");

      const client = new Client({ name: "cli-spec", version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`)));
      try {
        const { tools } = await client.listTools();
        expect(tools.map((tool) => tool.name)).to.deep.equal(TOOL_NAMES);
        const result = await client.callTool({ name: "close_ticket", arguments: { ticketId: "T-1004", resolution: "done" } });
        expect(result.isError).to.equal(true);
        expect(result.content).to.deep.equal([{ type: "text", text: "Could not close the ticket: T-1004 is already closed" }]);
      } finally {
        await client.close();
      }

      const exited = new Promise<number | null>((done) => server!.once("exit", (code) => done(code)));
      server.kill("SIGTERM");
      expect(await exited).to.equal(0);
      server = undefined;
    });

    it("serves MCP over stdio with --mcp-stdio", async () => {
      const transport = new StdioClientTransport({ command: process.execPath, args: [bin, "serve", "--mcp-stdio"], cwd: app, stderr: "pipe" });
      const client = new Client({ name: "cli-spec", version: "1.0.0" });
      await client.connect(transport);
      try {
        const { tools } = await client.listTools();
        expect(tools.map((tool) => tool.name)).to.deep.equal(TOOL_NAMES);
        const result = await client.callTool({ name: "list_tickets", arguments: { status: "closed" } });
        expect(result.structuredContent).to.deep.include({ total: 1, page: 1, totalPages: 1 });
      } finally {
        await client.close();
      }
    });
  });
});

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => done(typeof address === "object" && address !== null ? address.port : 0));
    });
  });
}

/** Collects the child's stdout until `marker` appears; rejects if it exits first. */
function readUntil(child: ChildProcess, marker: string): Promise<string> {
  return new Promise((done, fail) => {
    let out = "";
    let err = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes(marker)) done(out);
    });
    child.stderr!.on("data", (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.once("exit", (code) => fail(new Error(`axn serve exited (${code}) before it was ready:\n${out}\n${err}`)));
  });
}
