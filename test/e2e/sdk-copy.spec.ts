/**
 * An app whose plugin resolves its OWN copy of @axn/sdk (issue 29, item 6): the plugin package
 * `axn-plugin-own-sdk` ships a `node_modules/@axn/sdk` of its own — a copy of the built package,
 * the way an `npm link`ed plugin or a second install brings one — and imports the SDK through it.
 * Before, that copy declared the `serve` settings again: the app's `serve.authenticate` went into
 * the plugin's copy while `axn serve` read its own, and a wrong token got 200. Now the second copy
 * refuses to load, naming both paths and the fix, through the real `axn` CLI in child processes:
 * `axn serve` does not start, `axn tools` fails, `axn doctor` exits 1 with the copies and the fix.
 *
 * The app lives under the workspace's node_modules/.cache, so the copy's own dependencies
 * (@axn/core, zod, …) and the shipped plugins resolve as they would in an installed app.
 */
import { expect } from "chai";
import { spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { axnBin, exitOf, repo, runAxn } from "../support/axn-child.js";

const SDK = join(repo, "sdk");
const VERSION = (JSON.parse(readFileSync(join(SDK, "package.json"), "utf8")) as { version: string }).version;
const FIX =
  "Make @axn/sdk a peer dependency of the package that installs its own copy (peerDependencies, not dependencies), then run npm dedupe so the app loads one @axn/sdk.";

/** An app (plugins: mcp, own-sdk; serve.authenticate with one token) whose plugin has its own @axn/sdk. */
function buildApp(root: string): { readonly app: string; readonly copy: string } {
  const app = mkdtempSync(join(root, "app-"));
  writeFileSync(
    join(app, "axn.config.mjs"),
    [
      'import { staticTokens } from "@axn/sdk/auth";',
      "export default {",
      '  plugins: ["mcp", "own-sdk"],',
      '  serve: { authenticate: staticTokens({ "right-token": { id: "ada" } }) },',
      "};",
      "",
    ].join("\n"),
  );
  const plugin = join(app, "node_modules", "axn-plugin-own-sdk");
  const copy = join(plugin, "node_modules", "@axn", "sdk");
  mkdirSync(copy, { recursive: true });
  cpSync(join(SDK, "dist"), join(copy, "dist"), { recursive: true });
  cpSync(join(SDK, "package.json"), join(copy, "package.json"));
  writeFileSync(
    join(plugin, "package.json"),
    JSON.stringify({
      name: "axn-plugin-own-sdk",
      version: "1.0.0",
      type: "module",
      exports: "./index.mjs",
      dependencies: { "@axn/sdk": VERSION },
    }),
  );
  writeFileSync(
    join(plugin, "index.mjs"),
    [
      "// Serves through the @axn/sdk next to it (its own copy), not the app's.",
      'import { servingConfig } from "@axn/sdk/serving";',
      `export default { name: "axn-plugin-own-sdk", version: "1.0.0", host: "^${VERSION}", apply() { void servingConfig; } };`,
      "",
    ].join("\n"),
  );
  return { app: realpathSync(app), copy: realpathSync(copy) };
}

describe("an app whose plugin has its own copy of @axn/sdk (child processes, real CLI)", function () {
  this.timeout(120_000); // a hang guard, not a budget: each case starts the CLI and waits for it
  const cache = join(repo, "node_modules", ".cache");
  let root: string;
  let app: string;
  let copy: string;
  const refusal = (): string =>
    `Two copies of @axn/sdk in one process: @axn/sdk ${VERSION} at ${copy} cannot load beside @axn/sdk ${VERSION} at ${realpathSync(SDK)}, which loaded first and holds the serve settings (a second copy would keep settings of its own, and serve.authenticate would not reach the server). ${FIX}`;

  before(() => {
    mkdirSync(cache, { recursive: true });
    root = mkdtempSync(join(cache, "axn-sdk-copy-"));
    ({ app, copy } = buildApp(root));
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it("axn serve does not start (never serving with authentication silently off)", async () => {
    const { PORT: _port, ...env } = process.env;
    const child = spawn(process.execPath, [axnBin, "serve", "--port", "0"], {
      cwd: app,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await exitOf(child);
    expect(code).to.not.equal(0);
    expect(stdout).to.not.include("Press Ctrl+C to stop.");
    expect(stderr).to.include(refusal());
  });

  it("axn tools exits non-zero naming both paths and the fix, never a tool list", async () => {
    const { code, stdout, stderr } = await runAxn(["tools"], { cwd: app });
    expect([code, stdout]).to.deep.equal([3, ""]);
    expect(stderr).to.include(
      `axn: Plugin "axn-plugin-own-sdk" could not be loaded from ${app}/node_modules/axn-plugin-own-sdk/index.mjs: ${refusal()} [AXN_PLUGIN_INVALID]`,
    );
  });

  it("axn doctor exits 1 naming both copies, with the fix", async () => {
    const { code, stdout } = await runAxn(["doctor"], { cwd: app });
    expect(stdout).to.include(
      `✖ @axn/sdk is loaded 2 times in this process: ${VERSION} at ${realpathSync(SDK)} (loaded first, holds the serve settings), and ${VERSION} at ${copy}\n    fix: ${FIX}`,
    );
    expect(stdout).to.include(refusal());
    expect(code).to.equal(1);
  });
});
