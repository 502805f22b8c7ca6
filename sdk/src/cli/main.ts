/**
 * The `axn` CLI: finds the command, parses its options with `node:util` `parseArgs` (strict: an
 * unknown option is a usage error, never silently ignored), runs it, and turns a `CliError` into
 * one line on stderr plus its exit code. Anything else that escapes is a bug in the CLI or the
 * app and is printed with its stack.
 *
 * @example
 * ```sh
 * axn tools --adapter mcp
 * axn call list_tickets --args '{"status":"open"}'
 * axn serve --port 8080
 * ```
 */
import { parseArgs } from "node:util";
import { missingModuleMessage, missingModuleOf } from "../config/missing-module.js";
import type { Command } from "./command.js";
import { COMMANDS } from "./command-index.js";
import { docsLocation } from "./docs-location.js";
import { CliError, ExitCode, usageError, type ExitCodeValue } from "./errors.js";
import { println, processIo, type CliIo } from "./io.js";
import { SDK_VERSION } from "./sdk-version.js";

const GLOBAL_OPTIONS = {
  config: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

function mainHelp(): string {
  const width = Math.max(...COMMANDS.map((command) => command.name.length));
  return [
    "axn — run, inspect and serve an app's axn tools",
    "",
    "Usage: axn <command> [options]",
    "",
    "Commands:",
    ...COMMANDS.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`),
    "",
    "Global options:",
    "  --config PATH   the config file (default: axn.config.{ts,mts,mjs,js,json} in the current folder)",
    "  -h, --help      help for axn or for a command (axn <command> --help)",
    "  -v, --version   print the version of @axn/sdk",
    "",
    "Data goes to stdout (--json where a command prints a table or a report); diagnostics to stderr.",
    "Exit codes: 0 ok, 1 the tool or check failed, 2 usage error, 3 config/plugin error, 4 unknown tool.",
    `Docs: ${docsLocation()}`,
  ].join("\n");
}

function commandHelp(command: Command, body: string = command.help): string {
  return [`Usage: axn ${command.usage} [--config PATH]`, "", `${command.summary}.`, "", body].join("\n");
}

async function helpOf(command: Command, io: CliIo, configPath: string | undefined): Promise<string> {
  return commandHelp(command, command.helpFor === undefined ? command.help : await command.helpFor({ io, configPath }));
}

export interface MainOptions {
  /**
   * Runs once, before the first command that imports the app (its config, plugins, tool roots):
   * the bin sends every TypeScript file through the sdk's jiti from here on (cli/bin.ts). In-process
   * callers, whose own modules a native import must find again, pass none.
   */
  readonly beforeAppLoads?: () => Promise<void>;
}

/** Runs the CLI with `argv` (without `node` and the script) and returns the exit code. */
export async function main(
  argv: readonly string[],
  io: CliIo = processIo(),
  options: MainOptions = {},
): Promise<ExitCodeValue> {
  try {
    return await dispatch(argv, io, options);
  } catch (error) {
    if (error instanceof CliError) {
      println(io.stderr, `axn: ${error.message}`);
      if (error.hint !== undefined) println(io.stderr, error.hint);
      return error.exitCode;
    }
    // A package that is not installed (zod, which @axn/core itself imports, or a plugin's peer) or
    // a file an import names: one line with the install command or the path, no stack.
    const missing = missingModuleOf(error);
    if (missing !== undefined) {
      println(io.stderr, `axn: ${missingModuleMessage(missing)} [${missing.code}]`);
      return ExitCode.config;
    }
    // An axn error that escaped a command still has a code and a message written for the user: say
    // it like a config error, without a stack that names files the package does not ship. Core is
    // imported here, not at the top: `axn --help` and `--version` need none of it.
    const { isAxnError } = await import("@axn/core");
    if (isAxnError(error)) {
      const code = (error as { code?: unknown }).code;
      println(
        io.stderr,
        `axn: ${(error as Error).message}${typeof code === "string" ? ` [${code}]` : ""}`,
        "Run `axn doctor` for a full check.",
      );
      return ExitCode.config;
    }
    println(
      io.stderr,
      `axn: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return ExitCode.failure;
  }
}

async function dispatch(argv: readonly string[], io: CliIo, options: MainOptions): Promise<ExitCodeValue> {
  const prepare = async (command: Command): Promise<void> => {
    if (command.loadsApp !== false) await options.beforeAppLoads?.();
  };
  const [first, ...rest] = argv;
  if (first === undefined || first === "--help" || first === "-h") {
    println(first === undefined ? io.stderr : io.stdout, mainHelp());
    return first === undefined ? ExitCode.usage : ExitCode.ok;
  }
  if (first === "--version" || first === "-v") {
    println(io.stdout, SDK_VERSION);
    return ExitCode.ok;
  }
  if (first === "help") {
    const target = rest[0];
    if (target === undefined) {
      println(io.stdout, mainHelp());
      return ExitCode.ok;
    }
    const command = await commandNamed(target);
    if (command.helpFor !== undefined) await prepare(command);
    println(io.stdout, await helpOf(command, io, undefined));
    return ExitCode.ok;
  }
  if (first.startsWith("-")) {
    throw usageError(`Expected a command before ${first}`);
  }
  const command = await commandNamed(first);
  if (command.lateOptions === true) return runWithLateOptions(command, rest, io, prepare);
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: [...rest],
      options: { ...GLOBAL_OPTIONS, ...command.options },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw usageError((await import("@axn/core/internal")).errorMessage(error), command.name);
  }
  if (parsed.values["help"] === true) {
    if (command.helpFor !== undefined) await prepare(command);
    println(
      io.stdout,
      await helpOf(command, io, typeof parsed.values["config"] === "string" ? parsed.values["config"] : undefined),
    );
    return ExitCode.ok;
  }
  if (parsed.positionals.length > command.maxPositionals) {
    throw usageError(
      `Unexpected argument "${parsed.positionals[command.maxPositionals]}" for axn ${command.name}`,
      command.name,
    );
  }
  const config = parsed.values["config"];
  await prepare(command);
  return command.run({
    io,
    values: parsed.values as { readonly [name: string]: string | boolean | undefined },
    positionals: parsed.positionals,
    configPath: typeof config === "string" ? config : undefined,
    argv: rest,
  });
}

/**
 * A command whose options come from the app: only `--config` and `--help` are read here (leniently:
 * the rest is not known yet); the command parses `argv` strictly once it has loaded the app.
 */
async function runWithLateOptions(
  command: Command,
  argv: readonly string[],
  io: CliIo,
  prepare: (command: Command) => Promise<void>,
): Promise<ExitCodeValue> {
  const { values } = parseArgs({ args: [...argv], options: GLOBAL_OPTIONS, allowPositionals: true, strict: false });
  const configPath = typeof values["config"] === "string" ? values["config"] : undefined;
  await prepare(command);
  if (values["help"] === true) {
    println(io.stdout, await helpOf(command, io, configPath));
    return ExitCode.ok;
  }
  return command.run({ io, values: {}, positionals: [], configPath, argv });
}

/** The command's module, loaded now: only the command that runs is imported (command-index.ts). */
async function commandNamed(name: string): Promise<Command> {
  const entry = COMMANDS.find((candidate) => candidate.name === name);
  if (entry === undefined) {
    const names = COMMANDS.map((candidate) => candidate.name);
    // The edit-distance rule is core's; imported here only on this error path (cold start).
    const suggestion = (await import("@axn/core/internal")).closestMatch(name, names);
    throw usageError(
      `Unknown command "${name}"; ${suggestion === undefined ? "" : `did you mean "${suggestion}"? `}commands: ${names.join(", ")}`,
    );
  }
  return entry.load();
}
