/**
 * docs/getting-started.md, followed by a new user in a folder outside the workspace, on the packed
 * packages (issue 21, items 1–3). The project's files are read from the page itself (each block
 * whose first line is `// <path>`), so the page and this spec cannot drift; they must also equal
 * docs/examples/getting-started/ (type-checked with the test project) and what `axn init` writes.
 * Then, as the page says: strict type-check, `npx axn tools` / `axn call` printing what the page
 * shows, `npm test` (examples/getting-started/test/greet.test.ts), the MCP Inspector's CLI calling the tool over stdio from the file
 * `axn mcp-config inspector` wrote, a client launching it from `/` with `axn mcp-config`'s
 * absolute paths, and HTTP. Last, the scaffold: `axn init` run by `npm exec` from the packed
 * tarballs (no global install), installed, and its own `npm test` green.
 *
 * One packed set (test/support/packed.ts, shared with fresh-app.spec.ts) serves both parts; npm's output is shown only when a step fails.
 */
import { expect } from "chai";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { PROJECT_FILES } from "../../sdk/dist/cli/init/templates.js";
import { packedPackages } from "../support/packed.js";
import { readUntil } from "../support/axn-child.js";
import { freshRoot, npmCommand, NPM_FLAGS, Shell, TYPES_NODE, TYPESCRIPT, userEnv } from "../support/fresh-project.js";

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, "../..");
const page = readFileSync(join(repo, "docs/getting-started.md"), "utf8");
const example = join(repo, "docs/examples/getting-started");
const inspector = join(repo, "node_modules/.bin/mcp-inspector");

/** The page's code blocks, by language, each with its text. */
function blocks(lang: RegExp): string[] {
  return [...page.matchAll(/^```(\w+)\n([\s\S]*?)^```$/gm)].filter((m) => lang.test(m[1]!)).map((m) => m[2]!);
}

/** The project files the page shows: every block opening with `// <path>`. */
const PAGE_FILES: Record<string, string> = Object.fromEntries(
  blocks(/^(ts|jsonc)$/).flatMap((text) => {
    const path = /^\/\/ ([\w./-]+\.(?:ts|json))\n/.exec(text)?.[1];
    return path === undefined ? [] : [[path, text]];
  }),
);

/** What a `$ command` line of a console block prints, up to the next prompt. */
function consoleOutput(command: string): string {
  for (const text of blocks(/^console$/)) {
    const lines = text.split("\n");
    const at = lines.indexOf(`$ ${command}`);
    if (at === -1) continue;
    const rest = lines.slice(at + 1);
    const end = rest.findIndex((line) => line.startsWith("$ "));
    return (end === -1 ? rest : rest.slice(0, end)).join("\n").trimEnd();
  }
  throw new Error(`docs/getting-started.md shows no "$ ${command}"`);
}

/** The page's `npm pkg set …` lines (they touch no registry, so they run as written). */
const PKG_SET = blocks(/^sh$/)
  .flatMap((text) => text.split("\n"))
  .map((line) => line.replace(/\s+#.*$/, ""))
  .filter((line) => line.startsWith("npm pkg set"));

const shell = new Shell();
const run = shell.run.bind(shell);
const mustRun = shell.mustRun.bind(shell);
const npm = shell.npm.bind(shell);

const json = (text: string): unknown => JSON.parse(text) as unknown;

describe("docs/getting-started.md in a fresh project outside the workspace, on the packed packages", function () {
  this.timeout(400_000); // a hang guard for a cold npm cache on a loaded machine, not a budget

  let root: string;
  let app: string;
  let bin: string;
  let tarballs: string[];

  before(async () => {
    root = freshRoot("axn-getting-started-");
    app = join(root, "my-tools");
    bin = join(app, "node_modules/@axn/sdk/bin/axn.js");
    mkdirSync(app);
    // Shared with fresh-app.spec.ts: packed once per content (in core, sdk, mcp, langchain, http order).
    tarballs = (await packedPackages()).map((entry) => entry.tarball);

    // Step 1, with the tarballs in place of the registry's names.
    await npm(["init", "-y"], { cwd: app });
    await npm(["pkg", "set", "type=module"], { cwd: app });
    // The page installs no LangChain plugin.
    await npm(["install", ...NPM_FLAGS, ...tarballs.filter((t) => !basename(t).includes("langchain")), "zod"], {
      cwd: app,
      timeoutMs: 300_000,
    });
    await npm(["install", ...NPM_FLAGS, "-D", `typescript@${TYPESCRIPT}`, "tsx", TYPES_NODE], {
      cwd: app,
      timeoutMs: 300_000,
    });
    for (const [path, text] of Object.entries(PAGE_FILES)) {
      mkdirSync(dirname(join(app, path)), { recursive: true });
      writeFileSync(join(app, path), text);
    }
    for (const line of PKG_SET) await mustRun(line, [], { cwd: app, shell: true });
  });

  afterEach(function () {
    shell.reportIfFailed(this.currentTest, root);
    shell.killAll();
  });

  after(() => {
    if (root !== undefined) rmSync(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  });

  it("shows the project's files, the same as docs/examples/getting-started/ and what axn init writes", () => {
    expect(Object.keys(PAGE_FILES).sort()).to.deep.equal([
      "agent_tools/greet.ts",
      "axn.config.ts",
      "test/greet.test.ts",
      "tsconfig.json",
    ]);
    for (const [path, text] of Object.entries(PAGE_FILES)) {
      expect(text, `docs/examples/getting-started/${path}`).to.equal(readFileSync(join(example, path), "utf8"));
      expect(text, `axn init's ${path}`).to.equal(PROJECT_FILES[path]);
    }
    expect(Object.keys(PROJECT_FILES).sort()).to.deep.equal(Object.keys(PAGE_FILES).sort());
    expect(PKG_SET).to.have.length(2);
  });

  it("type-checks under strict with the project's own tsc (shipped .d.ts included)", async () => {
    const tsc = await run(join(app, "node_modules/.bin/tsc"), ["--noEmit"], { cwd: app });
    expect(tsc.stdout + tsc.stderr).to.equal("");
    expect(tsc.code).to.equal(0);
  });

  it("prints what the page shows for npx axn tools and npx axn call", async () => {
    const [tools, call] = await Promise.all([
      run(process.execPath, [bin, "tools"], { cwd: app }),
      run(process.execPath, [bin, "call", "greet", "--args", '{"name":"Ada","excited":"true"}'], { cwd: app }),
    ]);
    expect(tools.code, tools.stderr).to.equal(0);
    expect(tools.stdout.trimEnd()).to.equal(consoleOutput("npx axn tools"));
    expect(call.code, call.stderr).to.equal(0);
    expect(call.stdout.trimEnd()).to.equal(
      consoleOutput(`npx axn call greet --args '{"name":"Ada","excited":"true"}'`),
    );
  });

  it("passes its own npm test (test/greet.test.ts: a direct call, a failure, the MCP tool after loadHost)", async () => {
    const test = await run(...npmCommand(["test"]), { cwd: app });
    expect(test.code, test.stdout + test.stderr).to.equal(0);
    // node --test's summary: `# pass 3` from Node 20's TAP reporter off a terminal, `ℹ pass 3` from 24+'s spec reporter.
    expect(test.stdout).to.match(/^(# |ℹ )pass 3$/m);
    expect(test.stdout).to.match(/^(# |ℹ )fail 0$/m);
  });

  it("prints mcp-config with absolute paths that launch the server from /, where a client may start it", async () => {
    const printed = await run(process.execPath, [bin, "mcp-config"], { cwd: app });
    expect(printed.code, printed.stderr).to.equal(0);
    expect(json(printed.stdout)).to.deep.equal({
      mcpServers: {
        "my-tools": {
          command: process.execPath,
          args: [bin, "serve", "--mcp-stdio", "--config", join(app, "axn.config.ts")],
        },
      },
    });
    expect(printed.stderr).to.equal(
      `axn: axn.config.ts served over MCP stdio as "my-tools"; paste into claude_desktop_config.json (Settings → Developer → Edit Config): merge into mcpServers\n`,
    );
    const vscode = await run(process.execPath, [bin, "mcp-config", "vscode"], { cwd: app });
    expect(json(vscode.stdout)).to.deep.equal({
      servers: {
        "my-tools": {
          type: "stdio",
          command: process.execPath,
          args: [bin, "serve", "--mcp-stdio", "--config", join(app, "axn.config.ts")],
        },
      },
    });

    const server = (json(printed.stdout) as { mcpServers: Record<string, { command: string; args: string[] }> })
      .mcpServers["my-tools"]!;
    const client = new Client({ name: "getting-started-spec", version: "1.0.0" });
    await client.connect(
      new StdioClientTransport({
        command: server.command,
        args: server.args,
        cwd: "/",
        env: userEnv() as Record<string, string>,
        stderr: "pipe",
      }),
    );
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).to.deep.equal(["greet"]);
      expect(await client.callTool({ name: "greet", arguments: { name: "Ada" } })).to.deep.equal({
        content: [{ type: "text", text: '{"greeting":"Hello, Ada."}' }],
        structuredContent: { greeting: "Hello, Ada." },
      });
    } finally {
      await client.close();
    }
  });

  it("answers the MCP Inspector's CLI over stdio, from the file axn mcp-config inspector wrote", async () => {
    const printed = await mustRun(process.execPath, [bin, "mcp-config", "inspector"], { cwd: app });
    writeFileSync(join(app, "mcp.json"), printed.stdout);
    // Run from the temp root, not the project: the launch must not depend on the folder.
    const call = await run(
      inspector,
      [
        "--cli",
        "--config",
        join(app, "mcp.json"),
        "--server",
        "my-tools",
        "--method",
        "tools/call",
        "--tool-name",
        "greet",
        "--tool-arg",
        "name=Ada",
      ],
      { cwd: root },
    );
    expect(call.code, call.stdout + call.stderr).to.equal(0);
    expect(json(call.stdout)).to.deep.include({ structuredContent: { greeting: "Hello, Ada." } });
  });

  it("serves HTTP with npm start (--dev), answering the page's curl", async () => {
    // --dev: the reference page is a development aid (axn serve runs in production otherwise).
    const [command, args] = npmCommand(["start", "--", "--port", "0", "--dev"]);
    // Its own process group: npm runs `axn serve` as a grandchild (through sh), which a kill of npm
    // alone leaves running — one stray server per run of the suite.
    const server = shell.spawn(command, args, { cwd: app });
    const banner = await readUntil(server, "Press Ctrl+C to stop.");
    const url = /Serving my-tools \(1 MCP tool, 1 HTTP operation\) on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(banner)?.[1];
    expect(url, banner).to.be.a("string");
    expect(banner).to.contain(
      "This app's CLI, from this folder:\n  npx axn tools · npx axn mcp-config · npx axn serve --mcp-stdio\n",
    );
    const reply = await fetch(`${url}/api/greet/v1`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"name":"Ada"}',
    });
    expect(reply.status).to.equal(200);
    // The page installs no @scalar/api-reference (an optional peer): the reference page says what to install.
    expect(banner).not.to.contain("API docs");
    const reference = await fetch(`${url}/api/docs`);
    expect(reference.status).to.equal(404);
    expect(await reference.json()).to.deep.equal({
      error:
        "The API reference page needs @scalar/api-reference, which is not installed; run `npm i @scalar/api-reference` in the app and restart",
    });
    expect(await reply.text()).to.equal(
      consoleOutput(
        `curl -s -X POST http://127.0.0.1:3000/api/greet/v1 -H 'content-type: application/json' -d '{"name":"Ada"}'`,
      ),
    );
  });

  describe("the scaffold: axn init from the packed tarballs, without a global install", () => {
    let scaffold: string;

    before(async () => {
      scaffold = join(root, "scaffolded");
      // npm exec puts the tarballs in npm's own cache folder and runs the package's one bin.
      const [command, args] = npmCommand([
        "exec",
        "--yes",
        ...tarballs.slice(0, 2).flatMap((t) => ["--package", t]),
        "--",
        "axn",
        "init",
        "scaffolded",
      ]);
      const init = await mustRun(command, args, { cwd: root, timeoutMs: 300_000 });
      expect(init.stdout.split("\n")[0]).to.equal(
        `Created scaffolded in ${scaffold}: package.json, agent_tools/greet.ts, axn.config.ts, test/greet.test.ts, tsconfig.json, README.md, .gitignore`,
      );
    });

    it("writes the getting-started project, with scripts that run the project's own axn", () => {
      for (const [path, text] of Object.entries(PROJECT_FILES))
        expect(readFileSync(join(scaffold, path), "utf8"), path).to.equal(text);
      const manifest = json(readFileSync(join(scaffold, "package.json"), "utf8")) as {
        name: string;
        type: string;
        scripts: Record<string, string>;
        dependencies: Record<string, string>;
      };
      expect(manifest.name).to.equal("scaffolded");
      expect(manifest.type).to.equal("module");
      expect(manifest.scripts).to.deep.equal({
        start: "axn serve",
        dev: "axn dev",
        test: "tsc --noEmit && node --import tsx --test test/*.test.ts",
        tools: "axn tools",
        "mcp-config": "axn mcp-config",
      });
      expect(Object.keys(manifest.dependencies)).to.deep.equal([
        "@axn/core",
        "@axn/sdk",
        "axn-plugin-http",
        "axn-plugin-mcp",
        "zod",
      ]);
    });

    it("refuses to write over an existing project (exit 2)", async () => {
      const again = await run(process.execPath, [bin, "init", scaffold], { cwd: root });
      expect(again.code).to.equal(2);
      expect(again.stderr).to.equal(
        `axn: ${scaffold} already has package.json, agent_tools/greet.ts, axn.config.ts, test/greet.test.ts, tsconfig.json, README.md, .gitignore; axn init never overwrites a file\nPick a new folder: axn init scaffolded-2\n`,
      );
    });

    it("installs and passes its own npm test out of the box", async () => {
      // The registry has no @axn packages yet: the tarballs stand in for them.
      await npm(["install", ...NPM_FLAGS, ...tarballs.filter((t) => !basename(t).includes("langchain"))], {
        cwd: scaffold,
        timeoutMs: 300_000,
      });
      const test = await run(...npmCommand(["test"]), { cwd: scaffold });
      expect(test.code, test.stdout + test.stderr).to.equal(0);
      expect(test.stdout).to.match(/^(# |ℹ )pass 3$/m);
      expect(relative(root, scaffold)).to.equal("scaffolded");
    });
  });
});
