/**
 * One call of the MCP Inspector's CLI (`@modelcontextprotocol/inspector --cli --format json`, a
 * client none of this code wrote) against a server it launches over stdio or reaches over HTTP:
 * its JSON result (the first stdout line), or the error it reports (its last JSON line on stderr)
 * with its exit code.
 */
import { execFile } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { repo } from "./axn-child.js";

const INSPECTOR = join(repo, "node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js");

export type InspectorAnswer =
  | { readonly ok: true; readonly result: Record<string, unknown> }
  | { readonly ok: false; readonly code: number | null; readonly message: string };

/** `target`: what to connect to (`--transport http --server-url …`, or a command to launch). */
export function inspect(target: readonly string[], args: readonly string[]): Promise<InspectorAnswer> {
  const { PORT: _port, ...env } = process.env;
  return new Promise((done) => {
    execFile(
      process.execPath,
      [INSPECTOR, "--cli", "--format", "json", ...target, ...args],
      { cwd: tmpdir(), env },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === "number" ? error.code : null;
        if (code === 0) {
          const parsed = JSON.parse(stdout.split("\n")[0]!) as { result?: Record<string, unknown> };
          if (parsed.result !== undefined) return done({ ok: true, result: parsed.result });
        }
        const reported = stderr
          .split("\n")
          .reverse()
          .find((line) => line.startsWith('{"error":'));
        const message =
          reported === undefined
            ? `no error reported:\n${stdout}\n${stderr}`
            : ((JSON.parse(reported) as { error?: { message?: string } }).error?.message ?? reported);
        done({ ok: false, code, message });
      },
    );
  });
}
