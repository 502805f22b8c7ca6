/**
 * `axn call TOOL --args JSON [--ambient JSON]`: runs one tool the way an adapter does — through
 * the Invoker (wire coercion, user-facing input errors, undeclared inputs refused, `ambientContext`
 * smuggled in the arguments stripped) with `--ambient` as the trusted ambient context — and prints
 * the result as JSON. Exit code 1 when the tool failed.
 */
import { Invoker, render, type Result } from "@axn/core";
import type { Command } from "../command.js";
import { findTool } from "../catalog.js";
import { ExitCode, usageError } from "../errors.js";
import { println } from "../io.js";
import { parseJsonObject } from "../json-args.js";
import { loadApp } from "../load-app.js";

const invoker = new Invoker({ userFacingInputErrors: true, rejectUndeclaredInputs: true });

export const callCommand: Command = {
  name: "call",
  usage: "call TOOL [--args JSON] [--ambient JSON] [--json]",
  summary: "Run a tool through the Invoker and print the result",
  help: [
    "Runs TOOL (a name, or NAME@VERSION) with model-style arguments, exactly as an adapter would:",
    "wire strings are coerced, unknown arguments are refused, and the ambient context comes only",
    "from --ambient. Prints { ok, outcome, message | error, exposed } as JSON.",
    "",
    "Options:",
    "  --args JSON      the tool's arguments (a JSON object; default {})",
    "  --ambient JSON   the trusted ambient context (a JSON object; default {})",
    "  --json           accepted for uniformity: the output is always JSON",
    "",
    "Exit codes: 0 the tool succeeded, 1 it failed (the error is in the output).",
    "",
    "Examples:",
    `  axn call list_tickets --args '{"status":"open","perPage":2}'`,
    `  axn call assign_to_me --args '{"ticketId":"T-1001"}' --ambient '{"currentAgentId":"ag_ada"}'`,
  ].join("\n"),
  // The output is JSON either way; --json is accepted so every data command takes it.
  options: { args: { type: "string" }, ambient: { type: "string" }, json: { type: "boolean" } },
  maxPositionals: 1,
  async run({ io, values, positionals, configPath }) {
    const spec = positionals[0];
    if (spec === undefined) throw usageError("Missing TOOL: which tool should run?", "call");
    // Arguments are checked before the app boots, so a typo fails fast.
    const args = parseJsonObject("args", stringOption(values["args"]), "call");
    const ambientContext = parseJsonObject("ambient", stringOption(values["ambient"]), "call");
    await loadApp(io.cwd, configPath);
    const tool = findTool(spec);
    const result = await invoker.call(tool.action, args, { ambientContext });
    println(io.stdout, JSON.stringify(describe(result), null, 2));
    return result.ok ? ExitCode.ok : ExitCode.failure;
  },
};

function stringOption(value: string | boolean | undefined): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** The result as a JSON document. A failure shows `result.error`; the exception went to onException. */
function describe(result: Result<object>): Record<string, unknown> {
  if (!result.ok) return { ok: false, outcome: result.outcome, error: result.error };
  try {
    return { ok: true, outcome: result.outcome, message: result.message, exposed: render(result, { rejectOpaque: false }) };
  } catch (error) {
    return {
      ok: true,
      outcome: result.outcome,
      message: result.message,
      exposed: null,
      renderError: error instanceof Error ? error.message : String(error),
    };
  }
}
