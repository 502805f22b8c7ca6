/**
 * An app whose plugin resolves its OWN copy of @axn/core (issue 15, "Done when"): the plugin
 * package `axn-plugin-linked` ships a `node_modules/@axn/core` of its own — a copy of the built
 * package, the way an `npm link`ed plugin or a sibling package with its own install brings one —
 * and defines its actions through that copy. The app is run through the real `axn` CLI in child
 * processes, so every copy loads into a fresh process as a user's would:
 *
 * - a compatible copy joins the kernel state: the plugin's tools are listed by `axn tools` and
 *   served over MCP stdio to a real MCP `Client`, and `axn doctor` names both copies with the fix
 *   and exits 1 (issue 29: any second copy is a problem to fix);
 * - an incompatible copy (another release line) fails the load with AXN_KERNEL_MISMATCH naming both
 *   paths — in `axn tools` and in `axn doctor` — never an empty tool list.
 *
 * The app lives under the workspace's node_modules/.cache, so the copy's own dependencies (tapable,
 * @opentelemetry/api), zod and the shipped MCP plugin resolve as they would in an installed app.
 */
import { expect } from "chai";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { axnBin, repo, runAxn } from "../support/axn-child.js";

const CORE = join(repo, "core");
const VERSION = (JSON.parse(readFileSync(join(CORE, "package.json"), "utf8")) as { version: string }).version;
const DEDUPE_FIX =
  "fix: Make @axn/core a peer dependency of the package that installs its own copy (peerDependencies, not dependencies), then run npm dedupe so the app loads one @axn/core.";

/** An app folder with `axn.config.mjs` (plugins: mcp, linked) and the linked plugin, its copy of @axn/core at `copyVersion`. */
function buildApp(root: string, copyVersion: string): { readonly app: string; readonly copy: string } {
  const app = mkdtempSync(join(root, "app-"));
  writeFileSync(join(app, "axn.config.mjs"), 'export default { plugins: ["mcp", "linked"] };\n');
  const plugin = join(app, "node_modules", "axn-plugin-linked");
  const copy = join(plugin, "node_modules", "@axn", "core");
  mkdirSync(copy, { recursive: true });
  cpSync(join(CORE, "dist"), join(copy, "dist"), { recursive: true });
  cpSync(join(CORE, "package.json"), join(copy, "package.json"));
  if (copyVersion !== VERSION) {
    const state = join(copy, "dist", "kernel", "state.js");
    const text = readFileSync(state, "utf8");
    expect(text, "the built kernel names its version").to.include(`CORE_VERSION = "${VERSION}"`);
    writeFileSync(state, text.replace(`CORE_VERSION = "${VERSION}"`, `CORE_VERSION = "${copyVersion}"`));
  }
  writeFileSync(
    join(plugin, "package.json"),
    JSON.stringify({
      name: "axn-plugin-linked",
      version: "1.0.0",
      type: "module",
      exports: "./index.mjs",
      dependencies: { "@axn/core": VERSION },
    }),
  );
  writeFileSync(
    join(plugin, "index.mjs"),
    [
      "// Defines its actions through the @axn/core next to it (its own copy), not the app's.",
      'import { defineAxn } from "@axn/core";',
      'import { z } from "zod";',
      "export const Ping = defineAxn({",
      '  name: "Linked.Ping", description: "Answers pong", tool: ["mcp"],',
      "  expects: { who: z.string() }, exposes: { pong: z.string() },",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a module's source text, template literal included
      "  call: ({ who }) => ({ pong: `pong, ${who}` }),",
      "});",
      `export default { name: "axn-plugin-linked", version: "1.0.0", host: "^${VERSION}", apply() {} };`,
      "",
    ].join("\n"),
  );
  return { app: realpathSync(app), copy: realpathSync(copy) };
}

describe("an app whose plugin has its own copy of @axn/core (child processes, real CLI)", function () {
  // A hang guard, not a budget: each case starts the CLI and waits for it.
  this.timeout(120_000);
  const cache = join(repo, "node_modules", ".cache");
  let root: string;

  before(() => {
    mkdirSync(cache, { recursive: true });
    root = mkdtempSync(join(cache, "axn-second-copy-"));
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  describe("a compatible copy joins the kernel", () => {
    let app: string;
    let copy: string;
    before(() => ({ app, copy } = buildApp(root, VERSION)));

    it("axn tools lists the plugin's tool (defined through its own copy)", async () => {
      const { code, stdout, stderr } = await runAxn(["tools", "--json"], { cwd: app });
      expect({ code, stderr }).to.deep.equal({ code: 0, stderr: "" });
      expect((JSON.parse(stdout) as { name: string }[]).map((tool) => tool.name)).to.deep.equal(["linked_ping"]);
    });

    it("axn serve --stdio mcp serves it to a real MCP client", async () => {
      const { PORT: _port, ...env } = process.env;
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [axnBin, "serve", "--stdio", "mcp"],
        cwd: app,
        env: env as Record<string, string>,
        stderr: "pipe",
      });
      const client = new Client({ name: "second-copy-e2e", version: "1.0.0" });
      await client.connect(transport);
      try {
        const { tools } = await client.listTools();
        expect(tools.map((tool) => tool.name)).to.deep.equal(["linked_ping"]);
        const result = await client.callTool({ name: "linked_ping", arguments: { who: "ada" } });
        expect(result.structuredContent).to.deep.equal({ pong: "pong, ada" });
      } finally {
        await client.close();
      }
    });

    it("axn doctor names both copies and the fix, and exits 1: the app works, but two copies are a problem", async () => {
      const { code, stdout } = await runAxn(["doctor"], { cwd: app });
      const core = realpathSync(CORE);
      expect(stdout).to.include(
        `✖ @axn/core is loaded 2 times in this process: ${VERSION} at ${core} (loaded first, holds the registries), and ${VERSION} at ${copy}\n    ${DEDUPE_FIX}`,
      );
      expect(code).to.equal(1);
    });
  });

  describe("an incompatible copy fails the load, loudly", () => {
    let app: string;
    let copy: string;
    before(() => ({ app, copy } = buildApp(root, "9.0.0")));

    const mismatch = (): string =>
      `Two incompatible copies of @axn/core in one process: @axn/core 9.0.0 at ${copy} cannot join @axn/core ${VERSION} at ${realpathSync(CORE)}, which loaded first and holds the registries`;

    it("axn tools exits non-zero with AXN_KERNEL_MISMATCH naming both paths, never an empty list", async () => {
      const { code, stdout, stderr } = await runAxn(["tools"], { cwd: app });
      expect(code).to.not.equal(0);
      expect(stdout).to.not.include("linked_ping");
      expect(stderr).to.include(mismatch());
    });

    it("axn doctor reports it as a problem with the dedupe fix", async () => {
      const { code, stdout } = await runAxn(["doctor"], { cwd: app });
      expect(code).to.equal(1);
      expect(stdout).to.include(mismatch());
      expect(stdout).to.include(DEDUPE_FIX);
    });
  });
});
