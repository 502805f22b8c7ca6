/**
 * `CliError`: a failure the CLI reports as one line on stderr with a fixed exit code, instead of
 * a stack trace. The exit codes are part of the CLI's contract (docs/cli.md), so scripts and CI
 * can tell "you typed it wrong" from "the app's config is broken" from "the tool said no".
 */

export const ExitCode = {
  ok: 0,
  /** The tool ran and failed (`call`), or `doctor` found a problem. */
  failure: 1,
  /** Unknown command or option, a missing argument, arguments that are not JSON. */
  usage: 2,
  /** No config file, or the config / a plugin could not be loaded. */
  config: 3,
  /** No tool by that name. */
  unknownTool: 4,
} as const;

export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

export class CliError extends Error {
  readonly exitCode: ExitCodeValue;
  /** A second line telling the user what to do about it. */
  readonly hint: string | undefined;

  constructor(exitCode: ExitCodeValue, message: string, hint?: string, options?: { readonly cause?: unknown }) {
    super(message, options);
    this.name = "CliError";
    this.exitCode = exitCode;
    this.hint = hint;
  }
}

/** A usage error, with the command's `--help` as the hint. */
export function usageError(message: string, command?: string): CliError {
  return new CliError(
    ExitCode.usage,
    message,
    `Run \`axn ${command === undefined ? "" : `${command} `}--help\` for usage.`,
  );
}
