/**
 * `axn call` on a real terminal (tmux, its screen read with capture-pane) when the tool asks: each
 * field of the form is a prompt drawn from its schema — a list for an enum, a number prompt that
 * holds its bounds, a yes/no confirm, a text prompt that will not take an empty required answer —
 * the second question asked knowing the first answer, the result printed once they are answered
 * and the side effect done once; a progress bar drawn before a question steps aside for its prompt;
 * Ctrl+C at a prompt cancels the question, which the body sees.
 */
import { expect } from "chai";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { axnBin, repo } from "../support/axn-child.js";
import { Terminal, tmuxAvailable } from "../support/tmux.js";

const config = join(repo, "test/fixtures/ask-http/axn.config.ts");

describe("axn call: a tool's questions prompted on a terminal", function () {
  this.timeout(120_000); // a hang guard for app loads on a loaded machine, not a budget

  let scratch = "";
  let term: Terminal | undefined;
  before(function () {
    if (!tmuxAvailable()) this.skip();
  });
  beforeEach(() => {
    scratch = mkdtempSync(join(tmpdir(), "axn-call-ask-"));
  });
  afterEach(async () => {
    await term?.stop();
    term = undefined;
    rmSync(scratch, { recursive: true, force: true });
  });

  const call = async (tool: string, args: object): Promise<Terminal> => {
    term = await Terminal.start(
      `${process.execPath} ${axnBin} call ${tool} --config ${config} --args '${JSON.stringify(args)}'`,
      { cwd: repo, env: { ASK_EFFECTS_FILE: join(scratch, "effects") } },
    );
    return term;
  };
  const effects = (): string[] => {
    const file = join(scratch, "effects");
    return existsSync(file) ? readFileSync(file, "utf8").trim().split("\n") : [];
  };

  it("prompts each field from the form (enum, bounded integer, boolean, required text), then prints the result", async () => {
    const t = await call("order_pizza", { table: 3 });
    expect(await t.waitFor((s) => s.includes("↑↓ navigate"))).to.include(
      ["order_pizza asks: Which pizza?", "? Size", "❯ small", "  medium", "  large"].join("\n"),
    );
    await t.keys("Down", "Enter");
    await t.waitFor((s) => s.includes("? Slices (8)"));
    // Past the field's maximum: the prompt says so and keeps asking.
    await t.keys("13", "Enter");
    await t.waitFor((s) => s.includes("> Value must be between 1 and 12"));
    await t.keys("C-u", "6", "Enter");
    await t.waitFor((s) => s.includes("? Extra cheese (y/N)"));
    await t.keys("y", "Enter");
    await t.waitFor((s) => s.includes("order_pizza asks: Who is the medium pizza for?\n? Name on the order"));
    await t.keys("Enter");
    await t.waitFor((s) => s.includes("> You must provide a value"));
    await t.keys("Ada", "Enter");
    const screen = await t.waitFor((s) => s.includes("[exit "));
    expect(screen).to.equal(
      [
        "order_pizza asks: Which pizza?",
        "✔ Size medium",
        "✔ Slices 6",
        "✔ Extra cheese Yes",
        "order_pizza asks: Who is the medium pizza for?",
        "✔ Name on the order Ada",
        "{",
        '  "ok": true,',
        '  "outcome": "success",',
        '  "message": "Action completed successfully",',
        '  "exposed": {',
        '    "order": "table 3: medium, 6 slices, extra cheese, for Ada"',
        "  }",
        "}",
        "[exit 0]",
      ].join("\n"),
    );
    expect(effects()).to.deep.equal(["table 3: medium, 6 slices, extra cheese, for Ada"]);
  });

  it("a progress bar steps aside for the prompt and a new one continues below it", async () => {
    const t = await call("import_rows", { rows: 3 });
    await t.waitFor((s) => s.includes("? Import now (y/N)"));
    await t.keys("y", "Enter");
    const screen = await t.waitFor((s) => s.includes("[exit "));
    const EMPTY = "░".repeat(24);
    const FULL = "█".repeat(24);
    expect(screen.split("\n").slice(0, 4)).to.deep.equal([
      `import_rows [${EMPTY}] 0/3 scanned`,
      "import_rows asks: Import 3 rows?",
      "✔ Import now Yes",
      `import_rows [${FULL}] 3/3 row 3`,
    ]);
    expect(screen).to.include('"imported": 3');
  });

  it("Ctrl+C at a prompt cancels the question: the body sees cancel, and nothing is done", async () => {
    const t = await call("archive_folder", { folder: "reports" });
    await t.waitFor((s) => s.includes("? Archive it now (y/N)"));
    await t.keys("C-c");
    const screen = await t.waitFor((s) => s.includes("[exit "));
    expect(screen).to.include('"error": "kept reports (cancel)"');
    expect(screen).to.include("[exit 1]");
    expect(effects()).to.deep.equal([]);
  });
});
