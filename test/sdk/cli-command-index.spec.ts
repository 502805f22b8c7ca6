/**
 * The CLI's command index (sdk/src/cli/command-index.ts) lists each command's name and summary so
 * `axn --help` and dispatch load no command module but the one that runs: each entry must load the
 * command it names, with the summary the command itself carries.
 */
import { expect } from "chai";
import { COMMANDS } from "../../sdk/dist/cli/command-index.js";

describe("axn CLI: the lazy command index", () => {
  it("each entry loads the command of its name, with the same summary", async () => {
    for (const entry of COMMANDS) {
      const command = await entry.load();
      expect([command.name, command.summary], entry.name).to.deep.equal([entry.name, entry.summary]);
    }
  });

  it("lists every command once", () => {
    const names = COMMANDS.map((entry) => entry.name);
    expect(names).to.deep.equal([
      "init",
      "tools",
      "schema",
      "call",
      "serve",
      "worker",
      "jobs",
      "dev",
      "mcp-config",
      "openapi",
      "doctor",
    ]);
  });
});
