/**
 * An import that failed because what it names is not there — a package not installed (zod left
 * out by `npm i --legacy-peer-deps`, a plugin's own peer) or a file that does not exist — read from
 * the error Node (ESM: `Cannot find package 'x' imported from …`) or jiti (CommonJS-style:
 * `Cannot find module 'x'\nRequire stack: …`) threw, and said as one line in ESM terms: who
 * imports what, and the install command or the path to check.
 *
 * It imports nothing from `@axn/core`: the CLI uses it when `@axn/core` itself cannot load (its
 * peer zod missing), so the codes are spelled here too (a spec holds them equal to `ErrorCodes`).
 *
 * @example
 * ```ts
 * const missing = missingModuleOf(error); // { kind: "package", name: "zod", importer: ".../@axn/core/dist/…", … }
 * if (missing !== undefined) console.error(missingModuleMessage(missing));
 * // @axn/core needs zod (its peer dependency ^3.25.0 || ^4.2.0), which is not installed: run `npm install zod` in /app
 * ```
 */
import { existsSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

/** `ErrorCodes.PackageMissing` / `ErrorCodes.ModuleMissing` of `@axn/core`. */
export const PACKAGE_MISSING = "AXN_PACKAGE_MISSING";
export const MODULE_MISSING = "AXN_MODULE_MISSING";

export interface MissingModule {
  /** `package`: a bare specifier whose package is not installed; `file`: a path with no file. */
  readonly kind: "package" | "file";
  /** The package's name (`zod`, `@langchain/core`), or the path as imported. */
  readonly name: string;
  /** The file whose import failed, when the error says. */
  readonly importer: string | undefined;
  readonly code: typeof PACKAGE_MISSING | typeof MODULE_MISSING;
}

const ESM_PACKAGE = /^Cannot find package '([^']+)' imported from (.+)$/;
const ESM_FILE = /^Cannot find module '([^']+)' imported from (.+)$/;
const CJS_MODULE = /^Cannot find module '([^']+)'/;
const CJS_STACK = /\nRequire stack:\n- (.+)/;

/** An `AXN_PACKAGE_MISSING` / `AXN_MODULE_MISSING` error, as `importModule` throws them. */
export function isMissingImport(
  error: unknown,
): error is Error & { readonly code: typeof PACKAGE_MISSING | typeof MODULE_MISSING } {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return code === PACKAGE_MISSING || code === MODULE_MISSING;
}

/** The missing import behind `error` (or one of its causes), if that is what went wrong. */
export function missingModuleOf(error: unknown): MissingModule | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 8; depth++) {
    const found = parse(current);
    if (found !== undefined) return found;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function parse(error: Error): MissingModule | undefined {
  const code = (error as { code?: unknown }).code;
  const firstLine = error.message.split("\n")[0] ?? "";
  if (code === "ERR_MODULE_NOT_FOUND") {
    const asPackage = ESM_PACKAGE.exec(firstLine);
    if (asPackage !== null) return classify(asPackage[1]!, filePath(asPackage[2]!.trim()), "package");
    const asFile = ESM_FILE.exec(firstLine);
    if (asFile !== null) return classify(filePath(asFile[1]!), filePath(asFile[2]!.trim()), "file");
    return undefined;
  }
  if (code === "MODULE_NOT_FOUND") {
    const specifier = CJS_MODULE.exec(firstLine)?.[1];
    if (specifier === undefined) return undefined;
    const importer = CJS_STACK.exec(error.message)?.[1]?.trim();
    return classify(specifier, importer === undefined ? undefined : filePath(importer), undefined);
  }
  return undefined;
}

function classify(
  specifier: string,
  importer: string | undefined,
  kind: MissingModule["kind"] | undefined,
): MissingModule | undefined {
  const isPath = /^(\.{1,2}(\/|$)|\/|file:)/.test(specifier);
  const resolvedKind = kind ?? (isPath ? "file" : "package");
  if (resolvedKind === "file") return { kind: "file", name: specifier, importer, code: MODULE_MISSING };
  const name = packageName(specifier);
  // A built-in is never "not installed": whatever failed, it was not a missing package.
  if (name.startsWith("node:") || builtinModules.includes(name)) return undefined;
  return { kind: "package", name, importer, code: PACKAGE_MISSING };
}

/** `zod/v4/core` → `zod`; `@langchain/core/tools` → `@langchain/core`. */
function packageName(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
}

function filePath(text: string): string {
  return text.startsWith("file:") ? fileURLToPath(text) : text;
}

/** The package that owns a file under `node_modules`, with the folder that `node_modules` is in. */
function owningPackage(file: string): { name: string; root: string } | undefined {
  const marker = `${sep}node_modules${sep}`;
  const at = file.lastIndexOf(marker);
  if (at === -1) return undefined;
  const parts = file.slice(at + marker.length).split(sep);
  const name = parts[0]!.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0]!;
  return { name, root: file.slice(0, at) };
}

/** The nearest folder at or above `file`'s that has a package.json: where `npm install` goes. */
function projectRoot(file: string): string {
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    if (existsSync(join(dir, "package.json"))) return dir;
    if (dirname(dir) === dir) return dirname(file);
  }
}

/** The range `owner` declares for `dependency` as a peer, if it does. */
function peerRange(ownerRoot: string, owner: string, dependency: string): string | undefined {
  try {
    const manifest = JSON.parse(readFileSync(join(ownerRoot, "node_modules", owner, "package.json"), "utf8")) as {
      peerDependencies?: Record<string, unknown>;
    };
    const range = manifest.peerDependencies?.[dependency];
    return typeof range === "string" ? range : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The one line that says it: who imports what, and what to do.
 *
 * - `@axn/core needs zod (its peer dependency ^3.25.0 || ^4.2.0), which is not installed: run \`npm install zod\` in /app`
 * - `agent_tools/when.ts imports dayjs, which is not installed: run \`npm install dayjs\` in /app`
 * - `agent_tools/when.ts imports ./gone.js, which does not exist (no file /app/agent_tools/gone.js): check the path`
 */
export function missingModuleMessage(missing: MissingModule): string {
  const importer = missing.importer;
  const owner = importer === undefined ? undefined : owningPackage(importer);
  if (missing.kind === "file") {
    const who = importer === undefined ? "A module" : (owner?.name ?? relative(projectRoot(importer), importer));
    const wanted =
      missing.name.startsWith("/") && importer !== undefined ? relativeImport(importer, missing.name) : missing.name;
    const absolute = missing.name.startsWith("/")
      ? missing.name
      : importer === undefined
        ? undefined
        : join(dirname(importer), missing.name);
    return `${who} imports ${wanted}, which does not exist${absolute === undefined ? "" : ` (no file ${absolute})`}: check the path`;
  }
  const install = `npm install ${missing.name}`;
  if (owner !== undefined) {
    const range = peerRange(owner.root, owner.name, missing.name);
    const peer = range === undefined ? "" : ` (its peer dependency ${range})`;
    return `${owner.name} needs ${missing.name}${peer}, which is not installed: run \`${install}\` in ${owner.root}`;
  }
  if (importer === undefined) return `${missing.name} is not installed: run \`${install}\``;
  const root = projectRoot(importer);
  return `${relative(root, importer)} imports ${missing.name}, which is not installed: run \`${install}\` in ${root}`;
}

/** `/app/agent_tools/gone.js` as imported from `/app/agent_tools/when.ts`: `./gone.js`. */
function relativeImport(importer: string, target: string): string {
  const path = relative(dirname(importer), target).split(sep).join("/");
  return path.startsWith(".") ? path : `./${path}`;
}
