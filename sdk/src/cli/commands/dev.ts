/**
 * `axn dev [serve options]`: `axn serve` in a child process, restarted when a file of the app
 * changes — an action, anything under a tool root, the config, a module they import. The child is
 * a fresh process each time, so nothing in memory survives a reload (in-memory stores, MCP
 * sessions, the kernel's registries); what is kept is the command line, hence the port (with
 * `--port 0` each start picks a new free one). It serves in development mode (`--dev`). HTTP only:
 * over stdio the client owns the process. The first start prints the server's banner; each
 * restart one line, `axn dev: reloaded (n tools) on URL`. The watcher: dev/watch-app.ts.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { findConfigFile } from "../../config/load-config.js";
import { errorMessage } from "@axn/core/internal";
import type { Command } from "../command.js";
import { DEV_RELOAD_ENV } from "../dev/reload-line.js";
import { watchApp, type AppWatcher } from "../dev/watch-app.js";
import { CliError, ExitCode, usageError, type ExitCodeValue } from "../errors.js";
import { println } from "../io.js";

// A server that does not stop on SIGTERM within this long is killed: a restart never hangs on it.
const STOP_GRACE_MS = 5000;

export const devCommand: Command = {
  name: "dev",
  usage: "dev [--port N] [--host HOST] [FLAGS]",
  summary: "Serve over HTTP and restart when an action, a tool root or the config changes",
  help: [
    "Runs `axn serve` with the same options and restarts it whenever a file in the app's folder",
    "changes (node_modules, dist and .git excepted): an action, a module under a tool root, the",
    "config or anything they import. Each start is a fresh process: in-memory state (stores, MCP",
    "sessions) starts over; the options — so the port — stay. Over stdio, use axn serve.",
    "",
    "Examples:",
    "  axn dev",
    "  axn dev --port 8080",
  ].join("\n"),
  options: {},
  loadsApp: false,
  maxPositionals: 0,
  lateOptions: true,
  async run({ io, argv, configPath }) {
    if (argv.some((arg) => arg === "--stdio" || arg.startsWith("--stdio=") || /^--[a-z0-9-]+-stdio$/.test(arg))) {
      throw usageError(
        "axn dev serves over HTTP; a stdio client starts its own server: use axn serve --mcp-stdio (or axn mcp-config)",
        "dev",
      );
    }
    let configFile: string;
    try {
      configFile = findConfigFile(io.cwd, configPath);
    } catch (error) {
      throw new CliError(ExitCode.config, errorMessage(error), "Run it in the app's folder, or pass --config PATH.");
    }
    return devLoop(io, dirname(configFile), argv);
  },
};

function devLoop(
  io: Parameters<Command["run"]>[0]["io"],
  root: string,
  argv: readonly string[],
): Promise<ExitCodeValue> {
  const entry = fileURLToPath(new URL("../../../bin/axn.js", import.meta.url));
  let child: ChildProcess | undefined;
  let stopping = false;
  let restarting = false;
  let again = false;

  const start = (reload: boolean): void => {
    // Development mode too: adapter bugs rethrown, the HTTP API's reference page on.
    const args = argv.includes("--dev") ? argv : ["--dev", ...argv];
    const env = reload ? { ...io.env, [DEV_RELOAD_ENV]: "1" } : io.env;
    const running = spawn(process.execPath, [entry, "serve", ...args], {
      cwd: io.cwd,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    running.stdout.on("data", (chunk: Buffer) => io.stdout.write(chunk.toString()));
    running.stderr.on("data", (chunk: Buffer) => io.stderr.write(chunk.toString()));
    running.once("exit", (code) => {
      if (child === running && !stopping)
        println(
          io.stderr,
          `axn dev: the server exited (${code ?? "killed"}); fix the error above — it restarts on the next change`,
        );
    });
    child = running;
  };
  const stopChild = (): Promise<number | null> => {
    const running = child;
    child = undefined;
    if (running === undefined || running.exitCode !== null || running.signalCode !== null)
      return Promise.resolve(running?.exitCode ?? null);
    return new Promise((done) => {
      const kill = setTimeout(() => running.kill("SIGKILL"), STOP_GRACE_MS);
      running.once("exit", (code) => {
        clearTimeout(kill);
        done(code);
      });
      running.kill("SIGTERM");
    });
  };
  // One restart at a time: a change seen while the old server stops starts one more restart after
  // it, so the server that ends up running has read the last change.
  const restart = async (file: string): Promise<void> => {
    println(io.stderr, `axn dev: ${file} changed; restarting`);
    if (restarting) {
      again = true;
      return;
    }
    restarting = true;
    do {
      again = false;
      await stopChild();
    } while (again && !stopping);
    if (!stopping) start(true);
    restarting = false;
  };

  return new Promise((done, fail) => {
    let watcher: AppWatcher | undefined;
    const finish = async (): Promise<void> => {
      if (stopping) return;
      stopping = true;
      process.off("SIGINT", finish);
      process.off("SIGTERM", finish);
      await watcher?.close();
      const code = await stopChild();
      done(code === 0 || code === null ? ExitCode.ok : ExitCode.failure);
    };
    process.on("SIGINT", finish);
    process.on("SIGTERM", finish);
    watchApp(root, (file) => {
      if (!stopping) void restart(file);
    }).then(
      (ready) => {
        watcher = ready;
        if (stopping) {
          void ready.close();
          return;
        }
        println(io.stderr, `axn dev: watching ${root} (node_modules, dist and .git excepted)`);
        start(false);
      },
      (error: unknown) =>
        fail(
          new CliError(
            ExitCode.failure,
            `Cannot watch ${root}: ${errorMessage(error)}`,
            "Check that the folder exists and can be read.",
          ),
        ),
    );
  });
}
