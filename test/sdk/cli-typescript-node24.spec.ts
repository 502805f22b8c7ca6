/**
 * The CLI on a Node that strips types itself (24, what users run): the app's TypeScript loads
 * through the sdk's jiti (sdk/src/cli/bin.ts), not Node's stripping — which cannot follow a `.js`
 * specifier to a `.ts` file or compile an enum — and not a process-wide loader: no tsx hook runs in
 * the process. A spawned `axn serve --mcp-stdio` on the registry's Node 24 binary (installed outside
 * the workspace by `nodeMajor`), reached by a real MCP client, under Node's ES module loading trace (`NODE_DEBUG=esm`).
 */
import { expect } from "chai";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { nodeMajor } from "../support/node-major.js";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

describe("axn serve on Node 24: the app's TypeScript through jiti", function () {
  // A hang guard, not a budget: the first run installs the Node 24 binary.
  this.timeout(600_000);

  it("serves an app with an enum and a .js specifier naming a .ts file, with no tsx loaded", async () => {
    const transport = new StdioClientTransport({
      command: await nodeMajor(24),
      args: [
        join(repo, "sdk/bin/axn.js"),
        "serve",
        "--config",
        join(repo, "test/fixtures/strip-types-app/axn.config.ts"),
        "--mcp-stdio",
      ],
      stderr: "pipe",
      env: { ...process.env, NODE_ENV: "production", NODE_DEBUG: "esm" } as Record<string, string>,
    });
    let trace = "";
    transport.stderr?.on("data", (chunk: Buffer) => (trace += chunk.toString("utf8")));
    const client = new Client({ name: "node24-spec", version: "1.0.0" });
    await client.connect(transport);
    try {
      const listed = await client.listTools();
      expect(listed.tools.map((tool) => tool.name)).to.deep.equal(["shade"]);
      const answer = await client.callTool({ name: "shade", arguments: { shade: "light" } });
      expect(answer.isError).to.not.equal(true);
      expect(answer.structuredContent).to.deep.equal({ opposite: "dark" });
      // The trace works: it names the ES modules Node's loader loaded, the sdk's jiti wrapper among them.
      expect(trace).to.include("sdk/dist/config/jiti.js");
      // The app's modules went through jiti, not Node's loader, and no tsx hook was registered.
      expect(trace).not.to.include("strip-types-app/");
      expect(trace).not.to.include("node_modules/tsx/");
    } finally {
      await client.close();
    }
  });
});
