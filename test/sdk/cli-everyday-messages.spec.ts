/**
 * The small CLI messages of issue 33 (item 8, and the CLI half of item 3), pinned exactly: a
 * did-you-mean for an unknown command; doctor's fix for a plugin typo naming the installed plugin,
 * never `npm install` of the typo; `axn init` into a taken folder suggesting a free one; counts
 * singular for one; `axn call --help` naming no example app's tools; an `AXN_UNAUTHENTICATED`
 * call saying how to call as someone (`--as`). The CLI's `main` runs in this process (the bin runs
 * the same function); the `--as` hint, as a child process.
 */
import { expect } from "chai";
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { axnBin, repo } from "../support/axn-child.js";
import { axn, type Run } from "../support/cli-in-process.js";

describe("axn CLI: the everyday messages (issue 33)", function () {
  this.timeout(120_000); // a hang guard, not a budget
  let scratch: string;

  before(() => {
    scratch = mkdtempSync(join(tmpdir(), "axn-cli-everyday-"));
  });
  after(() => {
    if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });
  });

  it("suggests the command meant for a typo", async () => {
    const run = await axn(["serv"], scratch);
    expect([run.code, run.stdout, run.stderr]).to.deep.equal([
      2,
      "",
      'axn: Unknown command "serv"; did you mean "serve"? commands: init, tools, schema, call, serve, worker, jobs, dev, mcp-config, openapi, doctor\nRun `axn --help` for usage.\n',
    ]);
  });

  it("doctor's fix for a plugin typo names the installed plugin, not npm install of the typo", async () => {
    const app = join(scratch, "typo");
    mkdirSync(join(app, "node_modules"), { recursive: true });
    symlinkSync(join(repo, "plugins/mcp"), join(app, "node_modules/axn-plugin-mcp"));
    writeFileSync(join(app, "axn.config.mjs"), 'export default { plugins: ["mpc"] };\n');
    const run = await axn(["doctor"], app);
    expect(run.code).to.equal(1);
    expect(run.stdout).to.contain(
      `✖ Plugin "axn-plugin-mpc" not found (listed as "mpc" in ${join(app, "axn.config.mjs")}); did you mean "axn-plugin-mcp"? [AXN_PLUGIN_NOT_FOUND]\n    fix: Correct the name in plugins to the installed axn-plugin-mcp (its short name: "mcp").\n`,
    );
    expect(run.stdout).not.to.contain("npm install");
  });

  it("axn init into a taken folder suggests a free one, never the same name", async () => {
    expect((await axn(["init", "my-tools"], scratch)).code).to.equal(0);
    mkdirSync(join(scratch, "my-tools-2"));
    const again = await axn(["init", "my-tools"], scratch);
    expect(again.code).to.equal(2);
    expect(again.stderr).to.equal(
      `axn: ${join(scratch, "my-tools")} already has package.json, agent_tools/greet.ts, axn.config.ts, test/greet.test.ts, tsconfig.json, README.md, .gitignore; axn init never overwrites a file\nPick a new folder: axn init my-tools-3\n`,
    );
  });

  it("counts one tool version and one module in the singular", async () => {
    const app = join(scratch, "one");
    mkdirSync(join(app, "agent_tools"), { recursive: true });
    symlinkSync(join(repo, "node_modules"), join(scratch, "node_modules"));
    writeFileSync(
      join(app, "axn.config.mjs"),
      'export default { plugins: ["mcp"], mcp: { toolRoots: ["agent_tools"] } };\n',
    );
    writeFileSync(
      join(app, "agent_tools/greet.mjs"),
      'import { defineAxn } from "@axn/core";\nexport const Greet = defineAxn({ name: "Greet", description: "Greet", call: () => ({}) });\n',
    );
    const run = await axn(["doctor"], app);
    expect(run.code, run.stdout).to.equal(0);
    expect(run.stdout).to.contain("✔ Adapter mcp (axn-plugin-mcp): 1 tool version\n");
    expect(run.stdout).to.contain('✔ Tool root "agent_tools" of adapter mcp: 1 module\n');
  });

  it("axn call --help and axn schema --help name no example app's tools", async () => {
    for (const command of ["call", "schema"]) {
      const run = await axn([command, "--help"], scratch);
      expect(run.code).to.equal(0);
      expect(run.stdout, command).not.to.match(/list_tickets|assign_to_me|create_ticket|ag_ada/);
    }
    expect((await axn(["call", "--help"], scratch)).stdout).to.contain(
      `Examples:\n  axn tools                                  # the tools this app has\n  axn call TOOL --args '{"name":"Ada"}'\n  axn call TOOL --args '{"id":"T-1"}' --as '{"id":"user_1","roles":["admin"]}'\n`,
    );
  });

  it("an AXN_UNAUTHENTICATED call says how to call as someone (--as), on stderr (exit 1)", async () => {
    const run = await new Promise<Run>((done) =>
      execFile(
        process.execPath,
        [axnBin, "call", "close_ticket", "--args", '{"ticketId":"T-1001"}'],
        { cwd: join(repo, "docs/examples/helpdesk") },
        (error, stdout, stderr) =>
          done({ code: error === null ? 0 : typeof error.code === "number" ? error.code : null, stdout, stderr }),
      ),
    );
    expect(run.code).to.equal(1);
    expect(JSON.parse(run.stdout)).to.deep.equal({
      ok: false,
      outcome: "failure",
      code: "AXN_UNAUTHENTICATED",
      error: "Authentication required: sign in to call close_ticket",
    });
    const line = `axn: close_ticket needs a caller; call it as someone: axn call close_ticket --as '{"id":"user_1","roles":["agent"]}' (an id, roles and scopes its access policy accepts)`;
    expect(readFileSync(join(repo, "docs/cli.md"), "utf8"), "docs/cli.md shows it").to.contain(`\`${line}\``);
    expect(run.stderr).to.equal(
      `axn: close_ticket needs a caller; call it as someone: axn call close_ticket --as '{"id":"user_1","roles":["agent"]}' (an id, roles and scopes its access policy accepts)\n`,
    );
  });
});
