/**
 * `axn serve --help`: the server's own options, then — when the app loads — its transports and
 * the flags each declares, grouped by transport, so the help of one app lists exactly what its
 * plugins add.
 */
import { table } from "../table.js";
import { DEFAULT_SERVE_HOST, DEFAULT_SERVE_PORT } from "./options.js";
import { describeTransport, flagsOf, type Registered } from "./registered.js";

export const SERVE_USAGE = "serve [--port N] [--host HOST] [TRANSPORT FLAGS] | serve --stdio NAME [TRANSPORT FLAGS]";

/** The help body. `transports`: the app's, or why they could not be listed. */
export function serveHelp(transports: readonly Registered[] | { readonly unavailable: string }): string {
  return [
    "Serves the app's tools over the transports its plugins register: every HTTP transport on one",
    "server, each at its own path, or one stdio transport over stdin/stdout (--stdio NAME) for a",
    "client that launches the server. Prints what it serves and how to connect. Stops on Ctrl+C.",
    "",
    "Options:",
    `  --port N       the port (default: $PORT, else ${DEFAULT_SERVE_PORT}; 0 picks a free port)`,
    `  --host HOST    the address to bind (default ${DEFAULT_SERVE_HOST}; bind a public one deliberately)`,
    "  --stdio NAME   serve the stdio transport NAME over stdin/stdout instead",
    "  --dev          development mode (also NODE_ENV=development): adapter bugs are rethrown, loud",
    "                 on stderr; clients still get generic errors. Production otherwise.",
    "",
    ...("unavailable" in transports ? unlisted(transports.unavailable) : listed(transports)),
    "Examples:",
    "  axn serve",
    "  PORT=8080 axn serve",
    "  axn serve --stdio mcp",
  ].join("\n");
}

function listed(transports: readonly Registered[]): string[] {
  if (transports.length === 0) return ["Transports: none (no loaded plugin registers one).", ""];
  const rows = transports.map(({ plugin, transport }) => [
    transport.kind,
    transport.name,
    transport.kind === "http" ? transport.path : "-",
    plugin,
    transport.description ?? "",
  ]);
  const lines = [
    "Transports of this app:",
    ...table(["KIND", "NAME", "PATH", "PLUGIN", "DESCRIPTION"], rows).map((line) => `  ${line}`),
    "",
  ];
  for (const entry of transports) {
    const flags = flagsOf(entry);
    if (flags.length === 0) continue;
    const left = flags.map((flag) => `--${flag.name}${flag.type === "string" ? ` ${flag.valueName ?? "VALUE"}` : ""}`);
    const width = Math.max(...left.map((text) => text.length)) + 2;
    lines.push(
      `Options of ${describeTransport(entry)}:`,
      ...flags.map(
        (flag, index) =>
          `  ${left[index]!.padEnd(width)}${flag.help}${flag.default === undefined ? "" : ` (default ${JSON.stringify(flag.default)})`}`,
      ),
      "",
    );
  }
  return lines;
}

function unlisted(reason: string): string[] {
  return [
    "Transports and their flags come from the app's plugins; run this in the app's folder (or with",
    `--config PATH) to list them. (No app loaded here: ${reason})`,
    "",
  ];
}
