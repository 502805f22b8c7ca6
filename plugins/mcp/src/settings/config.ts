/**
 * The plugin's settings, in the `mcp` config namespace. Every setting an action may override
 * (`configure: { mcp: { presentAs: "message" } }` or `tool: { mcp: {...} }`) is resolved per
 * action with `resolveOverrideFor`, never read off the package-wide value, so a plain action that
 * never imported this package still gets its own value.
 *
 * Declared at module load (not in `apply`) so the settings exist before any action is defined and
 * an app's `axn.config` can write them; the host seals the list when it finishes loading.
 */
import { createConfigurable, type OverridableSettingsOf, type SettingsOf } from "@axn/core";
import { declarePresentAs, declareRejectOpaqueExposedValues, toolRootsDefault } from "@axn/sdk/adapter";
import type { ToolAnnotations } from "@modelcontextprotocol/server";
import type { ConfigureServer } from "./configure-server.js";
import { isPrompt, type McpPrompt } from "../surface/prompts.js";
import { isResource, type McpResource } from "../surface/resources.js";
import { isSessionStoreSetting, SessionStoreMessages, type SessionStoreSetting } from "../sessions/store-setting.js";
import {
  DEFAULT_MAX_SESSIONS,
  DEFAULT_MAX_SESSIONS_PER_PRINCIPAL,
  DEFAULT_SESSION_IDLE_MS,
} from "../sessions/table.js";
// Brings `@axn/sdk` into the program for the `AppSettingsRegistry` augmentation below.
import type {} from "@axn/sdk";

export type { PresentAs } from "@axn/sdk/adapter";

/** The adapter key (`Tools.for("mcp")`, `tool: ["mcp"]`) and the config namespace. */
/** How a tool runs as an MCP task: `true` optionally (or waited for), `"required"` only as one. */
export type LongRunning = boolean | "required";

export const ADAPTER_KEY = "mcp";
export const PLUGIN_NAME = "axn-plugin-mcp";
export const PLUGIN_VERSION = "0.1.0";

/** The longest a task may be kept (24 h), whatever the client or the `taskTtlMs` setting asks. */
export const MAX_TASK_TTL_MS = 24 * 3_600_000;

/** MCP tool annotations as the `annotations` setting accepts them (the protocol's `ToolAnnotations`). */
export type McpAnnotations = Pick<
  ToolAnnotations,
  "title" | "readOnlyHint" | "destructiveHint" | "idempotentHint" | "openWorldHint"
>;

const ANNOTATION_KEYS: Readonly<Record<keyof McpAnnotations, "string" | "boolean">> = {
  title: "string",
  readOnlyHint: "boolean",
  destructiveHint: "boolean",
  idempotentHint: "boolean",
  openWorldHint: "boolean",
};

/** Why `value` is not a valid `annotations` value, or `undefined` when it is. */
export function annotationsProblem(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return "expected an object of MCP tool annotations";
  for (const [key, entry] of Object.entries(value)) {
    const type = ANNOTATION_KEYS[key as keyof McpAnnotations];
    if (type === undefined)
      return `unknown annotation ${key}; expected one of ${Object.keys(ANNOTATION_KEYS).join(", ")}`;
    if (typeof entry !== type) return `annotation ${key} must be a ${type}`;
  }
  return undefined;
}

/** Why `value` is not a list of `what`, naming the first bad entry by index. */
function listProblem(value: unknown, accepts: (entry: unknown) => boolean, what: string): string | undefined {
  if (!Array.isArray(value)) return `expected an array of ${what}s`;
  const bad = value.findIndex((entry) => !accepts(entry));
  return bad === -1 ? undefined : `entry ${bad} is not ${what}`;
}

export const mcpConfig = declareRejectOpaqueExposedValues(
  declarePresentAs(toolRootsDefault(createConfigurable(PLUGIN_NAME).configNamespace(ADAPTER_KEY), []))
    .setting("title", {
      default: undefined as string | undefined,
      validate: (value: string | undefined) =>
        value === undefined || (typeof value === "string" && value.trim() !== "") || "expected a non-empty string",
      overridable: true,
      description: "The tool's human-readable title (MCP `title`)",
    })
    .setting("annotations", {
      default: undefined as McpAnnotations | undefined,
      validate: (value: McpAnnotations | undefined) => annotationsProblem(value) ?? true,
      overridable: true,
      description: "MCP tool annotations; replaces those derived from semantic hints ({} advertises none)",
    })
    .setting("resources", {
      default: [] as readonly McpResource[],
      validate: (value: readonly McpResource[]) =>
        listProblem(value, isResource, "a resource from defineResource") ?? true,
      description: "The resources every MCP server serves (defineResource)",
    })
    .setting("prompts", {
      default: [] as readonly McpPrompt[],
      validate: (value: readonly McpPrompt[]) => listProblem(value, isPrompt, "a prompt from definePrompt") ?? true,
      description: "The prompts every MCP server serves (definePrompt)",
    })
    .setting("configureServer", {
      default: undefined as ConfigureServer | undefined,
      validate: (value: ConfigureServer | undefined) =>
        value === undefined || typeof value === "function" || "expected a function (server: McpServer) => void",
      description: "Called with each SDK McpServer before it connects: the raw seam for what axn does not model",
    })
    .setting("longRunning", {
      default: undefined as LongRunning | undefined,
      validate: (value: LongRunning | undefined) =>
        value === undefined ||
        typeof value === "boolean" ||
        value === "required" ||
        'expected true, false or "required"',
      overridable: true,
      description:
        'Serve the tool as an MCP task: true (execution.taskSupport "optional"), "required" (only as a task); default: the action\'s own longRunning declaration',
    })
    .setting("taskTtlMs", {
      default: 3_600_000 as number,
      validate: (value: number) =>
        (Number.isInteger(value) && value >= 1000 && value <= MAX_TASK_TTL_MS) ||
        `expected milliseconds, an integer from 1000 to ${MAX_TASK_TTL_MS}`,
      description:
        "How long an MCP task and its result stay readable after it was created, unless the client asks for less",
    })
    .setting("taskPollIntervalMs", {
      default: 1000 as number,
      validate: (value: number) => (Number.isInteger(value) && value >= 10) || "expected milliseconds, an integer ≥ 10",
      description: "The pollInterval an MCP task suggests to its client",
    })
    .setting("stateless", {
      default: false as boolean,
      validate: (value: boolean) => typeof value === "boolean" || "expected true or false",
      description:
        "Under axn serve, Streamable HTTP keeps no session (a fresh server per POST): any instance behind a balancer answers any request",
    })
    .setting("requestStateKey", {
      default: undefined as string | undefined,
      validate: (value: string | undefined) =>
        value === undefined ||
        (typeof value === "string" && Buffer.byteLength(value) >= 32) ||
        "expected a secret of at least 32 bytes (e.g. openssl rand -base64 32)",
      description:
        "The HMAC key that signs a 2026-07-28 input_required requestState; every instance behind a balancer needs the same one (default: one generated per process)",
    })
    .setting("cacheTtlMs", {
      default: 0 as number,
      validate: (value: number) =>
        (Number.isInteger(value) && value >= 0) || "expected milliseconds, an integer ≥ 0 (0: do not reuse)",
      description:
        "2026-07-28: how long a client may reuse server/discover, a list or a resource read (ttlMs); 0 asks it to fetch again each time",
    })
    .setting("cacheScope", {
      default: "private" as "private" | "public",
      validate: (value: "private" | "public") =>
        value === "private" ||
        value === "public" ||
        'expected "private" (per caller) or "public" (shared by every caller)',
      description:
        '2026-07-28: who may share a cached answer (cacheScope): "private" per caller (the default, and the only choice when access policies hide anything), "public" for everyone',
    })
    .setting("sessionStore", {
      default: "memory" as SessionStoreSetting,
      validate: (value: SessionStoreSetting) => isSessionStoreSetting(value) || SessionStoreMessages.invalid,
      description:
        'Where axn serve keeps MCP sessions: "memory" (this process), "redis" (the app\'s queue.connection) or a redis:// URL, so every instance behind a balancer answers every session',
    })
    .setting("maxSessions", {
      default: DEFAULT_MAX_SESSIONS as number,
      validate: (value: number) => (Number.isInteger(value) && value >= 1) || "expected an integer ≥ 1",
      description:
        "Streamable HTTP sessions one instance keeps at most; a new one beyond it closes the least recently used session with no call in progress, and is refused (503) only when every session is working",
    })
    .setting("maxSessionsPerPrincipal", {
      default: DEFAULT_MAX_SESSIONS_PER_PRINCIPAL as number,
      validate: (value: number) => (Number.isInteger(value) && value >= 1) || "expected an integer ≥ 1",
      description:
        "Streamable HTTP sessions one caller keeps at most (every anonymous caller together is one caller; with sessions in Redis, on all instances together); a new one beyond it is refused (429)",
    })
    .setting("sessionIdleMs", {
      default: DEFAULT_SESSION_IDLE_MS as number,
      validate: (value: number) =>
        (Number.isInteger(value) && value >= 1000) || "expected milliseconds, an integer ≥ 1000",
      description:
        "A Streamable HTTP session with no request for this long is closed, with any GET stream it holds (a held stream is not activity)",
    }),
  { default: false },
);

/** The per-action `mcp` bag, as app code writes it: the overridable settings above. */
export type McpActionSettings = OverridableSettingsOf<typeof mcpConfig>;

/** The app-wide `mcp` settings, as `axn.config.*` writes them (`mcp: { presentAs: "message" }`). */
export type McpSettings = SettingsOf<typeof mcpConfig>;

declare module "@axn/sdk" {
  interface AppSettingsRegistry {
    mcp: McpSettings;
  }
}

declare module "@axn/core" {
  interface AdapterSettingsRegistry {
    mcp: McpActionSettings;
  }
  interface SemanticHintRegistry {
    /** The tool reaches outside the server's own data (MCP `openWorldHint: true`). */
    openWorld: true;
    /** The tool only touches the server's own data (MCP `openWorldHint: false`). */
    closedWorld: true;
  }
}
