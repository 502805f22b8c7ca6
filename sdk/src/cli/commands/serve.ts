/**
 * `axn serve [--port N] [--host H] | --mcp-stdio`: serves the app's tools.
 *
 * Over HTTP (the default) one loopback server carries the HTTP plugin's routes (`POST
 * {basePath}/{tool}/v{n}`, `GET {basePath}/openapi.json`) and the MCP Streamable HTTP endpoint at
 * `/mcp` — mounted into the HTTP plugin's app, so both sit behind its Host check. With only one of
 * the two plugins listed, it serves that one. `--mcp-stdio` serves MCP over stdin/stdout instead
 * (for a client that launches the process); everything the CLI says then goes to stderr.
 *
 * Runs until SIGINT/SIGTERM, then closes the servers and exits 0.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Command } from "../command.js";
import { CliError, ExitCode, usageError, type ExitCodeValue } from "../errors.js";
import { println, type CliIo } from "../io.js";
import { loadApp, type LoadedApp } from "../load-app.js";
import { HTTP_PLUGIN, httpPlugin, MCP_PLUGIN, mcpPlugin, type HttpOperationLike, type HttpPluginModule, type McpPluginModule } from "../transports.js";

export const DEFAULT_SERVE_PORT = 3000;
export const DEFAULT_SERVE_HOST = "127.0.0.1";
export const MCP_PATH = "/mcp";

export const serveCommand: Command = {
  name: "serve",
  usage: "serve [--port N] [--host HOST] | serve --mcp-stdio",
  summary: "Serve the tools: HTTP + OpenAPI + MCP (Streamable HTTP at /mcp), or MCP over stdio",
  help: [
    "Serves the app's tools on one loopback HTTP server: the HTTP plugin's routes",
    "(POST {basePath}/{tool}/v{n}, GET {basePath}/openapi.json) and the MCP Streamable HTTP",
    "endpoint at /mcp. Prints the URLs and how to connect an MCP client. Stops on Ctrl+C.",
    "",
    "Options:",
    `  --port N       the port (default: $PORT, else ${DEFAULT_SERVE_PORT}; 0 picks a free port)`,
    `  --host HOST    the address to bind (default ${DEFAULT_SERVE_HOST}; bind a public one deliberately)`,
    "  --mcp-stdio    serve MCP over stdin/stdout instead (for clients that launch the server)",
    "",
    "Examples:",
    "  axn serve",
    "  PORT=8080 axn serve",
    "  axn serve --mcp-stdio",
  ].join("\n"),
  options: { port: { type: "string" }, host: { type: "string" }, "mcp-stdio": { type: "boolean" } },
  maxPositionals: 0,
  async run({ io, values, configPath }) {
    const stdio = values["mcp-stdio"] === true;
    if (stdio && (values["port"] !== undefined || values["host"] !== undefined)) {
      throw usageError("--mcp-stdio serves over stdin/stdout; it takes no --port or --host", "serve");
    }
    const port = stdio ? 0 : parsePort(typeof values["port"] === "string" ? values["port"] : io.env["PORT"], values["port"] !== undefined);
    const hostname = typeof values["host"] === "string" ? values["host"] : DEFAULT_SERVE_HOST;
    const app = await loadApp(io.cwd, configPath);
    const mcp = await mcpPlugin(app);
    if (stdio) return serveStdio(io, app, mcp);
    const http = await httpPlugin(app);
    return serveHttp(io, app, { http, mcp, port, hostname });
  },
};

function parsePort(raw: string | undefined, fromOption: boolean): number {
  if (raw === undefined || raw === "") return DEFAULT_SERVE_PORT;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port > 65535) {
    throw usageError(`${fromOption ? "--port" : "PORT"} must be a port number between 0 and 65535, got "${raw}"`, "serve");
  }
  return port;
}

async function serveStdio(io: CliIo, app: LoadedApp, mcp: McpPluginModule | undefined): Promise<ExitCodeValue> {
  if (mcp === undefined) {
    throw new CliError(ExitCode.config, `Cannot serve MCP: ${MCP_PLUGIN} is not listed in the config's plugins`, `Add "mcp" to plugins in ${app.configPath ?? "axn.config.ts"}.`);
  }
  const count = mcp.McpAdapter.tools().length;
  const server = await mcp.serveStdio({ name: app.name, version: app.version });
  // stdout is the protocol channel: the banner goes to stderr.
  println(io.stderr, `axn: serving ${count} MCP tools of ${app.name} over stdio`);
  await untilStopped(() => server.close(), true);
  return ExitCode.ok;
}

interface HttpPlan {
  readonly http: HttpPluginModule | undefined;
  readonly mcp: McpPluginModule | undefined;
  readonly port: number;
  readonly hostname: string;
}

async function serveHttp(io: CliIo, app: LoadedApp, plan: HttpPlan): Promise<ExitCodeValue> {
  const { http, mcp } = plan;
  if (http === undefined && mcp === undefined) {
    throw new CliError(
      ExitCode.config,
      `Nothing to serve: neither ${HTTP_PLUGIN} nor ${MCP_PLUGIN} is listed in the config's plugins`,
      `Add "http" and/or "mcp" to plugins in ${app.configPath ?? "axn.config.ts"}.`,
    );
  }
  const mcpHandler = mcp?.createStreamableHttpHandler({ name: app.name, version: app.version, path: MCP_PATH });
  let url: string;
  let close: () => Promise<void>;
  try {
    if (http !== undefined) {
      const server = http.createHttpApp({
        mount: mcpHandler === undefined ? [] : [{ path: MCP_PATH, handler: (request) => mcpHandler.fetch(request) }],
        openapi: { title: app.name, version: app.version },
      });
      const handle = await http.serve({ port: plan.port, hostname: plan.hostname, app: server });
      url = handle.url;
      close = () => handle.close();
    } else {
      const server = createServer((request, response) => void mcpHandler!.listener(request, response));
      url = await listen(server, plan.port, plan.hostname);
      close = () => new Promise<void>((done) => server.close(() => done()));
    }
  } catch (error) {
    await mcpHandler?.close();
    if ((error as { code?: unknown }).code === "EADDRINUSE") {
      throw new CliError(ExitCode.failure, `Port ${plan.port} on ${plan.hostname} is already in use`, "Pass --port N or set PORT (0 picks a free port).");
    }
    throw error;
  }

  println(io.stdout, ...banner(app, url, http, mcp));
  await untilStopped(async () => {
    await mcpHandler?.close();
    await close();
  });
  return ExitCode.ok;
}

function banner(app: LoadedApp, url: string, http: HttpPluginModule | undefined, mcp: McpPluginModule | undefined): string[] {
  const operations = http?.HttpAdapter.tools() ?? [];
  const mcpTools = mcp?.McpAdapter.tools() ?? [];
  const counts = [
    ...(mcp === undefined ? [] : [`${mcpTools.length} MCP tools`]),
    ...(http === undefined ? [] : [`${operations.length} HTTP operations`]),
  ];
  const lines = [`Serving ${app.name} (${counts.join(", ")}) on ${url}`, ""];
  if (http !== undefined) {
    const basePath = http.httpConfig.get("basePath");
    lines.push(`  HTTP API   POST ${url}${basePath}/{tool}/v{n}`, `  OpenAPI    ${url}${basePath}/openapi.json`);
  }
  if (mcp !== undefined) {
    const mcpUrl = `${url}${MCP_PATH}`;
    lines.push(
      `  MCP        ${mcpUrl}  (Streamable HTTP)`,
      "",
      `Connect an MCP client to ${mcpUrl}:`,
      "  MCP Inspector  npx @modelcontextprotocol/inspector  (transport: Streamable HTTP, URL above)",
      `  Claude Code    claude mcp add --transport http ${safeName(app.name)} ${mcpUrl}`,
      "  stdio clients  command: npx axn serve --mcp-stdio  (run in this folder)",
    );
  }
  const example = exampleOperation(operations);
  if (http !== undefined && example !== undefined) {
    lines.push("", "Try:", `  curl -s -X POST ${url}${http.httpConfig.get("basePath")}${example.route} -H 'content-type: application/json' -d '{}'`);
  }
  lines.push("", "Press Ctrl+C to stop.");
  return lines;
}

/** An operation `-d '{}'` can call: no required input, read-only preferred. */
function exampleOperation(operations: readonly HttpOperationLike[]): HttpOperationLike | undefined {
  const callable = operations.filter((op) => (op.inputSchema.required ?? []).length === 0);
  return callable.find((op) => op.semanticHints.includes("readOnly")) ?? callable[0];
}

function safeName(name: string): string {
  return name.replace(/^@/, "").replace(/[^A-Za-z0-9_-]+/g, "-");
}

function listen(server: Server, port: number, hostname: string): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, hostname, () => {
      server.off("error", reject);
      const address = server.address() as AddressInfo;
      const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
      resolve(`http://${host}:${address.port}`);
    });
  });
}

/** Resolves after SIGINT/SIGTERM (or stdin ending, for stdio) once `stop` has run. */
function untilStopped(stop: () => Promise<void>, stdinEnds = false): Promise<void> {
  return new Promise((resolve) => {
    let stopping = false;
    const finish = (): void => {
      if (stopping) return;
      stopping = true;
      process.off("SIGINT", finish);
      process.off("SIGTERM", finish);
      stop().then(resolve, resolve);
    };
    process.once("SIGINT", finish);
    process.once("SIGTERM", finish);
    if (stdinEnds) process.stdin.once("end", finish);
  });
}
