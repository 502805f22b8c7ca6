/**
 * Imports a config file or a plugin module. Native `import()` first, so a loader the app already
 * runs under (tsx, Node's type stripping) and Node's module cache are honoured; a TypeScript file
 * Node cannot load natively (Node 20) goes through `jiti`. jiti is handed the running copies of
 * `@axn/core` and `@axn/sdk` as virtual modules: a second copy would have its own registries and a
 * plugin's registrations would land where the host never looks.
 *
 * The running `@axn/sdk` is reached by its package name — the way the file being loaded names it —
 * not through a relative import of the entry file: this module sits low in the sdk (config loading)
 * and must not import the entry that re-exports it.
 */
import { readFile } from "node:fs/promises";
import { extname } from "node:path";
import { pathToFileURL } from "node:url";
import type { Jiti } from "jiti";
import { jitiFactory } from "./jiti.js";
import { missingModuleMessage, missingModuleOf } from "./missing-module.js";

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
// through the one jiti, on every Node. Elsewhere a native import comes first, so a module the app
// already imported natively (under tsx or Node's type stripping) is that same module, not a second copy.
let jitiForTypeScript = false;

/** From now on, a TypeScript file is imported through jiti without trying a native `import()` first. */
export function loadTypeScriptWithJiti(): void {
  jitiForTypeScript = true;
}

async function importScript(file: string, extension: string): Promise<Record<string, unknown>> {
  if (jitiForTypeScript && TYPESCRIPT.has(extension)) return importWithJiti(file);
  try {
    return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (error) {
    if (TYPESCRIPT.has(extension) && (error as { code?: unknown }).code === "ERR_UNKNOWN_FILE_EXTENSION") {
      return importWithJiti(file);
    }
    throw error;
  }
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
