/**
 * CONTRIBUTING.md's commands. Every line of the page's `sh` blocks is in the table below: run here,
 * as the page writes it, from the repository root (the quick ones), or named with the CI step or
 * spec that runs it, which must still contain it. A command added to the page without a row fails
 * the first case; a row whose command left the page fails it too.
 */
import { expect } from "chai";
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { repo } from "../support/axn-child.js";

type Coverage =
  | { readonly runHere: true }
  | { readonly by: string; readonly contains: string }
  | { readonly interactive: string };

const COVERED: Readonly<Record<string, Coverage>> = {
  "npm ci": { by: ".ci/run", contains: "npm ci --no-audit --no-fund" },
  "npm run build": { runHere: true },
  "npm test": { by: ".ci/run", contains: "npm test" },
  "npx mocha test/architecture.spec.ts": { runHere: true },
  // The same scenarios and report, with smoke budgets (the full run takes minutes and asserts nothing).
  "npm run bench": { by: "test/bench/bench-smoke.spec.ts", contains: 'runSuite("smoke")' },
  "npx changeset": {
    interactive:
      "it asks its questions on a terminal, then writes a .changeset/*.md file: `npx changeset status` below reads every such file",
  },
  "npx changeset status": { runHere: true },
};

const page = readFileSync(join(repo, "CONTRIBUTING.md"), "utf8");
const commands = [...page.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].flatMap((match) =>
  match[1]!.split("\n").filter((line) => line.trim() !== ""),
);

/** A user's shell: none of the `npm test` run's own npm variables, so `npm run` behaves as typed. */
function userEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(env)) if (/^npm_/i.test(key) || key === "INIT_CWD") delete env[key];
  return env;
}

function sh(command: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(
      "sh",
      ["-c", command],
      { cwd: repo, env: userEnv(), maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) =>
        done({ code: error === null ? 0 : typeof error.code === "number" ? error.code : null, stdout, stderr }),
    );
  });
}

describe("CONTRIBUTING.md: every command it shows is run", function () {
  this.timeout(180_000); // a build and a spec run in child processes on a loaded machine: a hang guard, not a budget

  it("shows exactly the commands the table covers", () => {
    expect(commands).to.deep.equal(Object.keys(COVERED));
  });

  for (const [command, coverage] of Object.entries(COVERED)) {
    if ("by" in coverage) {
      it(`${command}: run by ${coverage.by}`, () => {
        expect(readFileSync(join(repo, coverage.by), "utf8")).to.include(coverage.contains);
      });
    } else if ("interactive" in coverage) {
      it(`${command}: interactive, so not run here; the binary it names is installed`, () => {
        expect(existsSync(join(repo, "node_modules/.bin", command.split(" ")[1]!))).to.equal(true);
      });
    }
  }

  it("npm run build: builds every package (up to date after npm test's own build), printing only npm's banner", async () => {
    const run = await sh("npm run build");
    expect([run.code, run.stderr]).to.deep.equal([0, ""]);
    expect(run.stdout).to.equal("\n> build\n> tsc -b && node scripts/bundle.mjs && node scripts/ship-docs.mjs\n\n");
  });

  it("npx mocha test/architecture.spec.ts: runs that one spec file alone", async () => {
    const run = await sh("npx mocha test/architecture.spec.ts");
    expect([run.code, run.stderr]).to.deep.equal([0, ""]);
    expect(run.stdout).to.match(/^\n\n {2}\.+\n\n {2}\d+ passing \(\d+m?s\)\n\n$/);
  });

  it("npx changeset status: reads the config and every change set, and exits 0", async () => {
    const run = await sh("npx changeset status");
    expect(run.code, run.stdout + run.stderr).to.equal(0);
  });
});
