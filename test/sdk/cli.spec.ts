/**
 * The `axn` CLI as a user runs it: `node sdk/dist/cli/bin.js …` as a child process in the example
 * app's folder, for every command — exit codes, stdout and stderr pinned — and `serve` answering
 * real HTTP, OpenAPI and MCP (Streamable HTTP and stdio) requests. Every command runs at least once
 * as a child process; the many variations of help, usage errors and lookups run the same `main` in
 * this process, which is ten times faster than a process each. `before` only builds the fixture
 * folders; each case starts its own runs and waits for them, so a slow machine makes the spec slower,
 * never red (the mocha timeout is a hang guard, not a budget).
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
import { resetKernel } from "@axn/sdk/testing";
import { main } from "../../sdk/dist/cli/main.js";
import { readUntil } from "../support/axn-child.js";

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
    execFile(
      process.execPath,
      [bin, ...args],
      { cwd: options.cwd ?? app, env: { ...process.env, ...options.env } },
      (error, stdout, stderr) =>
        done({ code: error === null ? 0 : typeof error.code === "number" ? error.code : null, stdout, stderr }),
    );
  });
}

/** What an anonymous MCP client is shown: the helpdesk's reads are open, every write needs an agent. */
const ANONYMOUS_TOOL_NAMES = ["list_tickets", "ticket_report"];
/** `--as` for a signed-in helpdesk agent. */
const AS_ADA = '{"id":"ag_ada","roles":["agent"]}';

const HELP_COMMANDS = [
  "init",
  "tools",
  "schema",
  "call",
  "serve",
  "worker",
  "jobs",
  "dev",
  "mcp-config",
  "openapi",
  "doctor",
];

/** The CLI in this process (same `main` the bin runs), for the many cases that need no fresh process. */
async function axnInProcess(args: readonly string[], cwd: string = app): Promise<Run> {
  let stdout = "";
  let stderr = "";
  resetKernel();
  try {
    const code = await main(args, {
      cwd,
      env: process.env,
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => (stderr += text) },
    });
    return { code, stdout, stderr };
  } finally {
    resetKernel();
  }
}

describe("axn CLI (child process, example app)", function () {
  // A hang guard, not a budget: each case starts its own child processes (a second or more each
  // on a loaded machine) and waits for them, however long that takes.
  this.timeout(120_000);
  let emptyDir: string;
  let brokenDir: string;
  let badPathDir: string;

  /**
   * The fixture every case runs against: the example app, plus a folder with no config, one whose
   * config lists a plugin that is not installed and one whose config lists a path with no file.
   */
  before(() => {
    emptyDir = mkdtempSync(join(tmpdir(), "axn-cli-empty-"));
    brokenDir = mkdtempSync(join(tmpdir(), "axn-cli-broken-"));
    writeFileSync(join(brokenDir, "axn.config.mjs"), 'export default { plugins: ["mpc"] };\n');
    badPathDir = mkdtempSync(join(tmpdir(), "axn-cli-bad-path-"));
    writeFileSync(join(badPathDir, "axn.config.mjs"), 'export default { plugins: ["./plugins/nope.ts"] };\n');
  });

  after(() => {
    for (const dir of [emptyDir, brokenDir, badPathDir])
      if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  type Where = "app" | "repo" | "empty" | "broken" | "badPath";
  const dir = (where: Where): string => ({ app, repo, empty: emptyDir, broken: brokenDir, badPath: badPathDir })[where];
  /** `axn …` as a child process, in the example app's folder unless `where` says otherwise. */
  const child = (args: readonly string[], where: Where = "app"): Promise<Run> => axn(args, { cwd: dir(where) });
  /** The same command through `main` in this process. */
  const inProcess = (args: readonly string[], where: Where = "app"): Promise<Run> => axnInProcess(args, dir(where));

  describe("help", () => {
    it("lists every command with `axn --help` (exit 0)", async () => {
      const { code, stdout } = await inProcess(["--help"]);
      expect(code).to.equal(0);
      expect(stdout).to.contain("Usage: axn <command> [options]");
      for (const command of HELP_COMMANDS) expect(stdout).to.match(new RegExp(`^  ${command}\\s+\\S`, "m"));
    });

    it("has help for every command", async () => {
      for (const command of HELP_COMMANDS) {
        const { code, stdout } = await inProcess([command, "--help"]);
        expect(code, command).to.equal(0);
        expect(stdout, command).to.match(new RegExp(`^Usage: axn ${command}\\b`));
        expect(stdout, command).to.contain("[--config PATH]");
      }
    });

    it("exits 2 without a command or with an unknown one", async () => {
      const noCommand = await inProcess([]);
      expect(noCommand.code).to.equal(2);
      expect(noCommand.stderr).to.contain("Usage: axn <command>");
      const unknownCommand = await inProcess(["deploy"]);
      expect(unknownCommand.code).to.equal(2);
      expect(unknownCommand.stderr).to.contain(
        'axn: Unknown command "deploy"; commands: init, tools, schema, call, serve, worker, jobs, dev, mcp-config, openapi, doctor',
      );
    });
  });

  describe("tools", () => {
    it("prints a table of every tool version with adapters, hints and descriptions", async () => {
      const { code, stdout } = await child(["tools"]);
      expect(code).to.equal(0);
      const lines = stdout.trimEnd().split("\n");
      expect(lines[0]).to.match(/^NAME\s+VERSION\s+ADAPTERS\s+HINTS\s+DESCRIPTION$/);
      expect(lines).to.have.length(9);
      expect(stdout).to.match(
        /^list_tickets\s+v1\s+http,langchain,mcp\s+readOnly\s+List helpdesk tickets, newest first, one page at a time$/m,
      );
      expect(stdout).to.match(/^create_ticket\s+v2\s+http,langchain,mcp\s+-\s+/m);
      expect(stdout).to.match(/^delete_ticket\s+v1\s+http,langchain,mcp\s+destructive\s+/m);
    });

    it("prints JSON with --json, and filters with --adapter", async () => {
      const all = JSON.parse((await inProcess(["tools", "--json"])).stdout) as {
        name: string;
        version: number;
        adapters: string[];
      }[];
      expect(all.map((tool) => `${tool.name}@${tool.version}`)).to.deep.equal([
        "add_comment@1",
        "assign_to_me@1",
        "close_ticket@1",
        "create_ticket@1",
        "create_ticket@2",
        "delete_ticket@1",
        "list_tickets@1",
        "ticket_report@1",
      ]);
      const mcp = JSON.parse((await inProcess(["tools", "--adapter", "mcp", "--json"])).stdout) as {
        adapters: string[];
      }[];
      expect(mcp.every((tool) => tool.adapters.join() === "mcp")).to.equal(true);
      const withConfig = await child(["tools", "--config", "docs/examples/helpdesk/axn.config.ts", "--json"], "repo");
      expect(JSON.parse(withConfig.stdout)).to.deep.equal(all);
    });

    it("refuses an unknown adapter or option (exit 2)", async () => {
      const unknownAdapter = await inProcess(["tools", "--adapter", "grpc"]);
      expect(unknownAdapter.code).to.equal(2);
      expect(unknownAdapter.stderr).to.contain(
        'axn: Unknown adapter "grpc"; registered adapters: http, langchain, mcp',
      );
      const badOption = await inProcess(["tools", "--colour"]);
      expect(badOption.code).to.equal(2);
      expect(badOption.stderr).to.contain("Unknown option '--colour'");
    });
  });

  describe("schema", () => {
    it("prints the input schema, without ambient fields", async () => {
      const run = await inProcess(["schema", "list_tickets"]);
      const schema = JSON.parse(run.stdout) as { properties: Record<string, unknown>; additionalProperties: boolean };
      expect(run.code).to.equal(0);
      expect(Object.keys(schema.properties)).to.deep.equal(["status", "page", "perPage"]);
      expect(schema.additionalProperties).to.equal(false);
    });

    it("addresses a version with NAME@VERSION and the output schema with --output", async () => {
      const v1 = JSON.parse((await child(["schema", "create_ticket@1"])).stdout) as {
        properties: Record<string, unknown>;
      };
      expect(Object.keys(v1.properties)).to.deep.equal(["subject", "body", "customerEmail"]);
      const output = JSON.parse((await inProcess(["schema", "create_ticket", "--output"])).stdout) as {
        properties: Record<string, unknown>;
      };
      expect(Object.keys(output.properties)).to.deep.equal(["ticket"]);
    });

    it("exits 4 for an unknown tool or version, 2 for a missing one", async () => {
      const unknown = await inProcess(["schema", "list_tikets"]);
      expect(unknown.code).to.equal(4);
      expect(unknown.stderr).to.equal(
        'axn: Unknown tool "list_tikets"; did you mean "list_tickets"?\nRun `axn tools` to list the tools.\n',
      );
      const unknownVersion = await inProcess(["schema", "create_ticket@3"]);
      expect(unknownVersion.code).to.equal(4);
      expect(unknownVersion.stderr).to.contain(
        'axn: Tool "create_ticket" has no version 3; available: create_ticket@1, create_ticket@2',
      );
      const missing = await inProcess(["schema"]);
      expect(missing.code).to.equal(2);
      expect(missing.stderr).to.contain("axn: Missing TOOL: which tool's schema?");
    });
  });

  describe("call", () => {
    it("runs a tool through the Invoker (wire strings coerced) and prints the result", async () => {
      const { code, stdout } = await child(["call", "list_tickets", "--args", '{"perPage":"2"}']);
      expect(code).to.equal(0);
      const result = JSON.parse(stdout) as {
        ok: boolean;
        message: string;
        exposed: { tickets: { id: string }[]; totalPages: number };
      };
      expect(result.ok).to.equal(true);
      expect(result.message).to.equal("Page 1 of 4: 2 of 7 tickets");
      expect(result.exposed.tickets.map((ticket) => ticket.id)).to.deep.equal(["T-1007", "T-1006"]);
    });

    it("exits 1 with result.error for a business failure", async () => {
      const { code, stdout } = await child([
        "call",
        "close_ticket",
        "--args",
        '{"ticketId":"T-1004","resolution":"fixed it"}',
        "--as",
        AS_ADA,
      ]);
      expect(code).to.equal(1);
      expect(JSON.parse(stdout)).to.deep.equal({
        ok: false,
        outcome: "failure",
        error: "Could not close the ticket: T-1004 is already closed",
      });
    });

    it("calls as --as, checked against the tool's access policy, and ignores a caller smuggled in --args", async () => {
      // In this process the example's store is this process's: the assignment stays for the rest of the run
      // (nothing else in the suite reads T-1001's assignee).
      const agent = await inProcess(["call", "assign_to_me", "--args", '{"ticketId":"T-1001"}', "--as", AS_ADA]);
      expect(JSON.parse(agent.stdout)).to.include({ ok: true, message: "T-1001 is now assigned to ag_ada" });
      const anonymous = await inProcess(["call", "assign_to_me", "--args", '{"ticketId":"T-1002"}']);
      expect([anonymous.code, JSON.parse(anonymous.stdout)]).to.deep.equal([
        1,
        {
          ok: false,
          outcome: "failure",
          code: "AXN_UNAUTHENTICATED",
          error: "Authentication required: sign in to call assign_to_me",
        },
      ]);
      const noRole = await child(["call", "delete_ticket", "--args", '{"ticketId":"T-1002"}', "--as", "ag_ada"]);
      expect([noRole.code, JSON.parse(noRole.stdout)]).to.deep.equal([
        1,
        {
          ok: false,
          outcome: "failure",
          code: "AXN_FORBIDDEN",
          error: "Forbidden: delete_ticket needs the role agent",
        },
      ]);
      const smuggled = await inProcess([
        "call",
        "assign_to_me",
        "--args",
        `{"ticketId":"T-1002","ambientContext":{"principal":${AS_ADA}}}`,
      ]);
      expect(smuggled.code).to.equal(1);
      expect(JSON.parse(smuggled.stdout)).to.include({
        ok: false,
        error: "Authentication required: sign in to call assign_to_me",
      });
      // --ambient is still the trusted ambient context, principal included.
      const ambient = await inProcess([
        "call",
        "list_tickets",
        "--args",
        '{"perPage":1}',
        "--ambient",
        `{"principal":${AS_ADA}}`,
      ]);
      expect(ambient.code).to.equal(0);
    });

    it("exits 2 for an --as that is not a principal, or a caller given twice", async () => {
      const hint = `axn: --as takes a principal: an id (--as ag_ada) or a JSON object with a string "id" (--as '{"id":"ag_ada","roles":["agent"]}')`;
      for (const as of ["", '{"roles":["agent"]}', '{"id":""}']) {
        const bad = await inProcess(["call", "list_tickets", "--as", as]);
        expect([bad.code, bad.stderr.split("\n")[0]], as).to.deep.equal([2, hint]);
      }
      const twice = await inProcess([
        "call",
        "list_tickets",
        "--as",
        "ag_ada",
        "--ambient",
        '{"principal":{"id":"ag_grace"}}',
      ]);
      expect([twice.code, twice.stderr.split("\n")[0]]).to.deep.equal([
        2,
        'axn: Give the caller once: --as, or "principal" in --ambient, not both',
      ]);
    });

    it("answers invalid arguments with the user-facing input error", async () => {
      const invalid = await inProcess(["call", "list_tickets", "--args", '{"perPage":500}']);
      expect(invalid.code).to.equal(1);
      expect(JSON.parse(invalid.stdout)).to.deep.equal({
        ok: false,
        outcome: "failure",
        error: "perPage: Too big: expected number to be <=50",
      });
    });

    it("exits 2 for --args that is not JSON or not an object, 4 for an unknown tool", async () => {
      const badJson = await child(["call", "list_tickets", "--args", "{perPage: 2}"]);
      expect(badJson.code).to.equal(2);
      expect(badJson.stderr).to.match(
        /^axn: --args is not valid JSON \(.+\): \{perPage: 2\}\nRun `axn call --help` for usage\.\n$/,
      );
      const notObject = await inProcess(["call", "list_tickets", "--args", "[2]"]);
      expect(notObject.code).to.equal(2);
      expect(notObject.stderr).to.contain(`axn: --args must be a JSON object, e.g. --args '{"limit": 5}'`);
      const unknown = await child(["call", "nope", "--args", "{}"]);
      expect(unknown.code).to.equal(4);
      expect(unknown.stderr).to.contain('axn: Unknown tool "nope"');
    });
  });

  describe("openapi", () => {
    it("prints the OpenAPI 3.1 document of every tool version", async () => {
      const { code, stdout } = await child(["openapi"]);
      expect(code).to.equal(0);
      const document = JSON.parse(stdout) as {
        openapi: string;
        info: { title: string };
        paths: Record<string, unknown>;
      };
      expect(document.openapi).to.equal("3.1.0");
      expect(document.info.title).to.equal("axn-example-helpdesk");
      expect(Object.keys(document.paths)).to.include.members([
        "/api/create_ticket/v1",
        "/api/create_ticket/v2",
        "/api/list_tickets/v1",
      ]);
    });
  });

  describe("doctor", () => {
    it("finds nothing wrong with the example app", async () => {
      const { code, stdout } = await child(["doctor"]);
      expect(code).to.equal(0);
      expect(stdout).to.contain("✔ Plugin axn-plugin-mcp@0.1.0");
      expect(stdout).to.contain('✔ Tool root "agent_tools" of adapter http: 8 modules');
      expect(stdout).to.contain(
        [
          '✔ Transport http "mcp" at /mcp (axn-plugin-mcp)',
          '✔ Transport stdio "mcp" (axn-plugin-mcp)',
          '✔ Transport http "http" at /api (axn-plugin-http)',
        ].join("\n"),
      );
      expect(stdout.trimEnd().split("\n").at(-1)).to.equal("No problems found.");
    });

    it("says what is wrong and how to fix it (exit 1)", async () => {
      const broken = await child(["doctor"], "broken");
      expect(broken.code).to.equal(1);
      expect(broken.stdout).to.contain('✖ Plugin "axn-plugin-mpc" not found (listed as "mpc" in ');
      expect(broken.stdout).to.contain(
        "    fix: Install the plugin (npm install axn-plugin-mpc) or fix its name in plugins.",
      );
      const badPath = await inProcess(["doctor"], "badPath");
      expect(badPath.code).to.equal(1);
      expect(badPath.stdout).to.contain(
        `✖ Plugin "./plugins/nope.ts" was not found at ${join(badPathDir, "plugins/nope.ts")} (resolved from ${join(badPathDir, "axn.config.mjs")}); check the path [AXN_PLUGIN_NOT_FOUND]\n    fix: Fix the path in plugins (relative paths resolve from the config file's folder).\n`,
      );
      const missing = await inProcess(["doctor"], "empty");
      expect(missing.code).to.equal(1);
      expect(missing.stdout).to.contain("✖ No axn config found in");
      expect(missing.stdout).to.contain("    fix: Create axn.config.ts:");
    });
  });

  describe("config errors", () => {
    it("exits 3 with the host's message for a missing config or a plugin that is not installed", async () => {
      const missing = await child(["tools"], "empty");
      expect(missing.code).to.equal(3);
      expect(missing.stderr).to.match(
        /^axn: No axn config found in .+ \(looked for axn\.config\.ts, .+\); create one or pass --config <path> \[AXN_CONFIG_NOT_FOUND\]\n/,
      );
      const broken = await inProcess(["tools"], "broken");
      expect(broken.code).to.equal(3);
      expect(broken.stderr).to.contain('axn: Plugin "axn-plugin-mpc" not found');
    });
  });

  describe("serve", () => {
    let server: ChildProcess | undefined;
    afterEach(() => {
      server?.kill("SIGKILL");
      server = undefined;
    });

    it("refuses a port that is not a number (exit 2)", async () => {
      const invalid = await inProcess(["serve", "--port", "http"]);
      expect(invalid.code).to.equal(2);
      expect(invalid.stderr).to.contain('axn: --port must be a port number between 0 and 65535, got "http"');
    });

    it("serves HTTP, OpenAPI and MCP on one loopback port taken from PORT, prints the URLs, and stops on SIGTERM", async () => {
      const port = await freePort();
      server = spawn(process.execPath, [bin, "serve"], { cwd: app, env: { ...process.env, PORT: String(port) } });
      const banner = await readUntil(server, "Press Ctrl+C to stop.");
      const url = `http://127.0.0.1:${port}`;
      expect(banner).to.contain(`Serving axn-example-helpdesk (7 MCP tools, 8 HTTP operations) on ${url}`);
      expect(banner).to.contain(`  OpenAPI    ${url}/api/openapi.json`);
      expect(banner).to.contain(`  MCP        ${url}/mcp  (Streamable HTTP)`);
      expect(banner).to.contain(
        `curl -s -X POST ${url}/api/list_tickets/v1 -H 'content-type: application/json' -d '{}'`,
      );

      const listed = await fetch(`${url}/api/list_tickets/v1`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: '{"perPage":1}',
      });
      expect(listed.status).to.equal(200);
      expect(((await listed.json()) as { total: number }).total).to.equal(7);
      const assigned = await fetch(`${url}/api/assign_to_me/v1`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: "Bearer grace-token" },
        body: '{"ticketId":"T-1001"}',
      });
      expect(((await assigned.json()) as { ticket: { assigneeId: string } }).ticket.assigneeId).to.equal("ag_grace");
      // No credentials: the reads answer, a delete is refused before it runs.
      const deleted = await fetch(`${url}/api/delete_ticket/v1`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: '{"ticketId":"T-1004"}',
      });
      expect([deleted.status, deleted.headers.get("www-authenticate"), await deleted.json()]).to.deep.equal([
        401,
        `Bearer resource_metadata="${url}/.well-known/oauth-protected-resource/api"`,
        { error: "Authentication required: sign in to call delete_ticket" },
      ]);
      const openapi = (await (await fetch(`${url}/api/openapi.json`)).json()) as { openapi: string };
      expect(openapi.openapi).to.equal("3.1.0");

      const client = new Client({ name: "cli-spec", version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`)));
      try {
        // No credentials over MCP: an anonymous caller, shown the reads and refused the writes.
        const { tools } = await client.listTools();
        expect(tools.map((tool) => tool.name)).to.deep.equal(ANONYMOUS_TOOL_NAMES);
        const result = await client.callTool({
          name: "close_ticket",
          arguments: { ticketId: "T-1004", resolution: "done" },
        });
        expect(result.isError).to.equal(true);
        expect(result.content).to.deep.equal([
          { type: "text", text: "Authentication required: sign in to call close_ticket" },
        ]);
      } finally {
        await client.close();
      }

      const exited = new Promise<number | null>((done) => server!.once("exit", (code) => done(code)));
      server.kill("SIGTERM");
      expect(await exited).to.equal(0);
      server = undefined;
    });

    it("serves MCP over stdio with --mcp-stdio", async () => {
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [bin, "serve", "--mcp-stdio"],
        cwd: app,
        stderr: "pipe",
      });
      const client = new Client({ name: "cli-spec", version: "1.0.0" });
      await client.connect(transport);
      try {
        const { tools } = await client.listTools();
        expect(tools.map((tool) => tool.name)).to.deep.equal(ANONYMOUS_TOOL_NAMES);
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
