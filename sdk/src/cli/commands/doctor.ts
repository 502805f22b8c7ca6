/**
 * `axn doctor`: checks the app the way the other commands would load it — config file, plugins,
 * adapters, tool roots, name/version conflicts, descriptions — and prints each finding with how
 * to fix it. Keeps going after a finding where it can, so one run shows everything. Exit code 1
 * when anything is wrong (warnings alone exit 0).
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { ErrorCodes, mayCall, Tools, type AnyAxn } from "@axn/core";
import { servingConfig } from "../../serving/settings.js";
import { definingFileOf, errorMessage, internalsOf, kernelCopies, registeredAdapters } from "@axn/core/internal";
import { findConfigFile, loadConfig } from "../../config/load-config.js";
import { installedPluginPackages, suggestPlugin } from "../../config/did-you-mean.js";
import { isPathSpecifier, PLUGIN_PREFIX } from "../../config/plugin-names.js";
import type { Command } from "../command.js";
import { ExitCode } from "../errors.js";
import { println, type CliIo } from "../io.js";
import { configError, loadApp, type LoadedApp } from "../load-app.js";
import { RESERVED_FLAGS } from "../serve/options.js";
import { collectTransports, type Registered } from "../serve/registered.js";
import { isSdkCopyError, SDK_DEDUPE_FIX, sdkCopies } from "../../serving/one-sdk.js";
import { counted } from "../plural.js";
import { servedCatalog } from "../served-catalog.js";

type Level = "ok" | "warn" | "error";

interface Finding {
  readonly level: Level;
  readonly message: string;
  readonly fix?: string;
}

const MARK: Record<Level, string> = { ok: "✔", warn: "!", error: "✖" };

export const doctorCommand: Command = {
  name: "doctor",
  usage: "doctor [--json]",
  summary: "Check config, plugins, tool roots and tool names; say what is wrong and how to fix it",
  help: [
    "Loads the app as `axn serve` would and reports, with a fix for each problem:",
    "  - the config file (found, loads, exports an object)",
    "  - duplicate copies of @axn/core or @axn/sdk in the process (both paths)",
    "  - each plugin (found, valid, compatible host version, dependencies)",
    "  - the registered adapters and their tool roots (exist, hold actions)",
    "  - the transports `axn serve` would serve (no shared path, name or flag)",
    "  - tool name/version conflicts and version-convention mistakes",
    "  - tools without a description, and tools named differently per adapter",
    "  - tools no caller can reach (no authentication, and a stdio caller their access refuses)",
    "",
    "",
    "Options:",
    "  --json   print { ok, problems, warnings, findings: [{ level, message, fix? }] } instead",
    "",
    "Exit codes: 0 nothing wrong (warnings allowed), 1 at least one problem.",
  ].join("\n"),
  options: { json: { type: "boolean" } },
  maxPositionals: 0,
  async run({ io, values, configPath }) {
    const findings: Finding[] = [];
    const app = await check(io, configPath, findings);
    findings.push(...copyFindings());
    if (app !== undefined) {
      findings.push(...adapterFindings(app));
      findings.push(...(await transportFindings(app)));
      findings.push(...toolFindings());
      findings.push(...unreachableFindings());
    }
    if (values["json"] === true) reportJson(io, findings);
    else report(io, findings);
    return findings.some((finding) => finding.level === "error") ? ExitCode.failure : ExitCode.ok;
  },
};

async function check(io: CliIo, configPath: string | undefined, findings: Finding[]): Promise<LoadedApp | undefined> {
  let file: string;
  try {
    file = findConfigFile(io.cwd, configPath);
  } catch (error) {
    findings.push({
      level: "error",
      message: errorMessage(error),
      fix: 'Create axn.config.ts: import { defineConfig } from "@axn/sdk"; export default defineConfig({ plugins: ["mcp", "http"] });',
    });
    return undefined;
  }
  try {
    await loadConfig({ cwd: io.cwd, configPath: file });
    findings.push({ level: "ok", message: `Config ${file}` });
  } catch (error) {
    findings.push({
      level: "error",
      message: errorMessage(error),
      fix: "Fix the error in the config file (it must load and default-export an object).",
    });
    return undefined;
  }
  let app: LoadedApp;
  try {
    app = await loadApp(io.cwd, file, { checks: false });
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    findings.push({
      level: "error",
      message: configError(cause ?? error).message,
      fix: fixFor(cause ?? error, dirname(file)),
    });
    return undefined;
  }
  if (app.plugins.length === 0) {
    findings.push({
      level: "warn",
      message: "No plugins listed: no transport will serve the tools",
      fix: 'Add plugins: ["mcp", "langchain", "http"] to the config.',
    });
  }
  for (const plugin of app.plugins) {
    findings.push({
      level: "ok",
      message: `Plugin ${plugin.name}@${plugin.version} (${plugin.source === "inline" ? "inline" : relative(app.root, plugin.source)})`,
    });
  }
  return app;
}

function fixFor(error: unknown, configDir: string): string {
  // A plugin that brought its own @axn/sdk, or an incompatible @axn/core, fails to import: the cause says so.
  if (isSdkCopyError(error)) return SDK_DEDUPE_FIX;
  for (
    let cause = error, hops = 0;
    typeof cause === "object" && cause !== null && hops < 8;
    cause = (cause as { cause?: unknown }).cause, hops++
  ) {
    if ((cause as { code?: unknown }).code === ErrorCodes.KernelMismatch) return DEDUPE_FIX;
  }
  const code = (error as { code?: unknown }).code;
  switch (code) {
    case ErrorCodes.PluginNotFound: {
      // A path has nothing to install; a package name is the one the host looked for, expanded.
      const plugin = (error as { plugin?: unknown }).plugin;
      if (typeof plugin !== "string") return "Install the plugin or fix its name in plugins.";
      if (isPathSpecifier(plugin))
        return "Fix the path in plugins (relative paths resolve from the config file's folder).";
      // A near miss of an installed plugin is a typo: installing the typed name would fetch
      // whatever package squats it.
      const suggestion = suggestPlugin(plugin, installedPluginPackages(configDir));
      return suggestion === undefined
        ? `Install the plugin (npm install ${plugin}) or fix its name in plugins.`
        : `Correct the name in plugins to the installed ${suggestion} (its short name: "${shortPluginName(suggestion)}").`;
    }
    case ErrorCodes.PluginHostVersion:
      return "Install a version of the plugin made for this @axn/core, or upgrade @axn/core.";
    case ErrorCodes.PluginMissingDependency:
      return "List the dependency in plugins, before the plugin that needs it.";
    case ErrorCodes.PluginDuplicate:
      return "List each plugin once.";
    default:
      return "Fix the config or the plugin named above, then run `axn doctor` again.";
  }
}

/** `axn-plugin-mcp` → `mcp`, `@acme/axn-plugin-audit` → `@acme/audit`: what the config lists. */
function shortPluginName(name: string): string {
  return name.replace(`${PLUGIN_PREFIX}-`, "");
}

const DEDUPE_FIX =
  "Make @axn/core a peer dependency of the package that installs its own copy (peerDependencies, not dependencies), then run npm dedupe so the app loads one @axn/core.";

/**
 * Two copies of @axn/core or @axn/sdk are a problem either way: a compatible @axn/core joins the
 * kernel (one registry) but is a second load and a version drift waiting to happen, an incompatible
 * one fails the load (AXN_KERNEL_MISMATCH, reported with the config above), and a second @axn/sdk
 * refuses to load (serving/one-sdk.ts) rather than split the `serve` settings.
 */
function copyFindings(): Finding[] {
  const findings: Finding[] = [];
  for (const [name, copies, holds, fix] of [
    ["@axn/core", kernelCopies(), "holds the registries", DEDUPE_FIX],
    ["@axn/sdk", sdkCopies(), "holds the serve settings", SDK_DEDUPE_FIX],
  ] as const) {
    if (copies.length < 2) continue;
    const [first, ...rest] = copies;
    const others = rest.map((copy) => `${copy.version} at ${copy.path}`).join(", ");
    findings.push({
      level: "error",
      message: `${name} is loaded ${copies.length} times in this process: ${first!.version} at ${first!.path} (loaded first, ${holds}), and ${others}`,
      fix,
    });
  }
  return findings;
}

function adapterFindings(app: LoadedApp): Finding[] {
  const findings: Finding[] = [];
  const adapters = registeredAdapters();
  if (adapters.length === 0) {
    findings.push({
      level: "warn",
      message: "No adapter is registered: no tool can be served",
      fix: "List a transport plugin (mcp, langchain, http) in plugins.",
    });
  }
  for (const adapter of adapters) {
    let members: readonly AnyAxn[] | undefined;
    try {
      members = Tools.for(adapter.key, { allVersions: true });
      findings.push({
        level: "ok",
        message: `Adapter ${adapter.key}${adapter.plugin === undefined ? "" : ` (${adapter.plugin})`}: ${counted(members.length, "tool version")}`,
      });
    } catch (error) {
      findings.push({
        level: "error",
        message: `Adapter ${adapter.key}: ${errorMessage(error)}`,
        fix: "Give one of the two actions a distinct name (tool: { name }) or toolVersion, or make the V<n> suffix agree with toolVersion.",
      });
    }
    const roots = adapter.configSource?.toolRoots() ?? [];
    for (const root of roots) findings.push(rootFinding(app, adapter.key, root, members));
    if (members?.length === 0 && roots.length === 0) {
      findings.push({
        level: "warn",
        message: `Adapter ${adapter.key} has no tools and no tool roots`,
        fix: `Set ${adapter.key}: { toolRoots: ["agent_tools"] } in the config, or declare tool: ["${adapter.key}"] on actions.`,
      });
    }
  }
  return findings;
}

/** What `axn serve` would serve: one line per transport, or why they conflict. */
async function transportFindings(app: LoadedApp): Promise<Finding[]> {
  let transports: Registered[];
  try {
    transports = collectTransports(app.host, RESERVED_FLAGS);
  } catch (error) {
    return [
      {
        level: "error",
        message: errorMessage(error),
        fix: "Fix or remove the plugin named above: two transports never share a path, a name of their kind or a flag.",
      },
    ];
  }
  const findings: Finding[] = transports.map((entry) => ({
    level: "ok",
    message: `Transport ${entry.transport.kind} "${entry.transport.name}"${entry.transport.kind === "http" ? ` at ${entry.transport.path}` : ""} (${entry.plugin})`,
  }));
  try {
    const served = await servedCatalog(transports);
    for (const name of new Set(served.map((entry) => entry.transport))) {
      const kinds = new Map<string, string[]>();
      for (const entry of served.filter((e) => e.transport === name))
        kinds.set(entry.kind, [...(kinds.get(entry.kind) ?? []), entry.name]);
      const listed = [...kinds].map(
        ([kind, names]) => `${names.length} ${kind}${names.length === 1 ? "" : "s"} (${names.join(", ")})`,
      );
      findings.push({ level: "ok", message: `Transport "${name}" also serves ${listed.join("; ")}` });
    }
  } catch (error) {
    findings.push({
      level: "error",
      message: errorMessage(error),
      fix: "Fix the resources or prompts named above in the config.",
    });
  }
  return findings;
}

/** `members` is undefined when the adapter's tools could not be listed (a conflict, reported above). */
function rootFinding(app: LoadedApp, key: string, root: string, members: readonly AnyAxn[] | undefined): Finding {
  const dir = resolve(app.root, root);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    return {
      level: "error",
      message: `Tool root "${root}" of adapter ${key} does not exist (${dir})`,
      fix: `Create ${dir}, or fix ${key}.toolRoots in the config.`,
    };
  }
  const modules = countModules(dir);
  // An action counts for the root whose module defined it, named by its path or not (definingFileOf
  // is the module discovery found under its root, else the file that called defineAxn).
  const fromRoot = members?.filter((action) => isUnder(definingFileOf(internalsOf(action)), dir)).length;
  if (modules === 0 || fromRoot === 0) {
    return {
      level: "warn",
      message: `Tool root "${root}" of adapter ${key} holds ${counted(modules, "module")} and no tool`,
      fix: "Export one action (defineAxn) per module under the root.",
    };
  }
  return { level: "ok", message: `Tool root "${root}" of adapter ${key}: ${counted(modules, "module")}` };
}

/**
 * Tools no caller can ever reach: the app authenticates no one over HTTP (no `serve.authenticate`),
 * and the tool's access refuses the stdio caller (`serve.stdioPrincipal` / `AXN_PRINCIPAL`, or none).
 * Every call of them would be refused, and no listing shows them. With an authenticator there is no
 * telling who it admits, so nothing is said.
 */
function unreachableFindings(): Finding[] {
  if (servingConfig.get("authenticate") !== null) return [];
  const stdio = servingConfig.get("stdioPrincipal") ?? undefined;
  const unreachable = new Set<AnyAxn>();
  for (const key of Tools.adapters()) {
    let members: readonly AnyAxn[];
    try {
      members = Tools.for(key);
    } catch {
      continue; // already reported per adapter
    }
    for (const action of members) if (!mayCall(action, stdio)) unreachable.add(action);
  }
  if (unreachable.size === 0) return [];
  const names = [...unreachable].map((action) => action.name).join(", ");
  const who =
    stdio === undefined
      ? "no one is authenticated over HTTP and no caller is configured for stdio"
      : `no one is authenticated over HTTP and the stdio caller (${stdio.id}) may not call ${unreachable.size === 1 ? "it" : "them"}`;
  return [
    {
      level: "warn",
      message: `${counted(unreachable.size, "tool")} can never be called: ${who} (${names})`,
      fix: "Configure serve.authenticate (docs/security.md), or a stdio caller the access admits: serve.stdioPrincipal, AXN_PRINCIPAL, or axn mcp-config --as.",
    },
  ];
}

function toolFindings(): Finding[] {
  const findings: Finding[] = [];
  const seen = new Set<AnyAxn>();
  for (const key of Tools.adapters()) {
    let members: readonly AnyAxn[];
    try {
      members = Tools.for(key, { allVersions: true });
    } catch {
      continue; // already reported per adapter
    }
    for (const action of members) {
      if (seen.has(action)) continue;
      seen.add(action);
      if (action.description === undefined || action.description.trim() === "") {
        findings.push({
          level: "warn",
          message: `Tool ${action.toolName(key)} (${action.name}) has no description`,
          fix: "Add description: models choose tools by it.",
        });
      }
      const names = new Set(
        Tools.adapters()
          .filter((other) => Tools.isMember(action, other))
          .map((other) => action.toolName(other)),
      );
      if (names.size > 1) {
        findings.push({
          level: "warn",
          message: `${action.name} is published under different names per adapter (${[...names].join(", ")})`,
          fix: "Clients see one tool under several identities; drop the per-adapter name overrides unless that is intended.",
        });
      }
    }
  }
  return findings;
}

function isUnder(file: string | undefined, dir: string): boolean {
  return file !== undefined && !relative(dir, file).startsWith("..");
}

function countModules(dir: string): number {
  let count = 0;
  for (const entry of readdirSync(dir)) {
    const full = join(dir, entry);
    if (statSync(full).isDirectory()) count += countModules(full);
    else if (/\.(m?[jt]s)$/.test(entry) && !entry.endsWith(".d.ts")) count += 1;
  }
  return count;
}

function report(io: CliIo, findings: readonly Finding[]): void {
  for (const finding of findings) {
    println(io.stdout, `${MARK[finding.level]} ${finding.message}`);
    if (finding.fix !== undefined && finding.level !== "ok") println(io.stdout, `    fix: ${finding.fix}`);
  }
  const errors = findings.filter((finding) => finding.level === "error").length;
  const warnings = findings.filter((finding) => finding.level === "warn").length;
  const count = (n: number, what: string): string => `${n} ${what}${n === 1 ? "" : "s"}`;
  println(
    io.stdout,
    "",
    errors === 0
      ? `No problems found${warnings === 0 ? "" : ` (${count(warnings, "warning")})`}.`
      : `${count(errors, "problem")}, ${count(warnings, "warning")}.`,
  );
}

function reportJson(io: CliIo, findings: readonly Finding[]): void {
  const problems = findings.filter((finding) => finding.level === "error").length;
  const warnings = findings.filter((finding) => finding.level === "warn").length;
  println(io.stdout, JSON.stringify({ ok: problems === 0, problems, warnings, findings }, null, 2));
}
