/**
 * The shape of one CLI command: its name, a one-line summary for `axn --help`, its own help text,
 * the `node:util` `parseArgs` options it accepts, and `run`, which returns the exit code.
 */
import type { ParseArgsConfig } from "node:util";
import type { CliIo } from "./io.js";
import type { ExitCodeValue } from "./errors.js";

export type OptionSpec = NonNullable<ParseArgsConfig["options"]>;

/** What `parseArgs` produced for a command. */
export interface ParsedArgs {
  readonly values: { readonly [name: string]: string | boolean | undefined };
  readonly positionals: readonly string[];
}

export interface CommandContext extends ParsedArgs {
  readonly io: CliIo;
  /** `--config`, when given. */
  readonly configPath: string | undefined;
}

export interface Command {
  readonly name: string;
  /** `axn <usage>` — e.g. `schema TOOL [--output]`. */
  readonly usage: string;
  readonly summary: string;
  /** The body of `axn <name> --help` after the usage line. */
  readonly help: string;
  readonly options: OptionSpec;
  /** How many positionals the command takes at most. */
  readonly maxPositionals: number;
  run(context: CommandContext): Promise<ExitCodeValue>;
}
