/**
 * `axn serve` on test/fixtures/conformance-app (the app both official conformance suites and the
 * MCP Inspector specs drive), as a user starts it: a spawned process on a free port, its banner read
 * up to its last line. The banner pins what the app serves.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { axnBin, readUntil, repo } from "./axn-child.js";

export const CONFORMANCE_APP = join(repo, "test/fixtures/conformance-app");

const BANNER =
  /^Serving conformance-app \(32 MCP tools, 4 MCP resources, 5 MCP prompts\) on (http:\/\/127\.0\.0\.1:\d+)\n/;

/** Starts the server; `url` is its Streamable HTTP endpoint (`/mcp`). The caller kills `server`. */
export async function serveConformanceApp(): Promise<{ readonly server: ChildProcess; readonly url: string }> {
  const { PORT: _port, ...env } = process.env;
  const server = spawn(
    process.execPath,
    [axnBin, "serve", "--config", join(CONFORMANCE_APP, "axn.config.ts"), "--port", "0"],
    {
      cwd: tmpdir(),
      env,
    },
  );
  try {
    const banner = await readUntil(server, "Press Ctrl+C to stop.\n");
    const origin = BANNER.exec(banner)?.[1];
    if (origin === undefined) throw new Error(`axn serve printed an unexpected banner:\n${banner}`);
    return { server, url: `${origin}/mcp` };
  } catch (error) {
    server.kill("SIGKILL");
    throw error;
  }
}
