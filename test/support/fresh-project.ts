/**
 * A new user's shell, for specs that install the packed packages into a folder outside the
 * workspace and run commands there (getting-started, the README's commands, missing peers): the
 * environment without the `npm test` run's own npm variables, npm as the run invoked it, and a
 * `Shell` that runs commands to completion, keeps every run for the failure report and kills what
 * it started.
 *
 * @example
 * ```ts
 * const shell = new Shell();
 * await shell.npm(["init", "-y"], { cwd: app });
 * const tools = await shell.run(process.execPath, [bin, "tools"], { cwd: app });
 * afterEach(function () { shell.reportIfFailed(this.currentTest, app); shell.killAll(); });
 * ```
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";

/** The TypeScript the workspace builds with; the types of the Node that runs the project. */
export const TYPESCRIPT = (createRequire(import.meta.url)("typescript/package.json") as { version: string }).version;
export const TYPES_NODE = `@types/node@^${process.versions.node.split(".")[0]}`;
export const NPM_FLAGS = ["--no-audit", "--no-fund", "--prefer-offline"] as const;

export interface Run {
  readonly command: string;
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface RunOptions {
  readonly cwd: string;
  /** SIGKILLed past this: a hang guard, not a budget. */
  readonly timeoutMs?: number;
  /** Run `file` as a shell command line (`sh -c`), the way a page's line is typed. */
  readonly shell?: boolean;
  readonly env?: NodeJS.ProcessEnv;
}

/** A user's shell: none of the `npm test` run's own npm variables (workspace, prefix, INIT_CWD), no PORT. */
export function userEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(env)) {
    if (
      /^npm_(package_|lifecycle_|command$|execpath$|node_execpath$)/i.test(key) ||
      key === "INIT_CWD" ||
      key === "PORT"
    )
      delete env[key];
    if (
      /^npm_config_(workspaces?|include_workspace_root|global|global_prefix|local_prefix|prefix|call|dry_run|json|omit|include|production|save.*|package_lock.*|user_agent|legacy_peer_deps)$/i.test(
        key,
      )
    )
      delete env[key];
  }
  return env;
}

/** npm as the test runs it (the `npm_execpath` of `npm test`), else the `npm` on PATH. */
export function npmCommand(args: readonly string[]): [string, string[]] {
  const execPath = process.env["npm_execpath"];
  return execPath !== undefined && basename(execPath) === "npm-cli.js"
    ? [process.execPath, [execPath, ...args]]
    : ["npm", [...args]];
}

/** A folder in the OS temp folder with no `node_modules` above it to lend the project packages. */
export function freshRoot(prefix: string): string {
  const root = mkdtempSync(join(tmpdir(), prefix));
  for (let dir = root; dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, "node_modules"))) throw new Error(`${dir}/node_modules would leak into the project`);
  }
  return root;
}

/** Kills a child and, when it leads a process group of its own (`detached`), everything it started. */
function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    child.kill("SIGKILL"); // not a group leader
  }
}

export class Shell {
  readonly transcript: Run[] = [];
  private readonly children = new Set<ChildProcess>();
  private shown = 0;

  /** Runs to completion, in the user's environment. */
  run(file: string, args: readonly string[], options: RunOptions): Promise<Run> {
    const command = [file === process.execPath ? "node" : file, ...args].join(" ");
    return new Promise((done) => {
      const child = execFile(
        file,
        args,
        {
          cwd: options.cwd,
          env: { ...userEnv(), ...options.env },
          timeout: options.timeoutMs ?? 120_000,
          killSignal: "SIGKILL",
          maxBuffer: 64 * 1024 * 1024,
          shell: options.shell ?? false,
        },
        (error, stdout, stderr) => {
          this.children.delete(child);
          const failure = error as (Error & { code?: unknown }) | null;
          const result = {
            command,
            code: failure === null ? 0 : typeof failure.code === "number" ? failure.code : null,
            stdout,
            stderr,
          };
          this.transcript.push(result);
          done(result);
        },
      );
      this.children.add(child);
    });
  }

  /** `run`, failing with the command's whole output unless it exited 0. */
  async mustRun(file: string, args: readonly string[], options: RunOptions): Promise<Run> {
    const result = await this.run(file, args, options);
    if (result.code !== 0)
      throw new Error(
        `command failed (exit ${result.code}): ${result.command}\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`,
      );
    return result;
  }

  npm(args: readonly string[], options: RunOptions): Promise<Run> {
    return this.mustRun(...npmCommand(args), options);
  }

  /** A long-running child (a server) in its own process group, so `killAll` stops what it started too. */
  spawn(file: string, args: readonly string[], options: { readonly cwd: string }): ChildProcess {
    const child = spawn(file, args, { cwd: options.cwd, env: userEnv(), detached: true });
    this.children.add(child);
    child.once("exit", () => this.children.delete(child));
    return child;
  }

  killAll(): void {
    for (const child of this.children) killGroup(child);
    this.children.clear();
  }

  /** After a failed test: every command since the last report, with its output. */
  reportIfFailed(test: Mocha.Test | undefined, where: string): void {
    if (test?.state !== "failed") return;
    console.error(
      `\n(${where}) commands since the last failure:\n${this.transcript
        .slice(this.shown)
        .map((r) => `$ ${r.command} (exit ${r.code})\n${r.stdout}\n${r.stderr}`)
        .join("\n")}`,
    );
    this.shown = this.transcript.length;
  }
}
