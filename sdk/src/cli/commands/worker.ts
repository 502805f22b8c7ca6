/**
 * `axn worker [--concurrency N] [--grace MS]`: runs the app's enqueued jobs. Loads the app like
 * every command (its tool roots define the actions jobs name), then takes jobs from the BullMQ
 * queue the config's `queue.connection` names, N at a time. On SIGINT/SIGTERM it stops taking
 * jobs, lets running ones finish for up to `--grace` milliseconds, and returns the rest to the
 * queue for another worker; a second signal ends the process at once.
 */
import { crashRecoveryBoundMs, redactUrl } from "../../queue/connection.js";
import { configuredQueueSettings } from "../../queue/configure.js";
import { startQueueWorker } from "../../queue/worker.js";
import type { Command } from "../command.js";
import { CliError, ExitCode, usageError } from "../errors.js";
import { println } from "../io.js";
import { loadApp } from "../load-app.js";
import { stopRequest } from "../serve/stop-request.js";

const DEFAULT_GRACE_MS = 30_000;

function positiveInteger(name: string, value: string | boolean | undefined, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  const parsed = typeof value === "string" && /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(parsed) || parsed < min)
    throw usageError(`--${name} must be an integer ≥ ${min} (got ${JSON.stringify(value)})`, "worker");
  return parsed;
}

export const workerCommand: Command = {
  name: "worker",
  usage: "worker [--concurrency N] [--grace MS]",
  summary: "Run enqueued jobs from the app's Redis queue",
  help: [
    "Takes the jobs that A.enqueue (or an HTTP ?async=1 call) put on the queue named by the config's",
    "queue.connection and runs each through the same contract as a direct call. Start as many workers,",
    "on as many machines, as the load needs: each job runs once; a job whose worker dies is taken over",
    "by another.",
    "",
    "Options:",
    "  --concurrency N   jobs run at once in this process (default 1)",
    `  --grace MS        on SIGINT/SIGTERM, how long running jobs may finish before they are returned to the queue (default ${DEFAULT_GRACE_MS})`,
    "",
    "Example:",
    "  axn worker --concurrency 4",
  ].join("\n"),
  options: { concurrency: { type: "string" }, grace: { type: "string" } },
  maxPositionals: 0,
  async run({ io, values, configPath }) {
    const concurrency = positiveInteger("concurrency", values["concurrency"], 1, 1);
    const graceMs = positiveInteger("grace", values["grace"], DEFAULT_GRACE_MS, 0);
    const stop = stopRequest();
    try {
      const app = await loadApp(io.cwd, configPath);
      const settings = configuredQueueSettings();
      if (settings === undefined) {
        throw new CliError(
          ExitCode.config,
          `${app.configPath ?? "The config"} sets no queue.connection, so jobs run on the embedded queue, inside the process that enqueued them: there is nothing for a worker to take`,
          'Add queue: { connection: "redis://127.0.0.1:6379" } to the config (see docs/scaling.md).',
        );
      }
      const worker = await startQueueWorker({ ...settings, concurrency });
      const where = `queue "${settings.name}" at ${String(redactUrl(settings.connection))}`;
      const recovery = crashRecoveryBoundMs(settings);
      println(
        io.stdout,
        `axn worker: a job whose worker dies is taken over within ${recovery / 1000} s (lockDuration + 2 × stalledInterval)`,
        `axn worker: ${app.name}, ${concurrency} at a time, on ${where} (Ctrl+C to stop)`,
      );
      const reason = await stop.requested;
      println(io.stdout, `axn worker: ${reason}: finishing ${worker.running} running job(s) (up to ${graceMs} ms)`);
      const { finished, returned } = await worker.close({ graceMs });
      println(io.stdout, `axn worker: stopped; ${finished} job(s) completed, ${returned} returned to the queue`);
      return ExitCode.ok;
    } finally {
      stop.dispose();
    }
  },
};
