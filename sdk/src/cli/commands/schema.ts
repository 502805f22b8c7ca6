/** `axn schema TOOL [--output]`: a tool's input JSON Schema (or its output schema). */
import type { Command } from "../command.js";
import { findTool } from "../catalog.js";
import { ExitCode, usageError } from "../errors.js";
import { println } from "../io.js";
import { loadApp } from "../load-app.js";

export const schemaCommand: Command = {
  name: "schema",
  usage: "schema TOOL [--output] [--json]",
  summary: "Print a tool's JSON Schema (input, or --output)",
  help: [
    "Prints the JSON Schema (2020-12) a model is given for TOOL's arguments — ambient context",
    "fields are never in it. TOOL is a tool name (the latest version) or NAME@VERSION.",
    "",
    "Options:",
    "  --output   the schema of what the tool returns instead (null when it exposes nothing)",
    "  --json     accepted for uniformity: the output is always JSON",
    "",
    "Examples:",
    "  axn schema TOOL            # a name from axn tools",
    "  axn schema TOOL@1",
    "  axn schema TOOL --output",
  ].join("\n"),
  // The output is JSON either way; --json is accepted so every data command takes it.
  options: { output: { type: "boolean" }, json: { type: "boolean" } },
  maxPositionals: 1,
  async run({ io, values, positionals, configPath }) {
    const spec = positionals[0];
    if (spec === undefined) throw usageError("Missing TOOL: which tool's schema?", "schema");
    await loadApp(io.cwd, configPath);
    const tool = findTool(spec);
    const schema = values["output"] === true ? (tool.action.outputSchema ?? null) : tool.action.inputSchema;
    println(io.stdout, JSON.stringify(schema, null, 2));
    return ExitCode.ok;
  },
};
