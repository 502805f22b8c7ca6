/**
 * The quiet-run wrapper (`npm test`'s runner, test/support/quiet-run.mjs) on two small suites of
 * its own (test/fixtures/quiet-run): a quiet one passes with the reporter's output alone; a noisy
 * one — green, but printing from a spec, from a process warning and from a child process writing to
 * the stdio it inherited — fails, listing each line it did not expect. Both serially and in mocha's
 * parallel mode, as `npm test` runs the suite (spec files in worker processes, their output
 * replayed by the main one).
 */
import { expect } from "chai";
import { execFile } from "node:child_process";
import { join } from "node:path";
import { repo } from "./axn-child.js";

const WRAPPER = join(repo, "test/support/quiet-run.mjs");

function runWrapper(
  config: string,
  flags: readonly string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [WRAPPER, "--config", join(repo, "test/fixtures/quiet-run", config), ...flags],
      { cwd: repo },
      (error, stdout, stderr) =>
        done({ code: error === null ? 0 : typeof error.code === "number" ? error.code : null, stdout, stderr }),
    );
  });
}

/** The reporter's summary with its one timing taken out. */
const untimed = (text: string): string => text.replace(/passing \(\d+m?s\)/, "passing (…)");

describe("npm test's quiet-run wrapper", function () {
  this.timeout(60_000); // a mocha process (and its workers) with tsx on a loaded machine: a hang guard, not a budget

  for (const [mode, flags] of [
    ["serially", []],
    ["in parallel mode", ["--parallel", "--jobs", "3"]],
  ] as const) {
    it(`${mode}: passes a run whose only output is the reporter's`, async () => {
      const run = await runWrapper("mocharc.quiet.json", flags);
      expect([run.code, untimed(run.stdout), run.stderr]).to.deep.equal([
        0,
        "\n\n  .,\n\n  1 passing (…)\n  1 pending\n\n",
        "",
      ]);
    });

    it(`${mode}: fails a green run that printed, listing each line: a spec's, a process warning's, an inheriting child's`, async () => {
      const run = await runWrapper("mocharc.noisy.json", flags);
      expect(run.code).to.equal(1);
      expect(untimed(run.stdout)).to.equal("\nmeasured: 42 ms\n\n  ...\n\n  3 passing (…)\n\n");
      expect(run.stderr.replace(/\(node:\d+\)/g, "(node:<pid>)")).to.equal(
        [
          "(node:<pid>) DeprecationWarning: retry(seconds) is deprecated",
          "(Use `node --trace-deprecation ...` to show where the warning was created)",
          "context canceled",
          "",
          "quiet-run: the test run printed 4 lines besides the reporter's output (a green run prints only the reporter's):",
          "  stdout: measured: 42 ms",
          "  stderr: (node:<pid>) DeprecationWarning: retry(seconds) is deprecated",
          "  stderr: (Use `node --trace-deprecation ...` to show where the warning was created)",
          "  stderr: context canceled",
          'Capture what the spec exercises and pin it (test/support/process-warnings.ts, test/support/reports.ts), read a child process\'s output through pipes instead of inherited stdio, and put figures in `npm run bench` (CONTRIBUTING.md, "Write a spec").',
          "",
        ].join("\n"),
      );
    });
  }
});
