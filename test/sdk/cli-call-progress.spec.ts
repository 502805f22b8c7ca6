/**
 * `axn call` shows a running tool's progress and client logs (issue 33, item 4). In a terminal — a
 * real one, tmux, its screen read with capture-pane — a live progress bar with the tool's message,
 * log lines above it, the bar's last state left on the screen above the result; through a pipe one
 * plain line per update on stderr and nothing but the result on stdout; with `--json`, NDJSON
 * events on stdout with the result last. The example app's `ticket_report` (seven tickets) and a
 * tool that waits for the spec between its two steps, so the live screen is read at a known point.
 */
import { expect } from "chai";
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { axnBin, repo } from "../support/axn-child.js";
import { Terminal, tmuxAvailable } from "../support/tmux.js";

const helpdesk = join(repo, "docs/examples/helpdesk");
const TICKETS = ["T-1007", "T-1006", "T-1005", "T-1004", "T-1003", "T-1002", "T-1001"];
const FULL = "█".repeat(24);

const GATED_TOOL = `import { existsSync } from "node:fs";
import { defineAxn } from "@axn/core";

export const Gated = defineAxn({
  name: "Gated",
  description: "Two steps, the second once the file go exists",
  call: async (_args, { progress, notify }) => {
    notify("info", "starting");
    progress(1, 2, "step one");
    notify("notice", { step: 1 });
    while (!existsSync(new URL("../go", import.meta.url))) await new Promise((resolve) => setTimeout(resolve, 20));
    progress(2, 2, "step two");
  },
});
`;

function pipedCall(
  args: readonly string[],
  cwd: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { PORT: _port, ...env } = process.env;
  return new Promise((done) => {
    execFile(process.execPath, [axnBin, "call", ...args], { cwd, env, timeout: 60_000 }, (error, stdout, stderr) =>
      done({ code: error === null ? 0 : typeof error.code === "number" ? error.code : null, stdout, stderr }),
    );
  });
}

describe("axn call: a tool's progress and logs as it runs", function () {
  this.timeout(120_000); // a hang guard for app loads on a loaded machine, not a budget

  let scratch: string;
  let app: string;

  before(() => {
    scratch = mkdtempSync(join(tmpdir(), "axn-call-progress-"));
    app = join(scratch, "gated-app");
    mkdirSync(join(app, "agent_tools"), { recursive: true });
    mkdirSync(join(app, "node_modules/@axn"), { recursive: true });
    symlinkSync(join(repo, "core"), join(app, "node_modules/@axn/core"));
    symlinkSync(join(repo, "sdk"), join(app, "node_modules/@axn/sdk"));
    symlinkSync(join(repo, "plugins/http"), join(app, "node_modules/axn-plugin-http"));
    writeFileSync(join(app, "package.json"), '{ "name": "gated-app", "type": "module" }\n');
    writeFileSync(
      join(app, "axn.config.mjs"),
      'export default { plugins: ["http"], http: { toolRoots: ["agent_tools"] } };\n',
    );
    writeFileSync(join(app, "agent_tools/gated.mjs"), GATED_TOOL);
  });

  after(() => {
    if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });
  });

  describe("in a terminal (tmux)", () => {
    let terminal: Terminal | undefined;

    before(function () {
      // Installed with apt-get where it can be (root: CI, a fresh machine); elsewhere reported pending.
      if (!tmuxAvailable()) this.skip();
    });

    afterEach(async () => {
      await terminal?.stop();
      terminal = undefined;
      rmSync(join(app, "go"), { force: true });
    });

    it("draws a live bar with the tool's message, log lines above it, and leaves the last state above the result", async () => {
      terminal = await Terminal.start(`node ${axnBin} call gated`, { cwd: app });
      const live = await terminal.waitFor((screen) => screen.includes("step one"));
      expect(live).to.equal(
        [
          "gated: info: starting",
          'gated: notice: {"step":1}',
          `gated [${"█".repeat(12)}${"░".repeat(12)}] 1/2 step one`,
        ].join("\n"),
      );
      writeFileSync(join(app, "go"), "");
      const done = await terminal.waitFor((screen) => screen.includes("[exit "));
      expect(done).to.equal(
        [
          "gated: info: starting",
          'gated: notice: {"step":1}',
          `gated [${FULL}] 2/2 step two`,
          "{",
          '  "ok": true,',
          '  "outcome": "success",',
          '  "message": "Action completed successfully",',
          '  "exposed": {}',
          "}",
          "[exit 0]",
        ].join("\n"),
      );
    });

    it("shows the example app's ticket_report exporting, ticket by ticket, to the end", async () => {
      terminal = await Terminal.start(`node ${axnBin} call ticket_report`, { cwd: helpdesk, width: 100, height: 40 });
      const screen = await terminal.waitFor((text) => text.includes("[exit "));
      const lines = screen.split("\n");
      expect(lines[0]).to.equal(`ticket_report [${FULL}] 7/7 exported T-1001`);
      expect(lines.slice(1, 5)).to.deep.equal([
        "{",
        '  "ok": true,',
        '  "outcome": "success",',
        '  "message": "Exported 7 tickets",',
      ]);
      expect(screen).to.contain('    "rows": 7\n  }\n}\n[exit 0]');
    });
  });

  it("--help says where the progress goes", async () => {
    const help = await pipedCall(["--help"], app);
    expect(help.stdout).to.contain(
      [
        "  --json           NDJSON on stdout: one line per progress or log event, the result last",
        "",
        "While the tool runs, its progress (ctx.progress) and client logs (ctx.notify) go to stderr:",
        "a live progress bar with the tool's message on a terminal, one line per update otherwise.",
        "stdout holds only the result.",
      ].join("\n"),
    );
  });

  describe("through a pipe", () => {
    it("prints one plain line per update and per log on stderr, and only the result on stdout", async () => {
      const run = await pipedCall(["ticket_report"], helpdesk);
      expect(run.code, run.stderr).to.equal(0);
      expect(run.stderr).to.equal(TICKETS.map((id, i) => `ticket_report: ${i + 1}/7 exported ${id}\n`).join(""));
      const result = JSON.parse(run.stdout) as { ok: boolean; message: string; exposed: { rows: number } };
      expect([result.ok, result.message, result.exposed.rows]).to.deep.equal([true, "Exported 7 tickets", 7]);
    });

    it("a reader that stops early (| head) ends the command quietly", async () => {
      const run = await new Promise<{ code: number | null; stdout: string; stderr: string }>((done) => {
        execFile(
          "sh",
          ["-c", `node ${axnBin} call ticket_report --json --args '{"pauseMs":20}' | head -1`],
          { cwd: helpdesk, timeout: 60_000 },
          (error, stdout, stderr) => done({ code: error === null ? 0 : null, stdout, stderr }),
        );
      });
      expect(run).to.deep.equal({
        code: 0,
        stdout: '{"event":"progress","progress":1,"total":7,"message":"exported T-1007"}\n',
        stderr: "",
      });
    });

    it("--json: NDJSON events on stdout, one a line, the result last; stderr stays empty", async () => {
      writeFileSync(join(app, "go"), "");
      try {
        const run = await pipedCall(["gated", "--json"], app);
        expect([run.code, run.stderr]).to.deep.equal([0, ""]);
        expect(run.stdout.split("\n")).to.deep.equal([
          '{"event":"log","level":"info","logger":"Gated","data":"starting"}',
          '{"event":"progress","progress":1,"total":2,"message":"step one"}',
          '{"event":"log","level":"notice","logger":"Gated","data":{"step":1}}',
          '{"event":"progress","progress":2,"total":2,"message":"step two"}',
          '{"event":"result","ok":true,"outcome":"success","message":"Action completed successfully","exposed":{}}',
          "",
        ]);
      } finally {
        rmSync(join(app, "go"), { force: true });
      }
    });
  });
});
