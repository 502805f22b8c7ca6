/**
 * Boots the app the CLI runs against: finds `axn.config.*` (or `--config`), loads the host with
 * the listed plugins — which imports the adapters' tool roots — and returns what the commands
 * need. A missing or broken config becomes a `CliError` with the config exit code, carrying the
 * host's own message (it already names the file, the plugin and what to do).
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { isAxnError } from "@axn/core";
import { errorMessage } from "@axn/core/internal";
import { isMissingImport } from "../config/missing-module.js";
import { loadHost, type LoadedHost } from "../host/create-host.js";
import { assertNoToolConflicts, assertToolRootsExist } from "./app-checks.js";
import { CliError, ExitCode } from "./errors.js";

export interface LoadedApp extends LoadedHost {
  /** The folder of the config file (tool roots and plugin names resolve from it). */
  readonly root: string;
  /** `name` and `version` of the app's package.json, for server names and the OpenAPI `info`. */
  readonly name: string;
  readonly version: string;
}

/**
 * `checks: false` (doctor) keeps a missing tool root or a tool name conflict from stopping the
 * load: doctor reports them among its findings.
 */
export async function loadApp(
  cwd: string,
  configPath: string | undefined,
  options: { readonly checks?: boolean } = {},
): Promise<LoadedApp> {
  let loaded: LoadedHost;
  try {
    loaded = await loadHost({ cwd, ...(configPath === undefined ? {} : { configPath }) });
  } catch (error) {
    throw configError(error);
  }
  const root = loaded.configPath === undefined ? cwd : dirname(loaded.configPath);
  if (options.checks !== false) {
    assertToolRootsExist(root, loaded.configPath ?? "the config");
    assertNoToolConflicts(root);
  }
  return { ...loaded, root, ...packageInfo(root) };
}

/** A host-loading failure as the CLI reports it. */
export function configError(error: unknown): CliError {
  const message = errorMessage(error);
  const code = isAxnError(error) ? (error as { code?: unknown }).code : undefined;
  return new CliError(
    ExitCode.config,
    typeof code === "string" ? `${message} [${code}]` : message,
    // A missing package's line already ends with the install command: nothing for doctor to add.
    isMissingImport(error) ? undefined : "Run `axn doctor` for a full check.",
    {
      cause: error,
    },
  );
}

/** `name` and `version` of the app's package.json in `root` (`axn-app` / `0.0.0` without one). */
export function packageInfo(root: string): { name: string; version: string } {
  const file = join(root, "package.json");
  if (!existsSync(file)) return { name: "axn-app", version: "0.0.0" };
  try {
    const pkg = JSON.parse(readFileSync(file, "utf8")) as { name?: unknown; version?: unknown };
    return {
      name: typeof pkg.name === "string" && pkg.name !== "" ? pkg.name : "axn-app",
      version: typeof pkg.version === "string" && pkg.version !== "" ? pkg.version : "0.0.0",
    };
  } catch {
    return { name: "axn-app", version: "0.0.0" };
  }
}
