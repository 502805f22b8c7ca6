/**
 * `axn mcp-config [CLIENT]`: the JSON an MCP client needs to launch this app's MCP stdio server,
 * ready to paste. Every path in it is absolute — the `node` running this CLI, this CLI's own entry
 * (`…/node_modules/@axn/sdk/bin/axn.js`) and the config file — so the server starts the same from
 * whatever folder the client launches it in (Claude Code ignores `cwd`; `npx axn` outside the app
 * finds an unrelated npm package named `axn`).
 */
import { basename, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { findConfigFile } from "../../config/load-config.js";
import { errorMessage } from "@axn/core/internal";
import type { Command } from "../command.js";
import { CliError, ExitCode, usageError } from "../errors.js";
import { println } from "../io.js";
import { packageInfo } from "../load-app.js";
import { principalOption } from "../principal-option.js";

/** The clients whose config shape is known, and where each reads it from. */
export const MCP_CLIENTS = {
  "claude-desktop": "claude_desktop_config.json (Settings → Developer → Edit Config): merge into mcpServers",
  "claude-code": ".mcp.json in a project (or: claude mcp add-json NAME '<the server object>')",
  cursor: "~/.cursor/mcp.json or .cursor/mcp.json in a project: merge into mcpServers",
  vscode: ".vscode/mcp.json in a workspace: merge into servers",
  inspector:
    "a file for the MCP Inspector CLI: npx @modelcontextprotocol/inspector --cli --config FILE --server NAME --method tools/list",
} as const;

export type McpClient = keyof typeof MCP_CLIENTS;

export interface StdioLaunch {
  readonly command: string;
  readonly args: readonly string[];
}

/** How a client starts this app's MCP stdio server: absolute node, absolute CLI entry, absolute config. */
export function stdioLaunch(configFile: string): StdioLaunch {
  // dist/cli/commands/mcp-config.js → the package's bin/axn.js (what node_modules/.bin/axn links to).
  const entry = fileURLToPath(new URL("../../../bin/axn.js", import.meta.url));
  return { command: process.execPath, args: [entry, "serve", "--mcp-stdio", "--config", configFile] };
}

/**
 * The client's config document holding one server, `name`. `principal` (as `AXN_PRINCIPAL` takes it:
 * an id or a JSON principal) goes in the server's `env`, which every one of these clients passes to
 * the process it launches: stdio has no request to authenticate, so the launch says who calls.
 */
export function clientConfig(
  client: McpClient,
  name: string,
  launch: StdioLaunch,
  principal?: string,
): Record<string, unknown> {
  const server = {
    command: launch.command,
    args: [...launch.args],
    ...(principal === undefined ? {} : { env: { AXN_PRINCIPAL: principal } }),
  };
  switch (client) {
    case "vscode":
      return { servers: { [name]: { type: "stdio", ...server } } };
    case "claude-code":
      return { mcpServers: { [name]: { type: "stdio", ...server } } };
    default:
      return { mcpServers: { [name]: server } };
  }
}

/** A server key every client accepts: the package name without its scope, in `[a-z0-9_-]`. */
export function serverName(packageName: string): string {
  const bare = packageName
    .replace(/^@[^/]+\//, "")
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return bare === "" ? "axn-app" : bare;
}

export const mcpConfigCommand: Command = {
  name: "mcp-config",
  usage: `mcp-config [${Object.keys(MCP_CLIENTS).join("|")}] [--name NAME] [--as PRINCIPAL]`,
  summary: "Print the JSON an MCP client needs to launch this app over stdio",
  help: [
    "Prints a ready-to-paste config that launches `axn serve --mcp-stdio` for this app with",
    "absolute paths only — this node, this CLI's entry and the config file — so it works whatever",
    "folder the client starts it from. CLIENT defaults to claude-desktop.",
    "",
    "Clients:",
    ...Object.entries(MCP_CLIENTS).map(([client, where]) => `  ${client.padEnd(15)} ${where}`),
    "",
    "Options:",
    "  --name NAME      the server's key in the config (default: the package name)",
    "  --as PRINCIPAL   who calls over this launch (stdio authenticates no one): an id, or a JSON",
    "                   object { id, scopes?, roles?, claims? }; written as AXN_PRINCIPAL in env",
    "",
    "Examples:",
    "  axn mcp-config",
    "  axn mcp-config vscode > .vscode/mcp.json",
    "  axn mcp-config inspector > mcp.json",
    `  axn mcp-config claude-code --as '{"id":"ag_ada","roles":["agent"]}'`,
  ].join("\n"),
  options: { name: { type: "string" }, as: { type: "string" }, json: { type: "boolean" } },
  loadsApp: false,
  maxPositionals: 1,
  async run({ io, values, positionals, configPath }) {
    const client = positionals[0] ?? "claude-desktop";
    if (!(client in MCP_CLIENTS)) {
      throw usageError(`Unknown MCP client "${client}"; clients: ${Object.keys(MCP_CLIENTS).join(", ")}`, "mcp-config");
    }
    let file: string;
    try {
      file = findConfigFile(io.cwd, configPath);
    } catch (error) {
      throw new CliError(ExitCode.config, errorMessage(error), "Run it in the app's folder, or pass --config PATH.");
    }
    const name = typeof values["name"] === "string" ? values["name"] : serverName(packageInfo(dirname(file)).name);
    const caller = principalOption(values["as"], "mcp-config");
    // One line, as an environment variable's value is best kept; a bare id stays bare.
    const principal =
      caller === undefined ? undefined : Object.keys(caller).length === 1 ? caller.id : JSON.stringify(caller);
    println(io.stdout, JSON.stringify(clientConfig(client as McpClient, name, stdioLaunch(file), principal), null, 2));
    println(
      io.stderr,
      `axn: ${basename(file)} served over MCP stdio as "${name}"; paste into ${MCP_CLIENTS[client as McpClient]}`,
    );
    return ExitCode.ok;
  },
};
