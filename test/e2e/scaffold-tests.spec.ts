/**
 * A fresh `axn init` scaffold runs every test file (issue 33, item 2): installed from the packed
 * packages outside the workspace, its `npm test` fails with a failing `test/failing.test.ts`
 * beside `test/greet.test.ts`, and passes once that file is gone. npm's output is captured and
 * shown only when a step fails.
 */
import { expect } from "chai";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { axnBin } from "../support/axn-child.js";
import { packedPackages } from "../support/packed.js";

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** A user's shell: none of the `npm test` run's own npm variables. */
function userEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(env)) {
    if (
      /^npm_(package_|lifecycle_|command$|execpath$|node_execpath$)/i.test(key) ||
      key === "INIT_CWD" ||
      key === "PORT"
    )
      delete env[key];
    if (
      /^npm_config_(workspaces?|include_workspace_root|global|global_prefix|local_prefix|prefix|call|dry_run|json|omit|include|production|save.*|package_lock.*|user_agent)$/i.test(
        key,
      )
    )
      delete env[key];
  }
  return env;
}

function run(file: string, args: readonly string[], cwd: string): Promise<Run> {
  return new Promise((done) =>
    execFile(
      file,
      args,
      { cwd, env: userEnv(), timeout: 300_000, killSignal: "SIGKILL", maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) =>
        done({ code: error === null ? 0 : typeof error.code === "number" ? error.code : null, stdout, stderr }),
    ),
  );
}

function npm(args: readonly string[], cwd: string): Promise<Run> {
  const execPath = process.env["npm_execpath"];
  return execPath !== undefined && basename(execPath) === "npm-cli.js"
    ? run(process.execPath, [execPath, ...args], cwd)
    : run("npm", args, cwd);
}

describe("axn init's scaffold: npm test runs every test file (packed packages)", function () {
  this.timeout(600_000); // a hang guard for a cold npm cache, not a budget
  let root: string;
  let app: string;

  before(async () => {
    root = mkdtempSync(join(tmpdir(), "axn-scaffold-tests-"));
    app = join(root, "scaffolded");
    const tarballs = (await packedPackages())
      .map((entry) => entry.tarball)
      .filter((t) => !basename(t).includes("langchain"));
    const init = await run(process.execPath, [axnBin, "init", "scaffolded"], root);
    expect(init.code, init.stderr).to.equal(0);
    const install = await npm(["install", "--no-audit", "--no-fund", "--prefer-offline", ...tarballs], app);
    expect(install.code, install.stdout + install.stderr).to.equal(0);
  });

  after(() => {
    if (root !== undefined) rmSync(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  });

  it("fails with a failing test/failing.test.ts beside greet's, and passes without it", async () => {
    writeFileSync(
      join(app, "test/failing.test.ts"),
      'import assert from "node:assert/strict";\nimport { test } from "node:test";\n\ntest("fails", () => {\n  assert.equal(1, 2);\n});\n',
    );
    const failing = await npm(["test"], app);
    expect(failing.code, failing.stdout).not.to.equal(0);
    // node --test's summary: `# pass 3` from Node 20's TAP reporter off a terminal, `ℹ pass 3` from 24+'s spec reporter.
    expect(failing.stdout).to.match(/^(# |ℹ )pass 3$/m);
    expect(failing.stdout).to.match(/^(# |ℹ )fail 1$/m);
    unlinkSync(join(app, "test/failing.test.ts"));
    const passing = await npm(["test"], app);
    expect(passing.code, passing.stdout + passing.stderr).to.equal(0);
    expect(passing.stdout).to.match(/^(# |ℹ )fail 0$/m);
  });
});
