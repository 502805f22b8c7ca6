/**
 * Tool roots: folders whose every module is imported at discovery, each exported action getting
 * the directory grant for the adapter. One broad-path guard keeps a root from exposing every
 * business action: it refuses the project root, `..` escapes, and bulk folders — judged both as
 * written and where the root really is, so a symlink (`agent_tools → app`) cannot get around it.
 */
import { realpathSync } from "node:fs";
import { isAbsolute, relative, resolve, sep } from "node:path";
import { AxnError } from "../errors/axn-error.js";
import { ErrorCodes } from "../errors/codes.js";
import { brandErrorClass } from "../errors/brand.js";

/** Folder names that hold whole applications, never just tools. */
export const BULK_FOLDERS: readonly string[] = ["src", "app", "actions", "lib"];

export class InvalidToolRoot extends AxnError {
  declare readonly code: typeof ErrorCodes.InvalidToolRoot;
  constructor(message: string) {
    super(ErrorCodes.InvalidToolRoot, message);
  }
}
brandErrorClass(InvalidToolRoot, "InvalidToolRoot");

/**
 * Validates one root against the project root; returns why it is refused, or undefined.
 * Used as the `toolRoots` setting's validator and by `toolRootsDefault`.
 */
function toolRootProblem(root: unknown, projectRoot: string = process.cwd()): string | undefined {
  if (typeof root !== "string" || root.trim() === "")
    return `tool root must be a non-empty path string, got ${JSON.stringify(root)}`;
  const absolute = resolve(projectRoot, root);
  const rel = relative(projectRoot, absolute);
  if (rel === "")
    return `tool root "${root}" is the project root; point it at a folder that holds only tools (e.g. "agent_tools")`;
  if (escapes(rel)) return `tool root "${root}" escapes the project root`;
  const last = bulkFolderOf(rel);
  if (last !== undefined) {
    return `tool root "${root}" ends in the bulk folder "${last}"; point it at a folder that holds only tools (e.g. "${posix(rel)}/agent_tools")`;
  }
  return realPathProblem(root, absolute, projectRoot, rel);
}

/**
 * The same guard on where the root really is. A root that does not exist (yet) exposes nothing,
 * so only the written path is judged; discovery reports a root that is a dangling link.
 */
function realPathProblem(root: string, absolute: string, projectRoot: string, writtenRel: string): string | undefined {
  let real: string;
  try {
    real = realpathSync(absolute);
  } catch (error) {
    if (errorCode(error) === "ELOOP")
      return `tool root "${root}" is a symlink loop; point it at a real folder that holds only tools`;
    return undefined;
  }
  const rel = relative(realPathOf(projectRoot), real);
  if (rel === writtenRel) return undefined; // no link on the way: the written verdict stands
  if (rel === "")
    return `tool root "${root}" resolves (through a symlink) to the project root; point it at a folder that holds only tools`;
  if (escapes(rel)) {
    return `tool root "${root}" resolves (through a symlink) to "${real}", outside the project root; point it at a folder inside the project`;
  }
  const last = bulkFolderOf(rel);
  if (last !== undefined) {
    return (
      `tool root "${root}" resolves (through a symlink) to "${posix(rel)}", which ends in the bulk folder "${last}"; ` +
      `point it at a folder that holds only tools (e.g. "${posix(rel)}/agent_tools")`
    );
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

/** True when a path relative to the project root leads out of it. */
export function escapes(rel: string): boolean {
  return rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel);
}

/** The bulk folder a project-relative path ends in, if it does. */
export function bulkFolderOf(rel: string): string | undefined {
  const last = rel.split(sep).at(-1)!;
  return BULK_FOLDERS.includes(last) ? last : undefined;
}

/** `path` with every link resolved, or `path` itself when it does not exist. */
export function realPathOf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

/** Paths in messages use `/`, as tool roots are written. */
export function posix(path: string): string {
  return path.split(sep).join("/");
}
