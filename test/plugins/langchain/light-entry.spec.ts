/**
 * The plugin's light entry for the host (`axn-plugin-langchain/plugin`, docs/plugins.md): the CLI
 * loads it for `plugins: ["langchain"]` and never loads `@langchain/core` while it only registers
 * the adapter (`axn tools` on the example app), and a `wrap` through that entry alone still answers
 * a tool of the app's own `@langchain/core` — one module graph, not a second copy of LangChain.
 * Each case is a fresh process: what a process has loaded is the point.
 */
import { expect } from "chai";
import { spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

describe("axn-plugin-langchain: the light entry the host loads", () => {
  it("axn tools lists the LangChain tools without loading @langchain/core", () => {
    const scratch = mkdtempSync(join(tmpdir(), "axn-light-entry-"));
    const traceFile = join(scratch, "stderr.log");
    const stderr = openSync(traceFile, "w");
    let run: ReturnType<typeof spawnSync>;
    try {
      // The module trace goes to a file, read once the child is gone (a pipe may still hold its end).
      run = spawnSync(process.execPath, [join(repo, "sdk/bin/axn.js"), "tools"], {
        cwd: join(repo, "docs/examples/helpdesk"),
        env: { ...process.env, NODE_ENV: "development", NODE_DEBUG: "esm" },
        stdio: ["ignore", "pipe", stderr],
        encoding: "utf8",
        timeout: 120_000,
      });
    } finally {
      closeSync(stderr);
    }
    const trace = readFileSync(traceFile, "utf8");
    rmSync(scratch, { recursive: true, force: true });
    expect(run.status).to.equal(0);
    expect(run.stdout).to.match(/^add_comment +v1 +http,langchain,mcp /m);
    // The trace works: the plugin's light entry is in it.
    expect(trace).to.include("plugins/langchain/dist/plugin.js");
    expect(trace).not.to.include("@langchain/core");
    expect(trace).not.to.include("plugins/langchain/dist/tool-kit.js");
  });

  it("wrap through the light entry alone builds a StructuredTool of the app's @langchain/core", () => {
    const script = [
      'import plugin from "axn-plugin-langchain/plugin";',
      'import { defineAxn } from "@axn/core";',
      'import { createKernelHost } from "@axn/core/internal";',
      'import { z } from "zod";',
      "const host = createKernelHost();",
      "plugin.apply(host, undefined);",
      "host.freeze();",
      "const Greet = defineAxn({",
      '  name: "Desk.Greet", tool: ["langchain"], expects: { who: z.string() }, exposes: { line: z.string() },',
      '  call: ({ who }) => ({ line: "hello " + who }), messages: { success: "Greeted" },',
      "});",
      "const tool = plugin.wrap(Greet);",
      'const { StructuredTool } = await import("@langchain/core/tools");',
      'console.log(JSON.stringify({ sameClass: tool instanceof StructuredTool, answer: await tool.invoke({ who: "ada" }) }));',
    ].join("\n");
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
      cwd: repo,
      encoding: "utf8",
      timeout: 120_000,
    });
    expect([run.status, run.stderr]).to.deep.equal([0, ""]);
    expect(JSON.parse(run.stdout)).to.deep.equal({ sameClass: true, answer: '{"line":"hello ada"}' });
  });
});
