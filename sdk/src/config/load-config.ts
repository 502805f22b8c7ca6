/**
 * Finds and loads an app's `axn.config.*`: an explicit `--config` path, else the first of
 * `axn.config.ts`, `.mts`, `.mjs`, `.js`, `.json` in `cwd`. The default export (a JSON file's
 * content) must be an object; `defineConfig` is optional at runtime.
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { AxnError, ErrorCodes } from "@axn/core";
import { errorMessage } from "@axn/core/internal";
import type { AxnAppConfig } from "./define-config.js";
import { importModule } from "./import-module.js";
import { isMissingImport } from "./missing-module.js";

export const CONFIG_FILE_NAMES: readonly string[] = [
  "axn.config.ts",
  "axn.config.mts",
  "axn.config.mjs",
  "axn.config.js",
  "axn.config.json",
];

export interface LoadedConfig {
  readonly config: AxnAppConfig;
  /** Absolute path of the file it came from. */
  readonly configPath: string;
}

/** The config file for `cwd` (or `configPath`, resolved against `cwd`). */
export function findConfigFile(cwd: string, configPath?: string): string {
  if (configPath !== undefined) {
    const file = resolve(cwd, configPath);
    if (!existsSync(file)) throw new AxnError(ErrorCodes.ConfigNotFound, `Config file ${file} does not exist`);
    return file;
  }
  for (const name of CONFIG_FILE_NAMES) {
    const file = join(cwd, name);
    if (existsSync(file)) return file;
  }
  throw new AxnError(
    ErrorCodes.ConfigNotFound,
    `No axn config found in ${resolve(cwd)} (looked for ${CONFIG_FILE_NAMES.join(", ")}); create one or pass --config <path>`,
  );
}

export async function loadConfig(options: {
  readonly cwd: string;
  readonly configPath?: string;
}): Promise<LoadedConfig> {
  const configPath = findConfigFile(options.cwd, options.configPath);
  let namespace: Record<string, unknown>;
  try {
    namespace = await importModule(configPath);
  } catch (error) {
    // A package or file the config imports is missing: that error's own code, so the fix is the install.
    const code = isMissingImport(error) ? error.code : ErrorCodes.ConfigInvalid;
    throw new AxnError(code, `Could not load ${configPath}: ${errorMessage(error)}`, {
      cause: error,
    });
  }
  const config = namespace["default"];
  if (typeof config !== "object" || config === null || Array.isArray(config)) {
    throw new AxnError(
      ErrorCodes.ConfigInvalid,
      `${configPath} must export an object as its default export (export default defineConfig({ plugins: [...] }))`,
    );
  }
  return { config: config as AxnAppConfig, configPath };
}
