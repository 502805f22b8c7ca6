/**
 * What a command reads and writes: the working folder, the environment, and two output streams.
 * Commands never touch `process` directly, so the whole CLI runs the same in a child process (the
 * bin) and in-process.
 */
export interface CliIo {
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown };
  /** Where a person's keys come from, when a command asks (`axn call` prompting for a tool's question). */
  readonly stdin?: NodeJS.ReadableStream & { readonly isTTY?: boolean };
}

export function processIo(): CliIo {
  return { cwd: process.cwd(), env: process.env, stdout: process.stdout, stderr: process.stderr, stdin: process.stdin };
}

/** Writes `lines`, each followed by a newline. */
export function println(stream: CliIo["stdout"], ...lines: string[]): void {
  stream.write(lines.map((line) => `${line}\n`).join(""));
}
