/**
 * The CLI's conventions and the serve-time errors of issue 21 (items 3–5): `--version`, `--json`
 * on every command that prints data, help that points at docs that exist in an installed package,
 * `axn mcp-config` (absolute paths, each client's shape), `axn init` refusing to overwrite, `axn
 * dev` restarting on a change, a missing tool root and a tool name conflict as config errors
 * (exit 3) on every command — the conflict naming both definitions — with doctor's summary right,
 * and `.ts` tool roots loading under plain `node`. Most cases run `main` in this process; each
 * behaviour that depends on being a process (dev, plain node) runs as a child.
 */
import { expect } from "chai";
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { axnBin, repo } from "../support/axn-child.js";
import { axn, type Run } from "../support/cli-in-process.js";

const helpdesk = join(repo, "docs/examples/helpdesk");
const sdkVersion = (JSON.parse(readFileSync(join(repo, "sdk/package.json"), "utf8")) as { version: string }).version;

const GREET = (name: string) =>
  `import { defineAxn } from "@axn/core";\nexport const A = defineAxn({ name: "Greet", description: "${name}", call: () => ({}) });\nexport const B = defineAxn({ name: "${name}.Other", description: "other", call: () => ({}) });\n`;

describe("axn CLI conventions and serve-time errors", function () {
  this.timeout(120_000); // a hang guard: child processes on a loaded machine
  let scratch: string;
  let conflict: string;
  let missingRoot: string;
  const children = new Set<ChildProcess>();

  before(() => {
    scratch = mkdtempSync(join(tmpdir(), "axn-cli-conventions-"));
    // The workspace's packages, for every app below (Node resolves through the ancestors).
    symlinkSync(join(repo, "node_modules"), join(scratch, "node_modules"));
    // Two modules each defining an action named Greet: both resolve to tool "greet" v1.
    conflict = join(scratch, "conflict");
    mkdirSync(join(conflict, "agent_tools"), { recursive: true });
    writeFileSync(
      join(conflict, "axn.config.mjs"),
      'export default { plugins: ["mcp", "http"], mcp: { toolRoots: ["agent_tools"] }, http: { toolRoots: ["agent_tools"] } };\n',
    );
    writeFileSync(join(conflict, "agent_tools/a.mjs"), GREET("A"));
    writeFileSync(join(conflict, "agent_tools/b.mjs"), GREET("B"));
    missingRoot = join(scratch, "missing-root");
    mkdirSync(missingRoot);
    writeFileSync(
      join(missingRoot, "axn.config.mjs"),
      'export default { plugins: ["mcp", "http"], mcp: { toolRoots: ["agent_tool"] } };\n',
    );
  });

  afterEach(() => {
    for (const child of children) child.kill("SIGKILL");
    children.clear();
  });

  after(() => {
    if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });
  });

  describe("--version, help, --json", () => {
    it("prints the @axn/sdk version with --version and -v (exit 0, stdout)", async () => {
      for (const flag of ["--version", "-v"]) {
        const run = await axn([flag], scratch);
        expect([run.code, run.stdout, run.stderr]).to.deep.equal([0, `${sdkVersion}\n`, ""]);
      }
    });

    it("ends --help with a docs path that exists in the package, never a path into the repository", async () => {
      const { stdout } = await axn(["--help"], scratch);
      const docs = /^Docs: (\S+) \("The axn CLI"\)$/m.exec(stdout)?.[1];
      expect(docs).to.equal(join(repo, "sdk/README.md"));
      expect(readFileSync(docs!, "utf8")).to.match(/^## The axn CLI$/m);
      expect(stdout).to.contain("  -v, --version   print the version of @axn/sdk\n");
      expect(stdout).not.to.contain("docs/cli.md");
    });

    it("prints doctor's findings as JSON with --json (same exit code)", async () => {
      const ok = await axn(["doctor", "--json"], helpdesk);
      expect(ok.code).to.equal(0);
      const report = JSON.parse(ok.stdout) as {
        ok: boolean;
        problems: number;
        warnings: number;
        findings: { level: string; message: string }[];
      };
      // Warnings are not counted: another spec may have loaded a second @axn/core into this process,
      // which doctor rightly warns about.
      expect(report).to.include({ ok: true, problems: 0 });
      expect(report.warnings).to.equal(report.findings.filter((finding) => finding.level === "warn").length);
      expect(report.findings[0]).to.deep.equal({ level: "ok", message: `Config ${join(helpdesk, "axn.config.ts")}` });
      const bad = await axn(["doctor", "--json"], missingRoot);
      expect(bad.code).to.equal(1);
      expect((JSON.parse(bad.stdout) as { findings: unknown[] }).findings).to.deep.include({
        level: "error",
        message: `Tool root "agent_tool" of adapter mcp does not exist (${join(missingRoot, "agent_tool")})`,
        fix: `Create ${join(missingRoot, "agent_tool")}, or fix mcp.toolRoots in the config.`,
      });
    });

    it("accepts --json on schema, call and openapi, whose output is JSON already", async () => {
      const schema = await axn(["schema", "list_tickets", "--json"], helpdesk);
      expect(schema.code, schema.stderr).to.equal(0);
      expect(JSON.parse(schema.stdout)).to.have.property("type", "object");
      const call = await axn(["call", "list_tickets", "--json", "--args", '{"perPage":1}'], helpdesk);
      expect(call.code, call.stderr).to.equal(0);
      expect(JSON.parse(call.stdout)).to.include({ ok: true, outcome: "success" });
      const openapi = await axn(["openapi", "--json"], helpdesk);
      expect(JSON.parse(openapi.stdout)).to.have.property("openapi", "3.1.0");
    });
  });

  describe("axn mcp-config", () => {
    it("prints each client's shape with absolute node, CLI entry and config, from any folder", async () => {
      const config = join(helpdesk, "axn.config.ts");
      const launch = {
        command: process.execPath,
        args: [join(repo, "sdk/bin/axn.js"), "serve", "--mcp-stdio", "--config", config],
      };
      const shapes: Record<string, unknown> = {
        "claude-desktop": { mcpServers: { "axn-example-helpdesk": launch } },
        cursor: { mcpServers: { "axn-example-helpdesk": launch } },
        inspector: { mcpServers: { "axn-example-helpdesk": launch } },
        "claude-code": { mcpServers: { "axn-example-helpdesk": { type: "stdio", ...launch } } },
        vscode: { servers: { "axn-example-helpdesk": { type: "stdio", ...launch } } },
      };
      for (const [client, shape] of Object.entries(shapes)) {
        // Run from elsewhere with --config: the output is the same.
        const run = await axn(["mcp-config", client, "--config", config], scratch);
        expect(run.code, run.stderr).to.equal(0);
        expect(JSON.parse(run.stdout), client).to.deep.equal(shape);
      }
      const named = await axn(["mcp-config", "--name", "desk"], helpdesk);
      expect(Object.keys((JSON.parse(named.stdout) as { mcpServers: object }).mcpServers)).to.deep.equal(["desk"]);
    });

    it("refuses an unknown client (exit 2) and a folder without a config (exit 3)", async () => {
      const unknown = await axn(["mcp-config", "claude"], helpdesk);
      expect([unknown.code, unknown.stderr]).to.deep.equal([
        2,
        'axn: Unknown MCP client "claude"; clients: claude-desktop, claude-code, cursor, vscode, inspector\nRun `axn mcp-config --help` for usage.\n',
      ]);
      const empty = mkdtempSync(join(scratch, "empty-"));
      const none = await axn(["mcp-config"], empty);
      expect(none.code).to.equal(3);
      expect(none.stderr).to.contain(`axn: No axn config found in ${empty}`);
      expect(none.stderr).to.contain("Run it in the app's folder, or pass --config PATH.");
    });
  });

  describe("serve-time errors", () => {
    it("refuses a tool root that does not exist on every command that loads the app (exit 3)", async () => {
      const expected = [
        `axn: Tool root "agent_tool" of adapter mcp does not exist (${join(missingRoot, "agent_tool")})`,
        `Create the folder, or fix mcp.toolRoots in ${join(missingRoot, "axn.config.mjs")}.`,
        "",
      ].join("\n");
      for (const args of [
        ["serve", "--port", "0"],
        ["serve", "--mcp-stdio"],
        ["tools"],
        ["openapi"],
        ["call", "x"],
        ["schema", "x"],
      ]) {
        const run = await axn(args, missingRoot);
        expect([run.code, run.stdout, run.stderr], args.join(" ")).to.deep.equal([3, "", expected]);
      }
    });

    it("reports a tool name conflict with its code, both definitions and the fix, on every command (exit 3)", async () => {
      const expected = [
        'axn: Tool name conflict for adapter "mcp": Greet and Greet both resolve to tool "greet" version 1; set a distinct tool name (tool: { name: "..." }) or toolVersion on one of them [AXN_TOOL_CONFLICT]',
        "Defined in:",
        "  Greet (agent_tools/a.mjs)",
        "  Greet (agent_tools/b.mjs)",
        'Give one of them a distinct tool name (tool: { name: "..." }) or toolVersion; `axn doctor` lists every problem.',
        "",
      ].join("\n");
      for (const args of [
        ["serve", "--port", "0"],
        ["serve", "--mcp-stdio"],
        ["openapi"],
        ["tools"],
        ["call", "greet"],
        ["schema", "greet"],
      ]) {
        const run = await axn(args, conflict);
        expect([run.code, run.stdout, run.stderr], args.join(" ")).to.deep.equal([3, "", expected]);
      }
    });

    it("says so as a child process too: one clean error, no stack (serve --mcp-stdio)", async () => {
      const run = await new Promise<Run>((done) =>
        execFile(process.execPath, [axnBin, "serve", "--mcp-stdio"], { cwd: conflict }, (error, stdout, stderr) =>
          done({ code: error === null ? 0 : typeof error.code === "number" ? error.code : null, stdout, stderr }),
        ),
      );
      expect(run.code).to.equal(3);
      expect(run.stderr.split("\n")[0]).to.match(
        /^axn: Tool name conflict for adapter "mcp": .* \[AXN_TOOL_CONFLICT\]$/,
      );
      expect(run.stderr).not.to.match(/\n\s+at /);
    });

    it("doctor reports the conflict once per adapter, without a false 'holds N modules and no tool'", async () => {
      const run = await axn(["doctor"], conflict);
      expect(run.code).to.equal(1);
      for (const key of ["mcp", "http"]) {
        expect(run.stdout).to.contain(`✖ Adapter ${key}: Tool name conflict for adapter "${key}"`);
        expect(run.stdout).to.contain(`✔ Tool root "agent_tools" of adapter ${key}: 2 modules\n`);
      }
      expect(run.stdout).not.to.contain("no tool");
      expect(run.stdout.trimEnd().split("\n").at(-1)).to.match(/^2 problems, \d+ warnings?\.$/); // a warning: another spec's second @axn/core
    });

    it("loads .ts tool roots under plain node in a script calling loadHost, as the .ts config loads", async () => {
      const app = join(scratch, "plain-node");
      cpSync(join(repo, "docs/examples/getting-started"), app, { recursive: true });
      writeFileSync(join(app, "package.json"), '{ "type": "module" }\n');
      writeFileSync(
        join(app, "load.mjs"),
        'import { loadHost } from "@axn/sdk";\nimport { McpAdapter } from "axn-plugin-mcp";\nawait loadHost({ cwd: import.meta.dirname });\nconst [greet] = McpAdapter.tools();\nconsole.log(JSON.stringify({ name: greet.name, reply: (await greet.call({ name: "Ada" })).structuredContent }));\n',
      );
      const run = await new Promise<Run>((done) =>
        execFile(process.execPath, ["load.mjs"], { cwd: app }, (error, stdout, stderr) =>
          done({ code: error === null ? 0 : Number(error.code), stdout, stderr }),
        ),
      );
      expect(run.code, run.stderr).to.equal(0);
      expect(JSON.parse(run.stdout)).to.deep.equal({ name: "greet", reply: { greeting: "Hello, Ada." } });
    });

    it("evaluates a module two .ts tool modules import once under plain node (one jiti cache), like a native loader", async () => {
      const app = join(scratch, "plain-node-shared");
      mkdirSync(join(app, "agent_tools"), { recursive: true });
      mkdirSync(join(app, "src"));
      writeFileSync(join(app, "package.json"), '{ "type": "module" }\n');
      writeFileSync(
        join(app, "axn.config.ts"),
        'export default { plugins: ["mcp"], mcp: { toolRoots: ["agent_tools"] } };\n',
      );
      writeFileSync(join(app, "src/store.ts"), "export const store = { id: Math.random() };\n");
      for (const name of ["a", "b"]) {
        writeFileSync(
          join(app, `agent_tools/${name}.ts`),
          `import { defineAxn } from "@axn/core";\nimport { store } from "../src/store.js";\nexport const X = defineAxn({ name: "${name}", call: () => ({}) });\n((globalThis as { seen?: Set<number> }).seen ??= new Set()).add(store.id);\n`,
        );
      }
      writeFileSync(
        join(app, "load.mjs"),
        'import { loadHost } from "@axn/sdk";\nawait loadHost({ cwd: import.meta.dirname });\nconsole.log(globalThis.seen.size);\n',
      );
      const run = await new Promise<Run>((done) =>
        execFile(process.execPath, ["load.mjs"], { cwd: app }, (error, stdout, stderr) =>
          done({ code: error === null ? 0 : Number(error.code), stdout, stderr }),
        ),
      );
      expect([run.code, run.stdout, run.stderr]).to.deep.equal([0, "1\n", ""]);
    });
  });

  describe("axn init and axn dev", () => {
    it("init writes the project and refuses to overwrite it (exit 2)", async () => {
      const first = await axn(["init", "made"], scratch);
      expect(first.code, first.stderr).to.equal(0);
      expect(first.stdout.split("\n").slice(0, 4)).to.deep.equal([
        `Created made in ${join(scratch, "made")}: package.json, agent_tools/greet.ts, axn.config.ts, test/greet.test.ts, tsconfig.json, README.md, .gitignore`,
        "",
        "Next:",
        "  cd made",
      ]);
      expect(existsSync(join(scratch, "made/agent_tools/greet.ts"))).to.equal(true);
      const again = await axn(["init", "made"], scratch);
      expect(again.code).to.equal(2);
      expect(again.stderr).to.contain("axn init never overwrites a file");
    });

    it("dev refuses stdio (exit 2)", async () => {
      const run = await axn(["dev", "--mcp-stdio"], helpdesk);
      expect(run.code).to.equal(2);
      expect(run.stderr).to.contain(
        "axn: axn dev serves over HTTP; a stdio client starts its own server: use axn serve --mcp-stdio (or axn mcp-config)",
      );
    });

    it("dev serves, restarts when an action changes (the new tool is served) and stops on SIGTERM", async () => {
      const app = join(scratch, "dev-app");
      cpSync(join(repo, "docs/examples/getting-started"), app, { recursive: true });
      writeFileSync(join(app, "package.json"), '{ "name": "dev-app", "type": "module" }\n');
      const { PORT: _port, INIT_CWD: _initCwd, ...env } = process.env;
      const dev = spawn(process.execPath, [axnBin, "dev", "--port", "0"], { cwd: app, env });
      children.add(dev);
      let out = "";
      let err = "";
      dev.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
      dev.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
      const waitFor = (test: () => boolean): Promise<void> =>
        new Promise((done, fail) => {
          const poll = setInterval(() => {
            if (test()) {
              clearInterval(poll);
              done();
            } else if (dev.exitCode !== null) {
              clearInterval(poll);
              fail(new Error(`axn dev exited (${dev.exitCode}):\n${out}\n${err}`));
            }
          }, 50);
        });
      const banners = () => out.split("Press Ctrl+C to stop.").length - 1;
      await waitFor(() => banners() === 1);
      expect(out).to.match(/^Serving dev-app \(1 MCP tool, 1 HTTP operation\)/);
      expect(err).to.contain(`axn dev: watching ${app} (node_modules, dist and .git excepted)`);

      writeFileSync(
        join(app, "agent_tools/farewell.ts"),
        'import { defineAxn } from "@axn/core";\nexport const Farewell = defineAxn({ name: "Farewell", description: "Say goodbye", call: () => ({}) });\n',
      );
      // A restart prints one line, not the banner again.
      await waitFor(() => /axn dev: reloaded \(2 tools\) on http:\/\/127\.0\.0\.1:\d+\n/.test(out));
      expect(err).to.contain("axn dev: agent_tools/farewell.ts changed; restarting");
      expect(banners()).to.equal(1);

      const exited = new Promise<number | null>((done) => dev.once("exit", (code) => done(code)));
      dev.kill("SIGTERM");
      expect(await exited).to.equal(0);
    });
  });
});
