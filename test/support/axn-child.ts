/**
 * The `axn` CLI as a child process, the way a user (or a process supervisor) runs it: the repo's
 * own bin (`sdk/bin/axn.js`), a run to completion with its exit code and output, and for a server
 * that keeps running, its stdout up to a marker (the banner's last line) and its exit.
 */
import { execFile, type ChildProcess } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const repo = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const axnBin = join(repo, "sdk/bin/axn.js");

export interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `axn …` to completion. `PORT` is dropped from the environment unless `env` sets it. */
export function runAxn(
  args: readonly string[],
  options: { readonly cwd?: string; readonly env?: NodeJS.ProcessEnv } = {},
): Promise<Run> {
  const { PORT: _port, ...env } = process.env;
  return new Promise((done) => {
    execFile(
      process.execPath,
      [axnBin, ...args],
      { cwd: options.cwd ?? repo, env: { ...env, ...options.env } },
      (error, stdout, stderr) =>
        done({ code: error === null ? 0 : typeof error.code === "number" ? error.code : null, stdout, stderr }),
    );
  });
}

/** Collects the child's stdout until `marker` appears; rejects, with both streams, if it exits first. */
export function readUntil(child: ChildProcess, marker: string): Promise<string> {
  return new Promise((done, fail) => {
    let out = "";
    let err = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes(marker)) done(out);
    });
    child.stderr!.on("data", (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.once("exit", (code) => fail(new Error(`axn exited (${code}) before "${marker}":\n${out}\n${err}`)));
  });
}

/** Resolves with the exit code once the child has exited (at once if it already has). */
export function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((done) => child.once("exit", (code) => done(code)));
}
