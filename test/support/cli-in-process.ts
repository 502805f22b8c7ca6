/**
 * The `axn` CLI run in this process: the same `main` the bin runs, with its output captured and the
 * kernel reset around it, so a spec pins what a command prints without a child process.
 *
 * @example
 * ```ts
 * const { code, stdout, stderr } = await axn(["tools"], appFolder);
 * ```
 */
import { resetKernel } from "@axn/sdk/testing";
import { main } from "../../sdk/dist/cli/main.js";

export interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export async function axn(args: readonly string[], cwd: string): Promise<Run> {
  let stdout = "";
  let stderr = "";
  resetKernel();
  try {
    const code = await main(args, {
      cwd,
      env: {},
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => (stderr += text) },
    });
    return { code, stdout, stderr };
  } finally {
    resetKernel();
  }
}
