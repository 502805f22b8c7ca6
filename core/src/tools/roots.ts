/**
 * Tool roots: folders whose every module is imported at discovery, each exported action getting
 * the directory grant for the adapter. One broad-path guard keeps a root from exposing every
 * business action: it refuses the project root, `..` escapes, and bulk folders.
 */
import { isAbsolute, relative, resolve, sep } from "node:path";
import { AxnError } from "../errors/axn-error.js";
import { ErrorCodes } from "../errors/codes.js";

/** Folder names that hold whole applications, never just tools. */
export const BULK_FOLDERS: readonly string[] = ["src", "app", "actions", "lib"];

export class InvalidToolRoot extends AxnError {
  constructor(message: string) {
    super(ErrorCodes.InvalidToolRoot, message);
  }
}

/**
 * Validates one root against the project root; returns why it is refused, or undefined.
 * Used as the `toolRoots` setting's validator and by `toolRootsDefault`.
 */
export function toolRootProblem(root: unknown, projectRoot: string = process.cwd()): string | undefined {
  if (typeof root !== "string" || root.trim() === "") return `tool root must be a non-empty path string, got ${JSON.stringify(root)}`;
  const absolute = resolve(projectRoot, root);
  const rel = relative(projectRoot, absolute);
  if (rel === "") return `tool root "${root}" is the project root; point it at a folder that holds only tools (e.g. "agent_tools")`;
  if (rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return `tool root "${root}" escapes the project root`;
  const last = rel.split(sep).at(-1)!;
  if (BULK_FOLDERS.includes(last)) {
    return `tool root "${root}" ends in the bulk folder "${last}"; point it at a folder that holds only tools (e.g. "${rel}/agent_tools")`;
  }
  return undefined;
}

export function validateToolRoots(roots: unknown, projectRoot?: string): string | undefined {
  if (!Array.isArray(roots)) return `toolRoots must be a list of folder paths`;
  for (const root of roots) {
    const problem = toolRootProblem(root, projectRoot);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

export function assertToolRoots(roots: unknown, projectRoot?: string): asserts roots is string[] {
  const problem = validateToolRoots(roots, projectRoot);
  if (problem !== undefined) throw new InvalidToolRoot(problem);
}
