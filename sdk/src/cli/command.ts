/**
 * The shape of one CLI command: its name, a one-line summary for `axn --help`, its own help text,
 * the `node:util` `parseArgs` options it accepts, and `run`, which returns the exit code. A command
 * whose options depend on the app (`serve`: the flags its transports declare) sets `lateOptions`
 * and parses `argv` itself once the app is loaded.
 */
import type { ParseArgsConfig } from "node:util";
import type { CliIo } from "./io.js";
import type { ExitCodeValue } from "./errors.js";

export type OptionSpec = NonNullable<ParseArgsConfig["options"]>;

/** What `parseArgs` produced for a command. */
interface ParsedArgs {
  readonly values: { readonly [name: string]: string | boolean | undefined };
  readonly positionals: readonly string[];
}

interface CommandContext extends ParsedArgs {
  readonly io: CliIo;
  /** `--config`, when given. */
  readonly configPath: string | undefined;
  /** The arguments after the command's name, as typed (what a `lateOptions` command parses). */
  readonly argv: readonly string[];
}

/** What a command needs to write help that depends on the app. */
interface HelpContext {
  readonly io: CliIo;
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
  /**
   * Its options are known only once the app is loaded: main reads `--config` and `--help` alone
   * and hands `argv` over unparsed (`values` and `positionals` are then empty).
   */
  readonly lateOptions?: boolean;
  /** `false` for a command that never imports the app (`init`, `mcp-config`, `dev`): no loader is set up for it. */
  readonly loadsApp?: boolean;
  /** The body of `--help` when it depends on the app; `help` is used when this is absent. */
  helpFor?(context: HelpContext): Promise<string>;
  run(context: CommandContext): Promise<ExitCodeValue>;
}
