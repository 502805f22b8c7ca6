/**
 * What `axn serve --mcp-stdio` loads before it answers its first `tools/list` (benchmark row 8, the
 * cold start): the command that runs and what serving needs, not the CLI's other commands, not
 * `@opentelemetry/api` (no tracer is registered), not jose, zod 3 or zod-to-json-schema, not semver's
 * index; on a Node that strips types no jiti at all (the bench app's tsconfig sets
 * erasableSyntaxOnly), elsewhere jiti through `require` (its CommonJS bundle, not the ESM wrapper
 * that makes Node scan the bundle for export names).
 * The server runs under Node's module-loading trace (`NODE_DEBUG=esm,module`), which names every
 * file it loads on stderr; a real MCP client lists the tools. The child's stderr is a file, read
 * once the child has exited: Node 26's trace is hundreds of thousands of lines (it prints each
 * module's source), and through a pipe the end of it could still be in transit when the spec read
 * it — once, on a loaded machine, the trace read ended before jiti's line.
 */
import { expect } from "chai";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
// Node 22.18+ / 23.6+ strip types by default (and have `module.registerHooks`): the CLI loads the
// bench app — erasable TypeScript, its tsconfig says so — natively there (sdk/src/config/native-typescript.ts).
const stripsTypes = Boolean((process.features as { readonly typescript?: unknown }).typescript);

describe("axn serve --mcp-stdio: what a cold start loads", () => {
  it("loads only the serve command and none of the modules made lazy, before the first tools/list", async () => {
    const scratch = mkdtempSync(join(tmpdir(), "axn-cold-start-"));
    const traceFile = join(scratch, "stderr.log");
    const stderr = openSync(traceFile, "w");
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [
        join(repo, "sdk/bin/axn.js"),
        "serve",
        "--config",
        join(repo, "test/bench/apps/add/axn.config.ts"),
        "--mcp-stdio",
      ],
      stderr,
      env: { ...process.env, NODE_ENV: "production", NODE_DEBUG: "esm,module" } as Record<string, string>,
    });
    const client = new Client({ name: "cold-start-spec", version: "1.0.0" });
    let trace: string;
    try {
      await client.connect(transport);
      const pid = transport.pid;
      try {
        const listed = await client.listTools();
        expect(listed.tools.map((tool) => tool.name)).to.deep.equal(["add"]);
      } finally {
        await client.close();
      }
      // close() stops waiting after its own grace periods: the trace is whole once the child is gone.
      while (pid !== null && alive(pid)) await new Promise((resolve) => setTimeout(resolve, 20));
      trace = readFileSync(traceFile, "utf8");
    } finally {
      closeSync(stderr);
      rmSync(scratch, { recursive: true, force: true });
    }
    const loaded = trace;
    expect(loaded.length, "the trace").to.be.greaterThan(0);
    // The trace works: the serve command and the MCP plugin are in it.
    expect(loaded).to.include("sdk/dist/cli/commands/serve.js");
    if (stripsTypes) {
      // The app's tsconfig sets erasableSyntaxOnly: Node's loader takes its files, jiti is never required.
      expect(loaded).to.include("test/bench/apps/add/tools/add.ts");
      expect(loaded).not.to.include("node_modules/jiti/");
    } else {
      expect(loaded).to.include("jiti/dist/jiti.cjs");
    }
    for (const command of [
      "call",
      "dev",
      "doctor",
      "init",
      "jobs",
      "mcp-config",
      "openapi",
      "schema",
      "tools",
      "worker",
    ]) {
      expect(loaded, command).not.to.include(`sdk/dist/cli/commands/${command}.js`);
    }
    expect(loaded).not.to.include("node_modules/@opentelemetry/api");
    expect(loaded).not.to.include("node_modules/semver/index.js");
    expect(loaded).not.to.include("node_modules/jiti/lib/jiti.mjs");
    // jose loads on the first JWT checked; zod 3's reflector when a zod 3 schema is first reflected.
    expect(loaded).not.to.include("node_modules/jose/");
    expect(loaded).not.to.include("node_modules/zod-to-json-schema/");
    expect(loaded).not.to.include("node_modules/zod/v3/");
  });
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
