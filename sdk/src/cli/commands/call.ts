/**
 * `axn call TOOL --args JSON [--ambient JSON] [--as PRINCIPAL]`: runs one tool the way an adapter
 * does — through the Invoker (the access check, wire coercion, user-facing input errors, undeclared
 * inputs refused, `ambientContext` smuggled in the arguments stripped) with `--ambient` as the
 * trusted ambient context and `--as` as its caller — and prints the result as JSON; the tool's
 * progress and logs as it runs go to stderr (call/live-output.ts); its questions are prompted on a
 * terminal or answered by `--answers` (call/terminal-questions.ts). Exit code 1 when the tool
 * failed or the caller was refused, 2 when it asked something nobody could answer.
 */
import { AccessDeniedError, PRINCIPAL_AMBIENT_KEY, Invoker, render, type Result } from "@axn/core";
import { errorMessage } from "@axn/core/internal";
import type { Command } from "../command.js";
import { findTool } from "../catalog.js";
import { ExitCode, usageError } from "../errors.js";
import { println } from "../io.js";
import { parseJsonObject } from "../json-args.js";
import { principalOption } from "../principal-option.js";
import { loadApp } from "../load-app.js";
import { liveOutput } from "../call/live-output.js";
import { terminalQuestions, type TerminalQuestionsOptions } from "../call/terminal-questions.js";
import type { CliIo } from "../io.js";
import { enqueueToolCall } from "./jobs.js";

const invoker = new Invoker({ userFacingInputErrors: true, rejectUndeclaredInputs: true });

export const callCommand: Command = {
  name: "call",
  usage: "call TOOL [--args JSON] [--ambient JSON] [--as PRINCIPAL] [--answers JSON] [--no-input] [--async] [--json]",
  summary: "Run a tool through the Invoker and print the result",
  help: [
    "Runs TOOL (a name, or NAME@VERSION) with model-style arguments, exactly as an adapter would:",
    "wire strings are coerced, unknown arguments are refused, and the ambient context comes only",
    "from --ambient; the caller, checked against the tool's access policy, from --as.",
    "Prints { ok, outcome, message | error, exposed } as JSON (a refused caller: also code).",
    "",
    "Options:",
    "  --args JSON      the tool's arguments (a JSON object; default {})",
    "  --ambient JSON   the trusted ambient context (a JSON object; default {})",
    "  --as PRINCIPAL   call as this principal: an id, or a JSON object { id, scopes?, roles?, claims? }",
    "                   (default: no caller, as an anonymous client would be)",
    "  --answers JSON   answers to the tool's questions, by key (its `key`, else q0, q1, …): a form's",
    `                   fields ({"confirm":{"overwrite":true}}) or "decline" / "cancel"; a model's reply as text`,
    "  --no-input       never prompt: a question --answers does not answer stops the call",
    "  --async          enqueue the call for `axn worker` and print the job (see `axn jobs ID`)",
    "  --json           NDJSON on stdout: one line per progress or log event, the result last",
    "",
    "While the tool runs, its progress (ctx.progress) and client logs (ctx.notify) go to stderr:",
    "a live progress bar with the tool's message on a terminal, one line per update otherwise.",
    "stdout holds only the result.",
    "",
    "When the tool asks (ctx.elicit, ctx.sample, ctx.roots), a terminal prompts you for each",
    "question; piped, or with --no-input, the call stops naming the question unless --answers has it.",
    "",
    "Exit codes: 0 the tool succeeded, 1 it failed (the error is in the output), 2 a question nobody answered.",
    "",
    "Examples:",
    "  axn tools                                  # the tools this app has",
    `  axn call TOOL --args '{"name":"Ada"}'`,
    `  axn call TOOL --args '{"id":"T-1"}' --as '{"id":"user_1","roles":["admin"]}'`,
  ].join("\n"),
  options: {
    args: { type: "string" },
    ambient: { type: "string" },
    as: { type: "string" },
    answers: { type: "string" },
    "no-input": { type: "boolean" },
    async: { type: "boolean" },
    json: { type: "boolean" },
  },
  maxPositionals: 1,
  async run({ io, values, positionals, configPath }) {
    const spec = positionals[0];
    if (spec === undefined) throw usageError("Missing TOOL: which tool should run?", "call");
    // Arguments are checked before the app boots, so a typo fails fast.
    const args = parseJsonObject("args", stringOption(values["args"]), "call");
    const ambient = parseJsonObject("ambient", stringOption(values["ambient"]), "call");
    const answers = parseJsonObject("answers", stringOption(values["answers"]), "call");
    const principal = principalOption(values["as"], "call");
    if (principal !== undefined && PRINCIPAL_AMBIENT_KEY in ambient) {
      throw usageError(`Give the caller once: --as, or "${PRINCIPAL_AMBIENT_KEY}" in --ambient, not both`, "call");
    }
    const ambientContext = principal === undefined ? ambient : { ...ambient, [PRINCIPAL_AMBIENT_KEY]: principal };
    await loadApp(io.cwd, configPath);
    const tool = findTool(spec);
    if (values["async"] === true) return enqueueToolCall(io, tool.action, args, ambientContext, configPath);
    const json = values["json"] === true;
    const output = liveOutput(io, { tool: tool.name, action: tool.action.name, json });
    const questions = terminalQuestions({
      tool: tool.name,
      answers,
      ...promptingOf(io, values["no-input"] === true),
      beforePrompt: output.pause,
    });
    let result: Result<object>;
    try {
      // A question nobody can answer stops the call: the body waits on it forever, the command reports it.
      result = await Promise.race([
        invoker.call(tool.action, args, { ambientContext, live: { ...output.live, ...questions.live } }),
        questions.refused,
      ]);
    } finally {
      output.finish();
    }
    if (json) println(io.stdout, JSON.stringify({ event: "result", ...describe(result) }));
    else println(io.stdout, JSON.stringify(describe(result), null, 2));
    if (
      result.exception instanceof AccessDeniedError &&
      result.exception.code === "AXN_UNAUTHENTICATED" &&
      principal === undefined
    ) {
      println(
        io.stderr,
        `axn: ${tool.name} needs a caller; call it as someone: axn call ${tool.name} --as '{"id":"user_1","roles":["agent"]}' (an id, roles and scopes its access policy accepts)`,
      );
    }
    return result.ok ? ExitCode.ok : ExitCode.failure;
  },
};

/** Where to prompt: a terminal on stdin and stderr (stdout keeps only the result), unless `--no-input`. */
function promptingOf(io: CliIo, noInput: boolean): Pick<TerminalQuestionsOptions, "prompt" | "noPromptReason"> {
  if (noInput) return { prompt: undefined, noPromptReason: "--no-input is set" };
  const stderr = io.stderr as Partial<NodeJS.WriteStream>;
  if (io.stdin?.isTTY !== true || stderr.isTTY !== true)
    return { prompt: undefined, noPromptReason: "there is no terminal to ask on" };
  return { prompt: { input: io.stdin, output: stderr as NodeJS.WriteStream }, noPromptReason: "" };
}

function stringOption(value: string | boolean | undefined): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** The result as a JSON document. A failure shows `result.error`; the exception went to onException. */
function describe(result: Result<object>): Record<string, unknown> {
  if (result.exception instanceof AccessDeniedError)
    return { ok: false, outcome: result.outcome, code: result.exception.code, error: result.error };
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
