/**
 * Who calls over stdio (issue "everyday loop", point 5): stdio authenticates no one, so a tool
 * whose access needs a caller is not served until one is configured. The stdio banner counts those
 * tools apart and says how to configure a caller; `axn mcp-config --as` writes the caller into the
 * client's config (`env.AXN_PRINCIPAL`), and a client launching from that config — the MCP
 * Inspector's CLI here — is served every tool that caller may call. The example app: two tools for
 * anyone, five for a signed-in agent.
 */
import { expect } from "chai";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { axnBin, exitOf, repo, runAxn } from "../support/axn-child.js";
import { inspect } from "../support/inspector-cli.js";

const app = join(repo, "docs/examples/helpdesk");
const AGENT = '{"id":"ag_ada","roles":["agent"]}';
const SERVER = "axn-example-helpdesk";

/** The stdio banner `axn serve --mcp-stdio` prints on stderr (the server ends when stdin closes). */
async function stdioBanner(env: NodeJS.ProcessEnv): Promise<string> {
  const { PORT: _port, AXN_PRINCIPAL: _principal, ...rest } = process.env;
  const child = spawn(process.execPath, [axnBin, "serve", "--mcp-stdio"], {
    cwd: app,
    env: { ...rest, ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => void (stderr += chunk.toString()));
  child.stdout.resume();
  while (!stderr.includes("\n")) await new Promise((resolve) => setTimeout(resolve, 10));
  child.stdin.end();
  await exitOf(child);
  return stderr.split("\n")[0]!;
}

describe("axn serve --mcp-stdio and axn mcp-config --as: a caller for stdio", function () {
  this.timeout(120_000); // a hang guard for a loaded machine, not a budget
  const dir = mkdtempSync(join(tmpdir(), "axn-stdio-principal-"));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("the banner counts the tools that need a caller apart and says how to configure one", async () => {
    expect(await stdioBanner({})).to.equal(
      "axn: serving 2 MCP tools (and 5 that need a caller: set AXN_PRINCIPAL or serve.stdioPrincipal, or launch with axn mcp-config --as ID) of axn-example-helpdesk over stdio",
    );
    expect(await stdioBanner({ AXN_PRINCIPAL: AGENT })).to.equal(
      "axn: serving 7 MCP tools of axn-example-helpdesk over stdio",
    );
  });

  it("mcp-config --as writes AXN_PRINCIPAL into the launch; the Inspector launched from it is served the agent's tools", async () => {
    const withCaller = await runAxn(["mcp-config", "inspector", "--as", AGENT], { cwd: app });
    expect(withCaller.code).to.equal(0);
    const config = JSON.parse(withCaller.stdout) as { mcpServers: Record<string, { env?: Record<string, string> }> };
    expect(config.mcpServers[SERVER]!.env).to.deep.equal({ AXN_PRINCIPAL: AGENT });
    const file = join(dir, "with-caller.json");
    writeFileSync(file, withCaller.stdout);
    const listed = await inspect(["--config", file, "--server", SERVER], ["--method", "tools/list"]);
    expect(listed.ok && (listed.result["tools"] as unknown[]).length).to.equal(7);

    const anonymous = await runAxn(["mcp-config", "inspector"], { cwd: app });
    const bare = join(dir, "anonymous.json");
    writeFileSync(bare, anonymous.stdout);
    const anyone = await inspect(["--config", bare, "--server", SERVER], ["--method", "tools/list"]);
    expect(anyone.ok && (anyone.result["tools"] as { name: string }[]).map((tool) => tool.name)).to.deep.equal([
      "list_tickets",
      "ticket_report",
    ]);
  });

  it("a --as that is no principal is a usage error naming the shapes it takes", async () => {
    const run = await runAxn(["mcp-config", "--as", '{"roles":["agent"]}'], { cwd: app });
    expect([run.code, run.stdout, run.stderr]).to.deep.equal([
      2,
      "",
      `axn: --as takes a principal: an id (--as ag_ada) or a JSON object with a string "id" (--as '{"id":"ag_ada","roles":["agent"]}')\nRun \`axn mcp-config --help\` for usage.\n`,
    ]);
  });

  it("axn doctor warns of a tool no caller can reach: no authentication, and a stdio caller its access refuses", async () => {
    const reach = join(repo, "test/fixtures/unreachable-app");
    const warning = (who: string) =>
      `! 1 tool can never be called: ${who} (Reach.Audit)\n    fix: Configure serve.authenticate (docs/security.md), or a stdio caller the access admits: serve.stdioPrincipal, AXN_PRINCIPAL, or axn mcp-config --as.\n`;
    const none = await runAxn(["doctor"], { cwd: reach, env: { AXN_PRINCIPAL: "" } });
    expect(none.code).to.equal(0);
    expect(none.stdout).to.contain(warning("no one is authenticated over HTTP and no caller is configured for stdio"));
    expect(none.stdout).to.match(/No problems found \(1 warning\)\.\n$/);
    const root = await runAxn(["doctor"], { cwd: reach, env: { AXN_PRINCIPAL: "root" } });
    expect(root.stdout).to.contain(
      warning("no one is authenticated over HTTP and the stdio caller (root) may not call it"),
    );
    const admin = await runAxn(["doctor"], { cwd: reach, env: { AXN_PRINCIPAL: '{"id":"root","roles":["admin"]}' } });
    expect([admin.code, admin.stdout.includes("can never be called")]).to.deep.equal([0, false]);
  });
});
