/**
 * The CLI's commands as `axn --help` lists them, each module imported only when its command runs:
 * `axn serve --mcp-stdio` should not load `init`'s templates, `doctor`'s checks or the worker's
 * queue before it answers its first request (bench: row 8, cold start). The summary is repeated here
 * so the main help needs no command module; test/sdk/cli-command-index.spec.ts pins that each entry
 * matches the command it loads.
 */
import type { Command } from "./command.js";

export interface CommandEntry {
  readonly name: string;
  readonly summary: string;
  load(): Promise<Command>;
}

export const COMMANDS: readonly CommandEntry[] = [
  {
    name: "init",
    summary: "Create a new axn project (an action, axn.config.ts, a test, npm scripts)",
    load: async () => (await import("./commands/init.js")).initCommand,
  },
  {
    name: "tools",
    summary: "List the tools: name, version, adapters, hints, description",
    load: async () => (await import("./commands/tools.js")).toolsCommand,
  },
  {
    name: "schema",
    summary: "Print a tool's JSON Schema (input, or --output)",
    load: async () => (await import("./commands/schema.js")).schemaCommand,
  },
  {
    name: "call",
    summary: "Run a tool through the Invoker and print the result",
    load: async () => (await import("./commands/call.js")).callCommand,
  },
  {
    name: "serve",
    summary: "Serve the tools over the transports the plugins register (HTTP, or stdio)",
    load: async () => (await import("./commands/serve.js")).serveCommand,
  },
  {
    name: "worker",
    summary: "Run enqueued jobs from the app's Redis queue",
    load: async () => (await import("./commands/worker.js")).workerCommand,
  },
  {
    name: "jobs",
    summary: "Show an enqueued job's state and, once settled, its result",
    load: async () => (await import("./commands/jobs.js")).jobsCommand,
  },
  {
    name: "dev",
    summary: "Serve over HTTP and restart when an action, a tool root or the config changes",
    load: async () => (await import("./commands/dev.js")).devCommand,
  },
  {
    name: "mcp-config",
    summary: "Print the JSON an MCP client needs to launch this app over stdio",
    load: async () => (await import("./commands/mcp-config.js")).mcpConfigCommand,
  },
  {
    name: "openapi",
    summary: "Print the OpenAPI document of the HTTP API",
    load: async () => (await import("./commands/openapi.js")).openapiCommand,
  },
  {
    name: "doctor",
    summary: "Check config, plugins, tool roots and tool names; say what is wrong and how to fix it",
    load: async () => (await import("./commands/doctor.js")).doctorCommand,
  },
];
