/**
 * Tool-name derivation: an action's qualified name (`AgentTools.Users.ListCompanies`,
 * `agent_tools/users/list_companies`, `Billing::ChargeCard`) to the provider-safe name every
 * adapter publishes. Pure and total: it never throws and never returns a blank name, because the
 * registry and every adapter read it (the version guardrails live in the registry, not here).
 *
 * @example
 * ```ts
 * deriveToolName("AgentTools.ApproveLoan.V2", { version: 2 }); // "approve_loan"
 * ```
 */

/** Leading segments stripped from a qualified name (compared snake_cased). */
export const DEFAULT_TOOL_PREFIXES: readonly string[] = Object.freeze(["actions", "tools", "agent_tools"]);

/** What every published tool name matches: safe for every model provider. */
export const TOOL_NAME_PATTERN = /^[a-z0-9_]+$/;

const SEPARATOR = /::|[./]/;
const VERSION_SEGMENT = /^[Vv](\d+)$/;
const MODULE_EXTENSION = /\.(?:ts|mts|js|mjs)$/;

export interface ToolNameOptions {
  /** Leading segments to strip; `DEFAULT_TOOL_PREFIXES` when omitted. */
  readonly prefixes?: readonly string[];
  /** The declared tool version; only then is a trailing `V<n>` segment dropped. */
  readonly version?: number | undefined;
}

/** Segments of a qualified name, split on `.`, `/` or `::`. */
export function splitSegments(qualifiedName: string): string[] {
  return String(qualifiedName ?? "").split(SEPARATOR);
}

/** `ListCompanies` → `list_companies`, `HTTPServer` → `http_server`, `Na me!!` → `na_me`. */
function snakeCase(segment: string): string {
  return sanitize(
    segment
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "") // `Café` → `Cafe` rather than `caf`
      .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
      .replace(/([a-z\d])([A-Z])/g, "$1_$2")
      .toLowerCase(),
  );
}

function sanitize(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, "_")
    .replace(/_+/g, "_")
    .replace(/^_|_$/g, "");
}

export function deriveToolName(qualifiedName: string, options: ToolNameOptions = {}): string {
  const segments = splitSegments(qualifiedName);
  const prefixes = new Set((options.prefixes ?? DEFAULT_TOOL_PREFIXES).map(snakeCase));
  const names = segments.map(snakeCase);
  let start = 0;
  while (start < names.length && prefixes.has(names[start] ?? "")) start++; // only LEADING prefixes
  let kept = segments.slice(start);
  const last = kept.at(-1);
  // `ApproveLoan::V2` declaring version 2 is a version of `approve_loan`, not a tool of its own.
  if (options.version !== undefined && last !== undefined && VERSION_SEGMENT.test(last)) kept = kept.slice(0, -1);
  const name = sanitize(kept.map(snakeCase).join("_"));
  if (name !== "") return name;
  return snakeCase(segments.at(-1) ?? "") || "tool";
}

/** The `n` of a trailing `V<n>` segment (`AgentTools.ApproveLoan.V2` → 2), if there is one. */
export function versionSegment(qualifiedName: string): number | undefined {
  const match = VERSION_SEGMENT.exec(splitSegments(qualifiedName).at(-1) ?? "");
  return match ? Number(match[1]) : undefined;
}

/** A module path under a tool root as a qualified name: `users/list_companies.ts` → `users/list_companies`. */
export function qualifiedNameFromModulePath(relativePath: string): string {
  const segments = String(relativePath ?? "")
    .replace(/\\/g, "/")
    .replace(MODULE_EXTENSION, "")
    .split("/")
    .filter((segment) => segment !== "" && segment !== ".");
  if (segments.at(-1) === "index") segments.pop(); // `users/index.ts` is the `users` module
  return segments.join("/");
}
