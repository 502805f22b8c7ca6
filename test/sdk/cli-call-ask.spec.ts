/**
 * `axn call` when the tool asks and nobody is at a terminal (a child process with piped stdio, as
 * a script or CI runs it): a question `--answers` does not answer stops the call with one message
 * naming the question and the `--answers` that would answer it (exit 2, nothing on stdout), the
 * same with `--no-input`; `--answers` answers by key (the question's `key`, else its position),
 * forms, outcomes, a model's reply and roots alike; a wrong answer is a usage error naming it.
 */
import { expect } from "chai";
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { axnBin, repo } from "../support/axn-child.js";

const config = join(repo, "test/fixtures/ask-http/axn.config.ts");

describe("axn call: a tool's questions without a terminal (piped, --no-input, --answers)", function () {
  this.timeout(120_000); // a hang guard for app loads on a loaded machine, not a budget

  let scratch = "";
  beforeEach(() => {
    scratch = mkdtempSync(join(tmpdir(), "axn-call-ask-"));
  });
  afterEach(() => rmSync(scratch, { recursive: true, force: true }));

  const call = (args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> => {
    const { PORT: _port, ...env } = process.env;
    return new Promise((done) => {
      execFile(
        process.execPath,
        [axnBin, "call", ...args, "--config", config],
        { cwd: repo, env: { ...env, ASK_EFFECTS_FILE: join(scratch, "effects") }, timeout: 60_000 },
        (error, stdout, stderr) =>
          done({ code: error === null ? 0 : typeof error.code === "number" ? error.code : null, stdout, stderr }),
      );
    });
  };
  const effects = (): string[] => {
    const file = join(scratch, "effects");
    return existsSync(file) ? readFileSync(file, "utf8").trim().split("\n") : [];
  };

  it("piped: stops at the question, naming it and the --answers that answers it; --no-input says so", async () => {
    const piped = await call(["archive_folder", "--args", '{"folder":"reports"}']);
    expect(piped).to.deep.equal({
      code: 2,
      stdout: "",
      stderr: [
        'axn: archive_folder asks "Archive reports?" (question "confirm"), and there is no terminal to ask on',
        `Answer it up front: --answers '{"confirm":{"confirm":true,"label":"archive"}}'`,
        "",
      ].join("\n"),
    });
    const noInput = await call(["archive_folder", "--args", '{"folder":"reports"}', "--no-input"]);
    expect([noInput.code, noInput.stderr.split("\n")[0]]).to.deep.equal([
      2,
      'axn: archive_folder asks "Archive reports?" (question "confirm"), and --no-input is set',
    ]);
    expect(effects()).to.deep.equal([]);
  });

  it("--answers: a form's fields by key, an outcome, the later question by position", async () => {
    const accepted = await call([
      "archive_folder",
      "--args",
      '{"folder":"reports"}',
      "--answers",
      '{"confirm":{"confirm":true,"label":"q4"}}',
    ]);
    expect([accepted.code, JSON.parse(accepted.stdout)]).to.deep.equal([
      0,
      {
        ok: true,
        outcome: "success",
        message: "Action completed successfully",
        exposed: { archived: "reports", label: "q4" },
      },
    ]);
    const declined = await call([
      "archive_folder",
      "--args",
      '{"folder":"reports"}',
      "--answers",
      '{"confirm":"decline"}',
      "--no-input",
    ]);
    expect([declined.code, JSON.parse(declined.stdout)]).to.deep.equal([
      1,
      { ok: false, outcome: "failure", error: "kept reports (decline)" },
    ]);
    // Only the first of two questions answered: the second is named by its position.
    const half = await call(["order_pizza", "--args", '{"table":2}', "--answers", '{"q0":{"size":"small"}}']);
    expect([half.code, half.stderr]).to.deep.equal([
      2,
      [
        'axn: order_pizza asks "Who is the small pizza for?" (question "q1"), and there is no terminal to ask on',
        `Answer it up front: --answers '{"q1":{"name":"…"}}'`,
        "",
      ].join("\n"),
    ]);
    const full = await call([
      "order_pizza",
      "--args",
      '{"table":2}',
      "--answers",
      '{"q0":{"size":"small"},"q1":{"name":"Bob"}}',
    ]);
    expect(JSON.parse(full.stdout).exposed).to.deep.equal({ order: "table 2: small, 8 slices, for Bob" });
    expect(effects()).to.deep.equal(["archived reports as q4", "table 2: small, 8 slices, for Bob"]);
  });

  it("--answers: a model's reply and roots; a wrong answer or a form answer that fails validation is named", async () => {
    const both = await call([
      "summarize_roots",
      "--answers",
      '{"roots":[{"uri":"file:///work"}],"hello":"Hello, folders"}',
    ]);
    expect(JSON.parse(both.stdout).exposed).to.deep.equal({ summary: "Hello, folders (terminal)", roots: 1 });
    const wrong = await call(["summarize_roots", "--answers", '{"roots":"file:///work","hello":"hi"}']);
    expect([wrong.code, wrong.stderr]).to.deep.equal([
      2,
      'axn: --answers: "roots" asks for roots: give a list such as [{"uri":"file:///work","name":"work"}]\nRun `axn call --help` for usage.\n',
    ]);
    const invalid = await call([
      "archive_folder",
      "--args",
      '{"folder":"reports"}',
      "--answers",
      '{"confirm":{"confirm":true,"label":"x"}}',
    ]);
    expect([invalid.code, JSON.parse(invalid.stdout)]).to.deep.equal([
      1,
      { ok: false, outcome: "failure", error: "label: Too small: expected string to have >=2 characters" },
    ]);
    const notJson = await call(["archive_folder", "--args", '{"folder":"reports"}', "--answers", "[1]"]);
    expect([notJson.code, notJson.stderr.split("\n")[0]]).to.deep.equal([
      2,
      `axn: --answers must be a JSON object, e.g. --answers '{"limit": 5}'`,
    ]);
  });
});
