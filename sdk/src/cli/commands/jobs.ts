/**
 * `axn jobs ID [--wait]`: a job's state, and its result once settled — the same document `axn
 * call` prints — read from the app's queue. `axn call TOOL --async` (the enqueueing half) is here
 * too, so call.ts only branches to it.
 */
import { Jobs, render, type AnyAxn, type JobHandle, type Result } from "@axn/core";
import { errorMessage } from "@axn/core/internal";
import { configuredQueueSettings } from "../../queue/configure.js";
import type { Command } from "../command.js";
import { CliError, ExitCode, usageError, type ExitCodeValue } from "../errors.js";
import { println, type CliIo } from "../io.js";
import { loadApp } from "../load-app.js";

/** The result as `axn call` prints it. A failure shows `result.error`; the exception went to onException. */
export function describeResult(result: Result<object>): Record<string, unknown> {
  if (!result.ok) return { ok: false, outcome: result.outcome, error: result.error };
  try {
    return {
      ok: true,
      outcome: result.outcome,
      message: result.message,
      exposed: render(result, { rejectOpaque: false }),
    };
  } catch (error) {
    return {
      ok: true,
      outcome: result.outcome,
      message: result.message,
      exposed: null,
      renderError: errorMessage(error),
    };
  }
}

function requireRedis(what: string, configPath: string | undefined): void {
  if (configuredQueueSettings() !== undefined) return;
  throw new CliError(
    ExitCode.config,
    `${what} needs the config's queue.connection: with the embedded queue a job lives in the process that enqueued it, and this one exits`,
    `Add queue: { connection: "redis://127.0.0.1:6379" } to ${configPath ?? "axn.config.*"} and run \`axn worker\` (see docs/scaling.md).`,
  );
}

/**
 * `axn call TOOL --async`: submits the tool call as a transport does (`Jobs.submit`: the access
 * policy and the arguments checked first, the caps, the deadline), then prints the job — and, for
 * a call with no `--as`, the capability token that reads it as its anonymous owner.
 */
export async function enqueueToolCall(
  io: CliIo,
  action: AnyAxn,
  args: Record<string, unknown>,
  ambientContext: Record<string, unknown>,
  configPath: string | undefined,
): Promise<ExitCodeValue> {
  requireRedis("axn call --async", configPath);
  try {
    const submitted = await Jobs.submit(action, args, {
      ambientContext,
      invoker: { userFacingInputErrors: true, rejectUndeclaredInputs: true },
    });
    if (!submitted.ok) {
      // Refused before anything was stored: the synchronous call's document, or what stopped it.
      const body =
        submitted.reason === "refused"
          ? describeResult(submitted.result)
          : { ok: false, reason: submitted.reason, error: submitted.message };
      println(io.stdout, JSON.stringify({ ...body, enqueued: false }, null, 2));
      return ExitCode.failure;
    }
    const { job, token } = submitted;
    const status = await job.status();
    println(
      io.stdout,
      JSON.stringify(
        { id: job.id, action: job.action, state: status.state, ...(token === undefined ? {} : { token }) },
        null,
        2,
      ),
    );
    println(io.stderr, `axn: enqueued job ${job.id}; \`axn jobs ${job.id} --wait\` prints its result`);
    return ExitCode.ok;
  } finally {
    await Jobs.backend().close();
  }
}

async function document(
  job: JobHandle<object>,
  wait: boolean,
): Promise<{ body: Record<string, unknown>; ok: boolean }> {
  if (wait) await job.result();
  const status = await job.status();
  const settled = status.state === "completed" || status.state === "dead" || status.state === "cancelled";
  if (!settled) return { body: { ...status }, ok: true };
  const result = await job.result();
  return { body: { ...status, result: describeResult(result) }, ok: result.ok };
}

export const jobsCommand: Command = {
  name: "jobs",
  usage: "jobs ID [--wait] [--as PRINCIPAL] [--token TOKEN]",
  summary: "Show an enqueued job's state and, once settled, its result",
  help: [
    "Prints { id, action, state, attemptsMade, attempts } for job ID on the app's queue, and its result",
    "({ ok, outcome, message | error, exposed }, as axn call prints it) once the job is completed, dead or",
    "cancelled. States: waiting, delayed, active, completed, dead (every attempt threw), cancelled.",
    "",
    "Options:",
    "  --wait            wait for the job to settle first",
    "  --as PRINCIPAL    read it as this caller (an id): another caller's job is the unknown-job error",
    "  --token TOKEN     read it as the anonymous caller holding the token its submission returned",
    "Without --as or --token, the job is read as trusted code (the operator) reads it: whoever owns it.",
    "",
    "Exit codes: 0 the job is pending or succeeded, 1 it failed or there is no such job.",
  ].join("\n"),
  options: { wait: { type: "boolean" }, as: { type: "string" }, token: { type: "string" } },
  maxPositionals: 1,
  async run({ io, values, positionals, configPath }) {
    const id = positionals[0];
    if (id === undefined) throw usageError("Missing ID: which job?", "jobs");
    await loadApp(io.cwd, configPath);
    requireRedis("axn jobs", configPath);
    try {
      const as = typeof values["as"] === "string" ? values["as"] : undefined;
      const token = typeof values["token"] === "string" ? values["token"] : undefined;
      // As a caller: exactly what a transport shows that caller (another's job reads as unknown).
      const job = await Jobs.find(
        id,
        as === undefined && token === undefined
          ? {}
          : { principal: as === undefined ? null : { id: as }, ...(token === undefined ? {} : { token }) },
      );
      if (job === undefined)
        throw new CliError(
          ExitCode.failure,
          `No job "${id}" on the app's queue; it was never enqueued there, or it expired`,
        );
      const { body, ok } = await document(job, values["wait"] === true);
      println(io.stdout, JSON.stringify(body, null, 2));
      return ok ? ExitCode.ok : ExitCode.failure;
    } finally {
      await Jobs.backend().close();
    }
  },
};
