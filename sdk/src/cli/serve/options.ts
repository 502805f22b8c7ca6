/**
 * `axn serve`'s command line, completed by the app: the server's own options (`--port`, `--host`,
 * `--stdio NAME`) plus every flag the registered transports declare, parsed strictly, then turned
 * into a plan — every HTTP transport on one server, or the one stdio transport selected. A flag of
 * a transport this run does not serve is refused, never silently ignored.
 */
import { parseArgs } from "node:util";
import type { HttpTransport, StdioTransport, Transport } from "@axn/core";
import { errorMessage } from "@axn/core/internal";
import { closestMatch } from "../../config/did-you-mean.js";
import type { OptionSpec } from "../command.js";
import { CliError, ExitCode, usageError } from "../errors.js";
import { describeTransport, flagsOf, isHttp, isStdio, type DeclaredFlag, type Registered } from "./registered.js";

export const DEFAULT_SERVE_PORT = 3000;
export const DEFAULT_SERVE_HOST = "127.0.0.1";

/** The server's own options. */
const SERVE_OPTIONS = {
  port: { type: "string" },
  host: { type: "string" },
  stdio: { type: "string" },
  dev: { type: "boolean" },
} as const satisfies OptionSpec;

/** The CLI's global options, which `serve` parses along with its own. */
const GLOBAL_OPTIONS = {
  config: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const satisfies OptionSpec;

/** Option names no transport may declare. */
export const RESERVED_FLAGS: readonly string[] = [...Object.keys(SERVE_OPTIONS), ...Object.keys(GLOBAL_OPTIONS)];

/** A transport picked to serve, with the values of its flags. */
export interface Selected<T extends Transport> {
  readonly entry: Registered<T>;
  readonly flags: Readonly<Record<string, string | boolean | undefined>>;
}

/** `dev`: development mode (`--dev` or `NODE_ENV=development`); production otherwise. */
export type ServePlan =
  | {
      readonly kind: "http";
      readonly dev: boolean;
      readonly port: number;
      readonly hostname: string;
      readonly transports: readonly Selected<HttpTransport>[];
    }
  /** `via`: how the command line chose it (`--stdio mcp`, `--mcp-stdio`), for messages. */
  | {
      readonly kind: "stdio";
      readonly dev: boolean;
      readonly via: string;
      readonly transport: Selected<StdioTransport>;
    };

export interface PlanContext {
  readonly env: NodeJS.ProcessEnv;
  /** The config file, for hints. */
  readonly where: string;
  /** The loaded plugins' names, for hints. */
  readonly plugins: readonly string[];
}

export function planServe(argv: readonly string[], transports: readonly Registered[], context: PlanContext): ServePlan {
  const declared = transports.flatMap(flagsOf);
  const owners = new Map(declared.map((flag) => [flag.name, flag] as const));
  const options: OptionSpec = { ...GLOBAL_OPTIONS, ...SERVE_OPTIONS };
  for (const flag of declared) options[flag.name] = { type: flag.type };

  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
  } catch (error) {
    throw parseError(
      error,
      Object.keys(options).filter((name) => name !== "config" && name !== "help"),
    );
  }
  if (parsed.positionals.length > 0)
    throw usageError(`Unexpected argument "${parsed.positionals[0]}" for axn serve`, "serve");
  const values = parsed.values;
  const dev = values["dev"] === true || context.env["NODE_ENV"] === "development";

  const stdio = selectStdio(values, transports, context);
  if (stdio !== undefined) {
    if (values["port"] !== undefined || values["host"] !== undefined) {
      throw usageError(`${stdio.via} serves over stdin/stdout; it takes no --port or --host`, "serve");
    }
    refuseUnserved(
      values,
      owners,
      (owner) => owner === stdio.entry,
      () => `which is not served with ${stdio.via}`,
    );
    return {
      kind: "stdio",
      dev,
      via: stdio.via,
      transport: { entry: stdio.entry, flags: flagValues(stdio.entry, values) },
    };
  }

  refuseUnserved(
    values,
    owners,
    (owner) => isHttp(owner),
    (flag) => `which is served only with --stdio ${flag.owner.transport.name}`,
  );
  const http = transports.filter(isHttp);
  if (http.length === 0) throw nothingToServe(transports, context);
  const portOption = values["port"];
  return {
    kind: "http",
    dev,
    port: parsePort(typeof portOption === "string" ? portOption : context.env["PORT"], portOption !== undefined),
    hostname: typeof values["host"] === "string" ? values["host"] : DEFAULT_SERVE_HOST,
    transports: http.map((entry) => ({ entry, flags: flagValues(entry, values) })),
  };
}

type Values = ReturnType<typeof parseArgs>["values"];

function selectStdio(
  values: Values,
  transports: readonly Registered[],
  context: PlanContext,
): { via: string; entry: Registered<StdioTransport> } | undefined {
  const stdio = transports.filter(isStdio);
  const picks: { via: string; entry: Registered<StdioTransport> }[] = [];
  const named = values["stdio"];
  if (typeof named === "string") {
    const entry = stdio.find((candidate) => candidate.transport.name === named);
    if (entry === undefined) throw noStdioTransport(named, stdio, context);
    picks.push({ via: `--stdio ${named}`, entry });
  }
  for (const entry of stdio) {
    const flag = entry.transport.selectFlag;
    if (flag !== undefined && values[flag] === true) picks.push({ via: `--${flag}`, entry });
  }
  const [first, ...others] = picks;
  const other = others.find((pick) => pick.entry !== first?.entry);
  if (first !== undefined && other !== undefined) {
    throw usageError(
      `${first.via} and ${other.via} select different transports (${describeTransport(first.entry)}, ${describeTransport(other.entry)}); one process serves one stdio transport`,
      "serve",
    );
  }
  return first;
}

/** Refuses each given flag whose transport this run does not serve. */
function refuseUnserved(
  values: Values,
  owners: ReadonlyMap<string, DeclaredFlag>,
  served: (owner: Registered) => boolean,
  why: (flag: DeclaredFlag) => string,
): void {
  for (const [name, value] of Object.entries(values)) {
    const flag = owners.get(name);
    if (value === undefined || flag === undefined || served(flag.owner)) continue;
    throw usageError(`--${name} is an option of ${describeTransport(flag.owner)}, ${why(flag)}`, "serve");
  }
}

function flagValues(entry: Registered, values: Values): Readonly<Record<string, string | boolean | undefined>> {
  const flags: Record<string, string | boolean | undefined> = {};
  for (const [name, spec] of Object.entries(entry.transport.flags ?? {})) {
    const value = values[name];
    flags[name] = spec.type === "boolean" ? value === true : typeof value === "string" ? value : spec.default;
  }
  return Object.freeze(flags);
}

function parsePort(raw: string | undefined, fromOption: boolean): number {
  if (raw === undefined || raw === "") return DEFAULT_SERVE_PORT;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port > 65535) {
    throw usageError(
      `${fromOption ? "--port" : "PORT"} must be a port number between 0 and 65535, got "${raw}"`,
      "serve",
    );
  }
  return port;
}

function parseError(error: unknown, known: readonly string[]): CliError {
  const message = errorMessage(error);
  const unknown =
    (error as { code?: unknown }).code === "ERR_PARSE_ARGS_UNKNOWN_OPTION"
      ? /'(-[^']*)'/.exec(message)?.[1]
      : undefined;
  if (unknown === undefined) return usageError(message, "serve");
  const suggestion = closestMatch(unknown.replace(/^-+/, "").replace(/=.*$/, ""), known);
  return usageError(
    suggestion !== undefined
      ? `Unknown option ${unknown} for axn serve; did you mean --${suggestion}?`
      : `Unknown option ${unknown} for axn serve; its options here: ${known.map((name) => `--${name}`).join(", ")} (a transport's flags exist only when its plugin is listed)`,
    "serve",
  );
}

function noStdioTransport(named: string, stdio: readonly Registered<StdioTransport>[], context: PlanContext): CliError {
  if (stdio.length === 0) {
    return new CliError(
      ExitCode.config,
      `No stdio transport named "${named}": no loaded plugin registers one`,
      `List a plugin that registers a stdio transport in plugins in ${context.where} (loaded plugins: ${listOrNone(context.plugins)}).`,
    );
  }
  const suggestion = closestMatch(
    named,
    stdio.map((entry) => entry.transport.name),
  );
  return usageError(
    suggestion !== undefined
      ? `No stdio transport named "${named}"; did you mean "${suggestion}"?`
      : `No stdio transport named "${named}"; stdio transports: ${stdio.map((entry) => `${entry.transport.name} (${entry.plugin})`).join(", ")}`,
    "serve",
  );
}

function nothingToServe(transports: readonly Registered[], context: PlanContext): CliError {
  const stdio = transports.filter(isStdio);
  return new CliError(
    ExitCode.config,
    "Nothing to serve over HTTP: no loaded plugin registers an HTTP transport",
    stdio.length > 0
      ? `Serve over stdin/stdout with ${stdio.map((entry) => `--stdio ${entry.transport.name}`).join(" or ")}, or list a plugin with an HTTP transport in plugins in ${context.where}.`
      : `List a plugin that registers a transport in plugins in ${context.where} (loaded plugins: ${listOrNone(context.plugins)}).`,
  );
}

function listOrNone(names: readonly string[]): string {
  return names.length === 0 ? "none" : names.join(", ");
}
