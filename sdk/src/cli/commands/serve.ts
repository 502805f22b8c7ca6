/**
 * `axn serve`: serves whatever the app's plugins register through the host's `registerTransport`
 * hook, naming no plugin itself. By default every HTTP transport is mounted at its path on one
 * server the CLI owns (`--port`, `--host`); `--stdio NAME` (or a transport's own select flag, such
 * as `--mcp-stdio`) serves one stdio transport over stdin/stdout instead, and everything the CLI
 * says then goes to stderr. A transport's own flags are parsed with the server's.
 *
 * It runs in production mode unless `--dev` or `NODE_ENV=development`. Every HTTP transport gets the
 * same serving policy (`start({ serving })`: the Host/Origin policy, the app's `serve.authenticate`,
 * one cap on concurrent calls), and the server answers the RFC 9728 metadata of the resources.
 *
 * Stop handlers are in place before any transport starts; on SIGINT/SIGTERM (or stdin ending, over
 * stdio) the server stops accepting, each transport stops (the last started first), and the
 * process exits 0 — 1 when a transport failed to stop.
 */
import {
  configureAxn,
  Jobs,
  type HttpTransport,
  type RunningStdioTransport,
  type StdioTransportEnd,
  type StdioTransport,
  type TransportApp,
  type TransportFlags,
  type TransportFlagValues,
} from "@axn/core";
import { errorMessage } from "@axn/core/internal";
import { servingPolicy } from "../../serving/policy.js";
import type { Command } from "../command.js";
import { DEV_RELOAD_ENV, reloadLine } from "../dev/reload-line.js";
import { CliError, ExitCode, type ExitCodeValue } from "../errors.js";
import { println, type CliIo } from "../io.js";
import { loadApp, type LoadedApp } from "../load-app.js";
import { appTransports } from "../serve/app-transports.js";
import { httpBanner } from "../serve/banner.js";
import { serveHelp, SERVE_USAGE } from "../serve/help.js";
import { planServe, type Selected, type ServePlan } from "../serve/options.js";
import { describeTransport, isStdio, type Registered } from "../serve/registered.js";
import { listenShared, type Mounted, type SharedServer } from "../serve/shared-server.js";
import { stopRequest } from "../serve/stop-request.js";

/** What the banner says in development mode, the only mode that behaves differently. */
export const DEV_NOTE =
  "Development mode (--dev or NODE_ENV=development): adapter bugs are rethrown, loud on stderr; clients still get generic errors.";

export const serveCommand: Command = {
  name: "serve",
  usage: SERVE_USAGE,
  summary: "Serve the tools over the transports the plugins register (HTTP, or stdio)",
  // Shown only if `helpFor` is bypassed: the real help lists the app's transports.
  help: serveHelp({ unavailable: "help written without loading the app" }),
  options: {},
  maxPositionals: 0,
  lateOptions: true,
  async helpFor({ io, configPath }) {
    try {
      return serveHelp(appTransports(await loadApp(io.cwd, configPath)));
    } catch (error) {
      return serveHelp({ unavailable: errorMessage(error) });
    }
  },
  async run({ io, argv, configPath }) {
    const app = await loadApp(io.cwd, configPath);
    const transports = appTransports(app);
    const plan = planServe(argv, transports, {
      env: io.env,
      where: app.configPath ?? "axn.config.ts",
      plugins: app.plugins.map((plugin) => plugin.name),
    });
    // Production unless told otherwise: development rethrows adapter bugs, which a server run by
    // accident in that mode should not do.
    configureAxn({ env: plan.dev ? "development" : "production" });
    return plan.kind === "stdio" ? serveStdio(io, app, plan) : serveHttp(io, app, plan, transports);
  },
};

function transportApp(app: LoadedApp): TransportApp {
  return Object.freeze({ name: app.name, version: app.version, root: app.root });
}

async function serveHttp(
  io: CliIo,
  app: LoadedApp,
  plan: Extract<ServePlan, { kind: "http" }>,
  transports: readonly Registered[],
): Promise<ExitCodeValue> {
  const stop = stopRequest();
  const mounts: Mounted[] = [];
  const serving = servingPolicy({ hostname: plan.hostname });
  let server: SharedServer;
  try {
    try {
      for (const selected of plan.transports) {
        const running = await start(selected, () =>
          selected.entry.transport.start({
            app: transportApp(app),
            flags: flagsOf(selected),
            hostname: plan.hostname,
            serving,
          }),
        );
        mounts.push({ entry: selected.entry, running });
      }
      server = await listen(mounts, plan.port, plan.hostname, app.name);
    } catch (error) {
      await stopAll(io, mounts);
      throw error;
    }
    if (!stop.isRequested && io.env[DEV_RELOAD_ENV] === "1") println(io.stdout, reloadLine(server.url));
    else if (!stop.isRequested) {
      const lines = httpBanner(app.name, server.url, mounts, {
        configPath: app.configPath,
        cwd: io.cwd,
        env: io.env,
        stdio: transports.filter(isStdio).map((entry) => entry.transport),
      });
      if (plan.dev) lines.splice(lines.length - 1, 0, DEV_NOTE, "");
      println(io.stdout, ...lines);
    }
    await stop.requested;
  } finally {
    stop.dispose();
  }
  // Stop accepting first; the transports then end what they hold open (MCP sessions and their
  // streams), and the server finishes once the requests in flight have been answered.
  const closed = server.close();
  const stopped = await stopAll(io, mounts);
  await closed;
  warnDroppedJobs(io);
  return stopped ? ExitCode.ok : ExitCode.failure;
}

async function serveStdio(
  io: CliIo,
  app: LoadedApp,
  plan: Extract<ServePlan, { kind: "stdio" }>,
): Promise<ExitCodeValue> {
  const { entry } = plan.transport;
  const stop = stopRequest(process.stdin);
  let running: RunningStdioTransport;
  let ended: StdioTransportEnd | string;
  try {
    running = await start(plan.transport, () =>
      entry.transport.start({
        app: transportApp(app),
        flags: flagsOf(plan.transport),
        stdin: process.stdin,
        stdout: process.stdout,
      }),
    );
    // stdout is the protocol channel: the banner goes to stderr.
    println(
      io.stderr,
      running.summary === undefined
        ? `axn: serving ${app.name} over stdio (${describeTransport(entry)})`
        : `axn: serving ${running.summary} of ${app.name} over stdio`,
    );
    // The transport may end on its own (the client went away, or sent what it refuses to read).
    ended = await Promise.race([stop.requested, running.ended ?? new Promise<never>(() => undefined)]);
  } finally {
    stop.dispose();
  }
  const stopped = await stopAll(io, [{ entry, running }]);
  warnDroppedJobs(io);
  if (typeof ended !== "string" && ended.exitCode !== 0) return ended.exitCode as ExitCodeValue;
  return stopped ? ExitCode.ok : ExitCode.failure;
}

/**
 * Jobs the embedded queue still holds when the server stops are lost with the process: said on
 * stderr rather than dropped without a word, with the setting that would keep them.
 */
function warnDroppedJobs(io: CliIo): void {
  const backend = Jobs.backend() as { readonly kind: string; unfinished?: () => number };
  const unfinished = backend.kind === "embedded" ? (backend.unfinished?.() ?? 0) : 0;
  if (unfinished === 0) return;
  println(
    io.stderr,
    `axn: stopping with ${unfinished} background ${unfinished === 1 ? "job" : "jobs"} unfinished on the embedded queue; ` +
      "they are dropped (it keeps jobs in this process only): set queue.connection in the config and run axn worker to keep them (docs/scaling.md)",
  );
}

/**
 * The parsed values, typed as the transport's own flags: `planServe` built them from the very
 * declarations `start`'s type comes from, which the CLI only knows as the general shape.
 */
function flagsOf(selected: Selected<HttpTransport | StdioTransport>): TransportFlagValues<TransportFlags> {
  return selected.flags as TransportFlagValues<TransportFlags>;
}

async function start<R>(selected: Selected<HttpTransport | StdioTransport>, run: () => Promise<R>): Promise<R> {
  try {
    return await run();
  } catch (error) {
    throw new CliError(
      ExitCode.failure,
      `${describeTransport(selected.entry)} failed to start: ${errorMessage(error)}`,
      "The plugin named above could not start its transport; its own message says why.",
      { cause: error },
    );
  }
}

async function listen(
  mounts: readonly Mounted[],
  port: number,
  hostname: string,
  appName: string,
): Promise<SharedServer> {
  try {
    return await listenShared(mounts, port, hostname, { resourceName: appName });
  } catch (error) {
    if ((error as { code?: unknown }).code === "EADDRINUSE") {
      throw new CliError(
        ExitCode.failure,
        `Port ${port} on ${hostname} is already in use`,
        "Pass --port N or set PORT (0 picks a free port).",
      );
    }
    throw new CliError(
      ExitCode.failure,
      `Cannot listen on ${hostname}:${port}: ${errorMessage(error)}`,
      "Check --host and --port.",
      {
        cause: error,
      },
    );
  }
}

/** Stops each transport, the last started first; reports each failure and carries on. `false` if any failed. */
async function stopAll(
  io: CliIo,
  started: readonly { readonly entry: Registered; readonly running: { stop(): Promise<void> } }[],
): Promise<boolean> {
  let ok = true;
  for (const { entry, running } of [...started].reverse()) {
    try {
      await running.stop();
    } catch (error) {
      ok = false;
      println(io.stderr, `axn: ${describeTransport(entry)} failed to stop: ${errorMessage(error)}`);
    }
  }
  return ok;
}
