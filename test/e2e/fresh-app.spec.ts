/**
 * The packed product in a fresh app, as a new user meets it (issue 14, "Done when"): the five
 * packages are `npm pack`ed, installed with `zod` (resolving to zod 4) from the public registry
 * into an app outside the workspace, and the app — its sources are the templates in
 * `test/e2e/fresh-app/` — type-checks under `strict` with its own `tsc`, lists and calls its tools
 * with its own `axn` CLI, serves them over MCP stdio, HTTP and MCP Streamable HTTP, and hands them
 * to LangChain in a script run by its own tsx.
 *
 * Nothing here reaches into the workspace's packages: the app resolves everything from its own
 * `node_modules`. Only the MCP client (the test's side of the protocol) is the workspace's. npm's
 * output is captured, and shown only when a step fails.
 */
import { expect } from "chai";
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { basename, dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { packedPackages, type PackedPackage } from "../support/packed.js";

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, "../..");
const templates = join(here, "fresh-app");

/** The five published packages, by workspace folder. */
const PACKAGES = {
  core: "@axn/core",
  sdk: "@axn/sdk",
  "plugins/mcp": "axn-plugin-mcp",
  "plugins/langchain": "axn-plugin-langchain",
  "plugins/http": "axn-plugin-http",
} as const;

/** The same TypeScript the workspace builds with; the types of the Node that runs the app. */
const TYPESCRIPT = (createRequire(import.meta.url)("typescript/package.json") as { version: string }).version;
const TYPES_NODE = `@types/node@^${process.versions.node.split(".")[0]}`;

const NPM_FLAGS = ["--no-audit", "--no-fund", "--prefer-offline"];

interface Run {
  readonly command: string;
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Every command run, with its output: printed when a test fails, never otherwise. */
const transcript: Run[] = [];
const children = new Set<ChildProcess>();

function describeRun(run: Run): string {
  const status = run.signal === null ? `exit ${run.code}` : `killed by ${run.signal}`;
  const tail = (text: string) =>
    text.length > 4000 ? `[… ${text.length - 4000} characters]\n${text.slice(-4000)}` : text;
  return `$ ${run.command}  (${status})\n--- stdout\n${tail(run.stdout)}\n--- stderr\n${tail(run.stderr)}`;
}

/**
 * The environment a user's shell would give the app: no npm-script variables from the `npm test`
 * this spec runs under (a workspace, a prefix or a package of the workspace must not leak into the
 * app's npm), but the user's npm config (registry, cache, CA) as it is.
 */
function userEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(env)) {
    if (/^npm_(package_|lifecycle_|command$|execpath$|node_execpath$)/i.test(key)) delete env[key];
    if (
      /^npm_config_(workspaces?|include_workspace_root|global|global_prefix|local_prefix|prefix|call|dry_run|json|omit|include|production|save.*|package_lock.*|user_agent)$/i.test(
        key,
      )
    )
      delete env[key];
  }
  return env;
}

/** Runs a command to completion (SIGKILLed past `timeoutMs`, a hang guard only). */
function run(file: string, args: readonly string[], options: { cwd: string; timeoutMs?: number }): Promise<Run> {
  const command = [file === process.execPath ? "node" : file, ...args].join(" ");
  return new Promise((done) => {
    const child = execFile(
      file,
      args,
      {
        cwd: options.cwd,
        env: userEnv(),
        timeout: options.timeoutMs ?? 60_000,
        killSignal: "SIGKILL",
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        children.delete(child);
        const failure = error as (Error & { code?: unknown; signal?: NodeJS.Signals | null }) | null;
        const result: Run = {
          command,
          code: failure === null ? 0 : typeof failure.code === "number" ? failure.code : null,
          signal: failure?.signal ?? null,
          stdout,
          stderr,
        };
        transcript.push(result);
        done(result);
      },
    );
    children.add(child);
  });
}

/** `run`, failing with the command's whole output unless it exited 0. */
async function mustRun(
  file: string,
  args: readonly string[],
  options: { cwd: string; timeoutMs?: number },
): Promise<Run> {
  const result = await run(file, args, options);
  if (result.code !== 0) throw new Error(`command failed:\n${describeRun(result)}`);
  return result;
}

/** npm as the test runs it (the `npm_execpath` of `npm test`), else the `npm` on PATH. */
function npmCommand(args: readonly string[]): [string, string[]] {
  const execPath = process.env["npm_execpath"];
  return execPath !== undefined && basename(execPath) === "npm-cli.js"
    ? [process.execPath, [execPath, ...args]]
    : ["npm", [...args]];
}
const npm = (args: readonly string[], options: { cwd: string; timeoutMs?: number }) =>
  mustRun(...npmCommand(args), options);

/** Every installed copy of `name` under `root` (each `node_modules/<name>`, nested ones too). */
function installedCopies(root: string, name: string): { path: string; version: string }[] {
  const found: { path: string; version: string }[] = [];
  const visit = (nodeModules: string): void => {
    if (!existsSync(nodeModules)) return;
    for (const entry of readdirSync(nodeModules, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name.startsWith(".")) continue;
      const packages = entry.name.startsWith("@")
        ? readdirSync(join(nodeModules, entry.name), { withFileTypes: true })
            .filter((scoped) => scoped.isDirectory())
            .map((scoped) => join(nodeModules, entry.name, scoped.name))
        : [join(nodeModules, entry.name)];
      for (const dir of packages) {
        const manifest = join(dir, "package.json");
        if (!existsSync(manifest)) continue;
        const { name: packageName, version } = JSON.parse(readFileSync(manifest, "utf8")) as {
          name?: string;
          version: string;
        };
        if (packageName === name) found.push({ path: relative(root, dir), version });
        visit(join(dir, "node_modules"));
      }
    }
  };
  visit(join(root, "node_modules"));
  return found;
}

/** Collects the child's stdout until `marker` appears; rejects if it exits first or takes too long. */
function readUntil(child: ChildProcess, marker: string, timeoutMs = 60_000): Promise<string> {
  return new Promise((done, fail) => {
    let out = "";
    let err = "";
    const timer = setTimeout(
      () => fail(new Error(`no "${marker}" within ${timeoutMs} ms:\n${out}\n${err}`)),
      timeoutMs,
    );
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes(marker)) {
        clearTimeout(timer);
        done(out);
      }
    });
    child.stderr!.on("data", (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      fail(new Error(`exited (${code ?? signal}) before "${marker}":\n${out}\n${err}`));
    });
  });
}

const json = (text: string): unknown => JSON.parse(text) as unknown;
const post = (url: string, body: unknown) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

/** What every adapter advertises for `add`: zod 4's own reflection of `z.number().int()`. */
const INT = { type: "integer", minimum: -9007199254740991, maximum: 9007199254740991 };
const ADD_INPUT_SCHEMA = {
  type: "object",
  properties: { a: INT, b: { ...INT, description: "The second addend" } },
  required: ["a", "b"],
  additionalProperties: false,
};

describe("a fresh app outside the workspace, on the packed packages and zod 4", function () {
  this.timeout(300_000); // a hang guard for a cold npm cache, not a budget

  let root: string;
  let app: string;
  let bin: string;
  let packed: readonly PackedPackage[];
  let install: Run;
  const clients: Client[] = [];

  before(async () => {
    root = mkdtempSync(join(tmpdir(), "axn-fresh-app-"));
    app = join(root, "fresh-app");
    bin = join(app, "node_modules/@axn/sdk/bin/axn.js");

    // Nothing above the app may lend it packages: Node resolves through every ancestor's node_modules.
    for (let dir = root; dir !== dirname(dir); dir = dirname(dir)) {
      expect(existsSync(join(dir, "node_modules")), `${dir}/node_modules would leak into the fresh app`).to.equal(
        false,
      );
    }
    expect(relative(repo, root).startsWith(".."), "the app must live outside the workspace").to.equal(true);

    packed = await packedPackages(); // shared with getting-started.spec.ts: packed once per content

    cpSync(templates, app, { recursive: true });
    await npm(["init", "-y"], { cwd: app });
    const manifest = JSON.parse(readFileSync(join(app, "package.json"), "utf8")) as Record<string, unknown>;
    writeFileSync(join(app, "package.json"), JSON.stringify({ ...manifest, type: "module" }, null, 2));

    const tarballs = packed.map((entry) => entry.tarball);
    install = await npm(["install", ...NPM_FLAGS, ...tarballs, "zod", `typescript@${TYPESCRIPT}`, TYPES_NODE, "tsx"], {
      cwd: app,
      timeoutMs: 240_000,
    });
  });

  let shown = 0;
  const stopEverything = async (): Promise<void> => {
    await Promise.allSettled(clients.splice(0).map((client) => client.close()));
    for (const child of children) child.kill("SIGKILL");
    children.clear();
  };

  afterEach(async function () {
    if (this.currentTest?.state === "failed") {
      console.error(
        `\nfresh app (${app}), the commands run since the last failure:\n\n${transcript.slice(shown).map(describeRun).join("\n")}`,
      );
      shown = transcript.length;
    }
    await stopEverything();
  });

  after(async () => {
    await stopEverything();
    if (root !== undefined) rmSync(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  });

  describe("the packed packages", () => {
    it("are the five packages, each shipping its exports and bin and nothing of the build's own state", () => {
      expect(packed.map((entry) => entry.name).sort()).to.deep.equal(Object.values(PACKAGES).sort());
      for (const entry of packed) {
        const files = new Set(entry.files.map((file) => file.path));
        const manifest = JSON.parse(readFileSync(join(app, "node_modules", entry.name, "package.json"), "utf8")) as {
          exports: Record<string, { types: string; default: string }>;
          bin?: Record<string, string>;
        };
        const targets = [
          ...Object.values(manifest.exports).flatMap((target) => [target.types, target.default]),
          ...Object.values(manifest.bin ?? {}),
        ];
        for (const target of targets)
          expect(files, `${entry.name} ships ${target}`).to.include(target.replace(/^\.\//, ""));
        expect(
          [...files].filter((file) => file.endsWith(".tsbuildinfo")),
          `${entry.name} ships tsc's build state`,
        ).to.deep.equal([]);
      }
    });
  });

  describe("the install", () => {
    it("resolves zod to 4.x, installed once, and one copy of each axn package and of @langchain/core (a peer)", () => {
      const zod = installedCopies(app, "zod");
      expect(zod, "copies of zod").to.have.lengthOf(1);
      expect(zod[0]!.path).to.equal("node_modules/zod");
      expect(zod[0]!.version).to.match(/^4\./);
      for (const name of [...Object.values(PACKAGES), "@langchain/core"])
        expect(installedCopies(app, name), `copies of ${name}`).to.have.lengthOf(1);
    });

    it("leaves npm nothing to complain about: no peer conflict, nothing missing or invalid", async () => {
      expect(install.stderr).not.to.match(/ERESOLVE|peer dep|conflicting peer/i);
      const tree = await run(...npmCommand(["ls", "--all", "--json"]), { cwd: app });
      const report = json(tree.stdout) as { problems?: string[] };
      expect(report.problems ?? [], "npm ls problems").to.deep.equal([]);
      expect(tree.code).to.equal(0);
      expect(existsSync(join(app, "node_modules/.bin/axn")), "the axn bin is linked").to.equal(true);
    });
  });

  describe("the app", () => {
    it("type-checks under strict with its own tsc, shipped .d.ts included (skipLibCheck off)", async () => {
      const tsconfig = json(readFileSync(join(app, "tsconfig.json"), "utf8")) as {
        compilerOptions: Record<string, unknown>;
      };
      expect(tsconfig.compilerOptions).to.include({
        strict: true,
        module: "NodeNext",
        moduleResolution: "NodeNext",
        skipLibCheck: false,
      });
      const tsc = await run(join(app, "node_modules/.bin/tsc"), ["--noEmit"], { cwd: app });
      expect(tsc.stdout + tsc.stderr).to.equal("");
      expect(tsc.code).to.equal(0);
    });

    it("lists, describes and calls its tools with its own axn CLI", async () => {
      const [tools, call, failed, doctor] = await Promise.all([
        run(process.execPath, [bin, "tools", "--json"], { cwd: app }),
        run(process.execPath, [bin, "call", "add", "--args", '{"a":"2","b":3}'], { cwd: app }),
        run(process.execPath, [bin, "call", "greet", "--args", '{"email":"x@blocked.example"}'], { cwd: app }),
        run(process.execPath, [bin, "doctor"], { cwd: app }),
      ]);
      expect(tools.code, tools.stderr).to.equal(0);
      expect(json(tools.stdout)).to.deep.equal([
        {
          kind: "tool",
          name: "add",
          version: 1,
          adapters: ["http", "langchain", "mcp"],
          semanticHints: ["readOnly", "idempotent"],
          description: "Add two integers",
        },
        {
          kind: "tool",
          name: "greet",
          version: 1,
          adapters: ["http", "langchain", "mcp"],
          semanticHints: [],
          description: "Greet someone by email",
        },
      ]);
      expect(call.code, call.stderr).to.equal(0);
      expect(json(call.stdout)).to.deep.equal({
        ok: true,
        outcome: "success",
        message: "The sum is 5",
        exposed: { sum: 5 },
      });
      expect(failed.code).to.equal(1);
      expect(json(failed.stdout)).to.deep.equal({
        ok: false,
        outcome: "failure",
        error: "Could not greet: blocked.example does not take greetings",
      });
      expect(doctor.code, doctor.stdout + doctor.stderr).to.equal(0);
      expect(doctor.stdout).to.contain("No problems found.");
    });

    it("serves MCP over stdio (axn serve --mcp-stdio) to the MCP SDK's own client", async () => {
      const client = new Client({ name: "fresh-app-spec", version: "1.0.0" });
      clients.push(client);
      await client.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: [bin, "serve", "--mcp-stdio"],
          cwd: app,
          stderr: "pipe",
        }),
      );
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).to.deep.equal(["add", "greet"]);
      expect(tools[0]!.inputSchema).to.deep.equal({
        $schema: "https://json-schema.org/draft/2020-12/schema",
        ...ADD_INPUT_SCHEMA,
      }); // the listing declares the dialect
      expect(tools[0]!.annotations).to.deep.equal({ readOnlyHint: true, idempotentHint: true });

      const sum = await client.callTool({ name: "add", arguments: { a: "2", b: 3 } });
      expect(sum).to.deep.equal({ content: [{ type: "text", text: '{"sum":5}' }], structuredContent: { sum: 5 } });
      const refused = await client.callTool({ name: "greet", arguments: { email: "not an email" } });
      expect(refused).to.deep.equal({
        content: [{ type: "text", text: "Could not greet: email: Invalid email address" }],
        isError: true,
      });
      await client.close();
    });

    it("serves HTTP and MCP Streamable HTTP (axn serve on a free port), and stops on SIGTERM", async () => {
      const server = spawn(process.execPath, [bin, "serve", "--port", "0"], { cwd: app, env: userEnv() });
      children.add(server);
      const banner = await readUntil(server, "Press Ctrl+C to stop.");
      const url = /Serving fresh-app \(2 MCP tools, 2 HTTP operations\) on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(
        banner,
      )?.[1];
      expect(url, banner).to.be.a("string");

      const sum = await post(`${url}/api/add/v1`, { a: "2", b: 3 });
      expect(sum.status).to.equal(200);
      expect(await sum.json()).to.deep.equal({ sum: 5 });
      const greeting = await post(`${url}/api/greet/v1`, { email: "ada@lovelace.example", tone: "formal" });
      expect(await greeting.json()).to.deep.equal({ greeting: "Dear ada", domain: "lovelace.example" });
      const failed = await post(`${url}/api/greet/v1`, { email: "x@blocked.example" });
      expect(failed.status).to.equal(422);
      expect(await failed.json()).to.deep.equal({ error: "Could not greet: blocked.example does not take greetings" });
      const refused = await post(`${url}/api/add/v1`, { a: 1.5, b: 3 });
      expect(refused.status).to.equal(400);
      expect(
        ((await refused.json()) as { fieldErrors: { field: string }[] }).fieldErrors.map((error) => error.field),
      ).to.deep.equal(["a"]);
      const openapi = (await (await fetch(`${url}/api/openapi.json`)).json()) as {
        paths: Record<string, { post: { requestBody: { content: Record<string, { schema: unknown }> } } }>;
      };
      expect(Object.keys(openapi.paths)).to.deep.equal([
        "/api/add/v1",
        "/api/greet/v1",
        "/api/jobs/{id}",
        "/api/openapi.json",
      ]);
      expect(openapi.paths["/api/add/v1"]!.post.requestBody.content["application/json"]!.schema).to.deep.equal(
        ADD_INPUT_SCHEMA,
      );

      const client = new Client({ name: "fresh-app-spec", version: "1.0.0" });
      clients.push(client);
      await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`)));
      expect(await client.callTool({ name: "add", arguments: { a: 40, b: "2" } })).to.deep.equal({
        content: [{ type: "text", text: '{"sum":42}' }],
        structuredContent: { sum: 42 },
      });
      await client.close();

      const exited = new Promise<number | null>((done) => server.once("exit", (code) => done(code)));
      server.kill("SIGTERM");
      expect(await exited).to.equal(0);
    });

    it("hands its tools to LangChain (LangchainAdapter.tools() after loadHost), run by its own tsx", async () => {
      const script = await run(process.execPath, ["--import", "tsx", "langchain.ts"], { cwd: app });
      expect(script.code, script.stderr).to.equal(0);
      expect(json(script.stdout)).to.deep.equal({
        names: ["add", "greet"],
        schema: ADD_INPUT_SCHEMA,
        sum: { status: "success", content: '{"sum":5}', artifact: { sum: 5 } },
        greeting: {
          status: "success",
          content: '{"greeting":"Hi Hi ada from axn","domain":"lovelace.example"}',
          artifact: { greeting: "Hi Hi ada from axn", domain: "lovelace.example" },
        },
        refused: {
          status: "error",
          content: "Could not greet: email: Invalid email address",
          artifact: { fieldErrors: [{ field: "email", message: "email: Invalid email address" }] },
        },
        failed: { status: "error", content: "Could not greet: blocked.example does not take greetings" },
      });
    });
  });
});
