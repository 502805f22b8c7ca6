/**
 * Imports a config file or a plugin module. Native `import()` first, so a loader the app already
 * runs under (tsx, Node's type stripping) and Node's module cache are honoured; a TypeScript file
 * Node cannot load natively (Node 20; on a Node that strips types, what stripping cannot do) goes
 * through `jiti`. jiti is handed the running copies of
 * `@axn/core` and `@axn/sdk` as virtual modules: a second copy would have its own registries and a
 * plugin's registrations would land where the host never looks.
 *
 * The running `@axn/sdk` is reached by its package name — the way the file being loaded names it —
 * not through a relative import of the entry file: this module sits low in the sdk (config loading)
 * and must not import the entry that re-exports it.
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { extname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Jiti } from "jiti";
import { jitiFactory } from "./jiti.js";
import { missingModuleMessage, missingModuleOf } from "./missing-module.js";
import { followTypeScriptSpecifiers, nativeTypeScriptFor } from "./native-typescript.js";

const TYPESCRIPT = new Set([".ts", ".mts", ".cts", ".tsx"]);

/**
 * The module namespace of `file` (a JSON file's content arrives as `default`). An import inside it
 * that names a package not installed or a file that does not exist is an `AXN_PACKAGE_MISSING` /
 * `AXN_MODULE_MISSING` error saying who imports what and what to do (missing-module.ts), the
 * original as `cause`.
 */
export async function importModule(file: string): Promise<Record<string, unknown>> {
  const extension = extname(file);
  if (extension === ".json") return { default: JSON.parse(await readFile(file, "utf8")) as unknown };
  try {
    return await importScript(file, extension);
  } catch (error) {
    const missing = missingModuleOf(error);
    if (missing === undefined) throw error;
    const { AxnError } = await import("@axn/core");
    throw new AxnError(missing.code, missingModuleMessage(missing), { cause: error });
  }
}

// Set by the CLI (cli/bin.ts), where nothing of the app was imported before: every TypeScript file
// of the app one way, decided at the first one (native-typescript.ts) — Node's own type stripping
// for an app whose tsconfig promises erasable syntax only, else the one jiti, on every Node.
// Elsewhere a native import comes first, so a module the app already imported natively (under tsx
// or Node's type stripping) is that same module, not a second copy.
let cliLoading: "undecided" | "native" | "jiti" | undefined;

/** From now on, the app's TypeScript loads one way, chosen at its first TypeScript file. */
export function loadTypeScriptAsTheCli(): void {
  cliLoading ??= "undecided";
}

async function importScript(file: string, extension: string): Promise<Record<string, unknown>> {
  if (cliLoading !== undefined && TYPESCRIPT.has(extension)) {
    if (cliLoading === "undecided") {
      cliLoading = nativeTypeScriptFor(file) ? "native" : "jiti";
      if (cliLoading === "native") followTypeScriptSpecifiers();
    }
    return cliLoading === "native" ? importNatively(file) : importWithJiti(file);
  }
  try {
    return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (error) {
    if (TYPESCRIPT.has(extension) && nativeCannotLoad(error)) return importWithJiti(file);
    throw error;
  }
}

/**
 * A TypeScript file of an app that loads natively: what Node cannot strip is a mistake against the
 * app's own tsconfig (erasableSyntaxOnly), said in one line with the way out — never a silent
 * switch to jiti, which would load this file's imports a second time beside Node's.
 */
async function importNatively(file: string): Promise<Record<string, unknown>> {
  try {
    return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (
      code !== "ERR_UNSUPPORTED_TYPESCRIPT_SYNTAX" &&
      code !== "ERR_INVALID_TYPESCRIPT_SYNTAX" &&
      code !== "ERR_UNKNOWN_FILE_EXTENSION"
    )
      throw error;
    const { AxnError, ErrorCodes } = await import("@axn/core");
    const { errorMessage } = await import("@axn/core/internal");
    throw new AxnError(
      ErrorCodes.ConfigInvalid,
      `${file}: Node's type stripping cannot load it (${errorMessage(error).split("\n")[0]}); the app's tsconfig.json sets erasableSyntaxOnly, so axn loads its TypeScript natively — make the file erasable TypeScript, or remove erasableSyntaxOnly to load the app through jiti`,
      { cause: error },
    );
  }
}

/**
 * A TypeScript file Node's own loading cannot take, though jiti can: Node 20 knows no `.ts`; a Node
 * that strips types refuses what stripping cannot do (an enum, a parameter property) and resolves a
 * `.js` specifier literally where TypeScript means the `.ts` beside it. Each is refused while the
 * module graph is resolved or parsed — before any of it runs — so jiti loading the file afresh
 * evaluates nothing twice.
 */
function nativeCannotLoad(error: unknown): boolean {
  const { code, url } = error as { code?: unknown; url?: unknown };
  if (code === "ERR_UNKNOWN_FILE_EXTENSION" || code === "ERR_UNSUPPORTED_TYPESCRIPT_SYNTAX") return true;
  if (code === "ERR_INVALID_TYPESCRIPT_SYNTAX") return true;
  if (code !== "ERR_MODULE_NOT_FOUND" || typeof url !== "string" || !/\.[mc]?js$/.test(url)) return false;
  const missing = fileURLToPath(url);
  return existsSync(missing.replace(/\.([mc]?)js$/, ".$1ts")) || existsSync(missing.replace(/\.js$/, ".tsx"));
}

// One jiti for the process: its module cache is what makes a module two TypeScript files import
// (a store, a client) one module, evaluated once, as under a native loader.
let jiti: Promise<Jiti> | undefined;

async function importWithJiti(file: string): Promise<Record<string, unknown>> {
  jiti ??= (async () => {
    // A package reaching itself by name resolves through its own `exports`: this very copy. jiti
    // itself is required on first use (jiti.ts).
    const [core, sdk] = await Promise.all([import("@axn/core"), import("@axn/sdk")]);
    return jitiFactory()(import.meta.url, {
      interopDefault: false,
      virtualModules: { "@axn/core": core, "@axn/sdk": sdk },
    });
  })();
  return (await jiti).import<Record<string, unknown>>(file);
}
