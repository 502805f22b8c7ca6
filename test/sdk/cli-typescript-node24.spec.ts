/**
 * The CLI on a Node that strips types itself (24, what users run), both ways it loads an app's
 * TypeScript (sdk/src/config/native-typescript.ts), every file of an app one way:
 *
 * - an app whose tsconfig.json sets `erasableSyntaxOnly` loads with Node's own type stripping, a
 *   `./x.js` specifier naming `./x.ts` followed by the CLI's one resolve hook; an enum in such an
 *   app is one line naming the file and the way out, never a silent switch to jiti;
 * - any other app (here: an enum, and no tsconfig) loads through the sdk's jiti, not Node's
 *   stripping — which cannot compile an enum — and not a process-wide loader: no tsx hook runs;
 * - on Node 20, which strips nothing, the erasable app loads through jiti too.
 *
 * Spawned `axn` on the registry's Node 24 binary (installed outside the workspace by `nodeMajor`),
 * `axn serve --mcp-stdio` reached by a real MCP client, under Node's ES module loading trace
 * (`NODE_DEBUG=esm`): a file Node's loader loaded is named in it, one jiti compiled is not.
 */
import { expect } from "chai";
import { execFile } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { nodeMajor } from "../support/node-major.js";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const bin = join(repo, "sdk/bin/axn.js");
const fixture = (app: string): string => join(repo, "test/fixtures", app, "axn.config.ts");

/** `axn serve --mcp-stdio` of `app` on Node 24: its tools, a call of `shade`, and the ESM trace. */
async function serveOnNode24(app: string): Promise<{ tools: string[]; answer: unknown; trace: string }> {
  const transport = new StdioClientTransport({
    command: await nodeMajor(24),
    args: [bin, "serve", "--config", fixture(app), "--mcp-stdio"],
    stderr: "pipe",
    env: { ...process.env, NODE_ENV: "production", NODE_DEBUG: "esm" } as Record<string, string>,
  });
  let trace = "";
  const stderr = transport.stderr;
  stderr?.on("data", (chunk: Buffer) => (trace += chunk.toString("utf8")));
  // The trace (megabytes: it prints each module's source) trails the answers on stdout: it is read
  // to its end, after the server has exited, before anything looks at it.
  const traced = new Promise<void>((done) => (stderr === null ? done() : stderr.once("end", () => done())));
  const client = new Client({ name: "node24-spec", version: "1.0.0" });
  await client.connect(transport);
  let tools: string[];
  let answer: unknown;
  try {
    const listed = await client.listTools();
    const called = await client.callTool({ name: "shade", arguments: { shade: "light" } });
    expect(called.isError).to.not.equal(true);
    tools = listed.tools.map((tool) => tool.name);
    answer = called.structuredContent;
  } finally {
    await client.close();
  }
  await traced;
  return { tools, answer, trace };
}

function run(node: string, args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(node, [bin, ...args], { cwd: repo }, (error, stdout, stderr) =>
      done({ code: error === null ? 0 : typeof error.code === "number" ? error.code : null, stdout, stderr }),
    );
  });
}

describe("axn on Node 24: the app's TypeScript natively or through jiti, one way per app", function () {
  // A hang guard, not a budget: the first run installs the Node 24 binary.
  this.timeout(600_000);

  it("serves an app with an enum and a .js specifier naming a .ts file through jiti, with no tsx loaded", async () => {
    const { tools, answer, trace } = await serveOnNode24("strip-types-app");
    expect(tools).to.deep.equal(["shade"]);
    expect(answer).to.deep.equal({ opposite: "dark" });
    // The trace works: it names the ES modules Node's loader loaded, the sdk's jiti wrapper among them.
    expect(trace).to.include("sdk/dist/config/jiti.js");
    // The app's modules went through jiti, not Node's loader, and no tsx hook was registered.
    expect(trace).not.to.include("strip-types-app/");
    expect(trace).not.to.include("node_modules/tsx/");
  });

  it("serves an app whose tsconfig sets erasableSyntaxOnly with Node's type stripping, ./x.js naming ./x.ts", async () => {
    const { tools, answer, trace } = await serveOnNode24("erasable-app");
    expect(tools).to.deep.equal(["shade"]);
    expect(answer).to.deep.equal({ opposite: "dark" });
    // Node's loader loaded the config, the file its `./roots.js` names, and the tool root.
    for (const file of ["axn.config.ts", "roots.ts", "tools/shade.ts"]) {
      expect(trace).to.include(`erasable-app/${file}`);
    }
    expect(trace).not.to.include("node_modules/tsx/");
  });

  it("says in one line which file breaks the app's erasableSyntaxOnly, and how out", async () => {
    const { code, stdout, stderr } = await run(await nodeMajor(24), [
      "tools",
      "--config",
      fixture("erasable-enum-app"),
    ]);
    expect({ code, stdout }).to.deep.equal({ code: 3, stdout: "" });
    expect(stderr).to.equal(
      `axn: ${join(repo, "test/fixtures/erasable-enum-app/tools/shade.ts")}: Node's type stripping cannot load it (TypeScript enum is not supported in strip-only mode); the app's tsconfig.json sets erasableSyntaxOnly, so axn loads its TypeScript natively — make the file erasable TypeScript, or remove erasableSyntaxOnly to load the app through jiti [AXN_CONFIG_INVALID]\nRun \`axn doctor\` for a full check.\n`,
    );
  });

  it("loads the erasable app through jiti on Node 20, which strips nothing", async function () {
    if (Number(process.versions.node.split(".")[0]) >= 22) this.skip(); // the project's Node is 20
    const { code, stdout, stderr } = await run(process.execPath, [
      "tools",
      "--json",
      "--config",
      fixture("erasable-app"),
    ]);
    expect({ code, stderr }).to.deep.equal({ code: 0, stderr: "" });
    expect((JSON.parse(stdout) as { name: string }[]).map((tool) => tool.name)).to.deep.equal(["shade"]);
  });
});
