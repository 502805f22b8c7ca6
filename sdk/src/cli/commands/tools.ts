/** `axn tools [--adapter KEY] [--json]`: the app's tools as a table (or JSON). */
import type { Command } from "../command.js";
import { listTools } from "../catalog.js";
import { ExitCode } from "../errors.js";
import { println } from "../io.js";
import { loadApp } from "../load-app.js";
import { RESERVED_FLAGS } from "../serve/options.js";
import { collectTransports } from "../serve/registered.js";
import { servedCatalog } from "../served-catalog.js";
import { table } from "../table.js";

export const toolsCommand: Command = {
  name: "tools",
  usage: "tools [--adapter KEY] [--json]",
  summary: "List the tools: name, version, adapters, hints, description",
  help: [
    "Lists every version of every tool the app's plugins expose.",
    "",
    "Options:",
    "  --adapter KEY   only the tools of this adapter (mcp, langchain, http, …)",
    "  --json          print a JSON array instead of the tables (tools, then resources and prompts)",
    "",
    "Examples:",
    "  axn tools",
    "  axn tools --adapter mcp --json",
  ].join("\n"),
  options: { adapter: { type: "string" }, json: { type: "boolean" } },
  maxPositionals: 0,
  async run({ io, values, configPath }) {
    const app = await loadApp(io.cwd, configPath);
    const adapter = typeof values["adapter"] === "string" ? values["adapter"] : undefined;
    const tools = listTools(adapter);
    // Beside the tools, what transports serve on their own (MCP resources, templates and prompts);
    // `--adapter` narrows to tools, so it shows none of them.
    const served = adapter === undefined ? await servedCatalog(collectTransports(app.host, RESERVED_FLAGS)) : [];
    if (values["json"] === true) {
      // One array, each row tagged with its `kind`, so a script reads tools and the rest alike.
      const rows = tools.map((tool) => ({
        kind: "tool",
        name: tool.name,
        version: tool.version,
        adapters: tool.adapters,
        ...(Object.keys(tool.otherNames).length === 0 ? {} : { adapterNames: tool.otherNames }),
        semanticHints: tool.action.semanticHints,
        description: tool.action.description ?? null,
      }));
      const others = served.map((entry) => ({
        kind: entry.kind,
        name: entry.name,
        address: entry.target ?? null,
        transport: entry.transport,
        description: entry.description ?? null,
      }));
      println(io.stdout, JSON.stringify([...rows, ...others], null, 2));
      return ExitCode.ok;
    }
    if (tools.length === 0) {
      println(
        io.stdout,
        adapter === undefined
          ? "No tools. Add actions under an adapter's tool roots, or declare `tool: true` on an action."
          : `No tools for adapter "${adapter}".`,
      );
      return ExitCode.ok;
    }
    const rows = tools.map((tool) => [
      tool.name,
      `v${tool.version}`,
      tool.adapters.join(","),
      tool.action.semanticHints.join(",") || "-",
      tool.action.description ?? "",
    ]);
    println(io.stdout, ...table(["NAME", "VERSION", "ADAPTERS", "HINTS", "DESCRIPTION"], rows));
    if (served.length > 0) {
      const entries = served.map((entry) => [
        entry.kind,
        entry.name,
        entry.target ?? "-",
        entry.transport,
        entry.description ?? "",
      ]);
      println(io.stdout, "", ...table(["KIND", "NAME", "ADDRESS", "TRANSPORT", "DESCRIPTION"], entries));
    }
    return ExitCode.ok;
  },
};
