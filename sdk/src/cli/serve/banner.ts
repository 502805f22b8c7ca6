/**
 * What `axn serve` prints once it listens: one line naming the app and what each transport counts
 * (`6 MCP tools, 7 HTTP operations`), one line per endpoint each transport lists (by default its
 * name and URL), the transports' notes (how to connect a client, a request to try), and how to
 * stop. The lines are the transports' own; the layout is the CLI's, and so is the last paragraph:
 * how to run this app's CLI from the folder the user stands in.
 */
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { reportException, type StdioTransport, type TransportBanner } from "@axn/core";
import type { Mounted } from "./shared-server.js";

/** Where the user stands (`npm start` runs the script in the app's folder but says where it was typed). */
export interface BannerPlace {
  readonly configPath: string | undefined;
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  /** The app's stdio transports: the CLI line names only the commands that serve one. */
  readonly stdio?: readonly StdioTransport[];
}

/** The flag `axn mcp-config` launches the app with (commands/mcp-config.ts): suggested only when a transport answers to it. */
const MCP_STDIO_FLAG = "mcp-stdio";

export function httpBanner(appName: string, origin: string, mounts: readonly Mounted[], place?: BannerPlace): string[] {
  const summaries = mounts.flatMap(({ running }) => (running.summary === undefined ? [] : [running.summary]));
  const banners = mounts.map((mount) => bannerOf(mount, origin));
  const endpoints = banners.flatMap((banner) => banner.endpoints);
  const width = Math.max(0, ...endpoints.map((endpoint) => endpoint.label.length)) + 3;
  return [
    `Serving ${appName}${summaries.length === 0 ? "" : ` (${summaries.join(", ")})`} on ${origin}`,
    "",
    ...endpoints.map((endpoint) => `  ${endpoint.label.padEnd(width)}${endpoint.target}`),
    ...banners.flatMap((banner) => banner.notes ?? []).flatMap((note) => ["", ...note]),
    ...(place === undefined ? [] : ["", ...cliNote(place)]),
    "",
    "Press Ctrl+C to stop.",
  ];
}

/** The transport's own banner; a banner that throws is reported and replaced by the default line. */
function bannerOf({ entry, running }: Mounted, origin: string): TransportBanner {
  const fallback: TransportBanner = {
    endpoints: [{ label: entry.transport.name, target: `${origin}${entry.transport.path}` }],
  };
  if (running.banner === undefined) return fallback;
  try {
    return running.banner(origin);
  } catch (error) {
    reportException(error, { action: entry.plugin, phase: `http transport "${entry.transport.name}" banner` });
    return fallback;
  }
}

/**
 * `npx axn` finds the app's own bin only inside the app (elsewhere npx fetches an unrelated npm
 * package named `axn`); anywhere else the absolute form is the one that works.
 */
function cliNote({ configPath, cwd, env, stdio = [] }: BannerPlace): string[] {
  const commands = cliCommands(stdio);
  const standing = resolve(env["INIT_CWD"] ?? cwd);
  const appDir = configPath === undefined ? resolve(cwd) : dirname(configPath);
  if (standing === appDir) {
    return ["This app's CLI, from this folder:", `  ${commands.map((command) => `npx axn ${command}`).join(" · ")}`];
  }
  const entry = fileURLToPath(new URL("../../../bin/axn.js", import.meta.url));
  const config = configPath === undefined ? "" : ` --config ${configPath}`;
  const listed = commands.length === 1 ? commands[0] : `<${commands.join("|")}>`;
  return [`This app's CLI, from ${standing}:`, `  ${process.execPath} ${entry} ${listed}${config}`];
}

/**
 * `tools` always; `mcp-config` and a launch line per stdio transport only when the app has one — an
 * app without a stdio MCP server is not told how to launch one.
 */
function cliCommands(stdio: readonly StdioTransport[]): string[] {
  const mcpConfig = stdio.some((transport) => transport.selectFlag === MCP_STDIO_FLAG) ? ["mcp-config"] : [];
  const launches = stdio.map((transport) =>
    transport.selectFlag === undefined ? `serve --stdio ${transport.name}` : `serve --${transport.selectFlag}`,
  );
  return ["tools", ...mcpConfig, ...launches];
}
