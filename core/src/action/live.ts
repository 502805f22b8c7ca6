/**
 * Live capabilities: what a running body can do besides returning — report progress, log to the
 * client, ask the user (elicitation), ask the client's model (sampling). The body sees them on its
 * call context (`ctx.progress`, `ctx.notify`, `ctx.elicit`, `ctx.sample`, `ctx.supports`); the
 * caller supplies a {@link LiveChannel} in `CallOptions.live` that carries them to wherever it
 * listens. Each transport implements one (MCP notifications and requests, LangChain run events,
 * HTTP Server-Sent Events); a direct call can pass plain handlers. Nothing here names a transport.
 *
 * @example
 * ```ts
 * await Import.call({ file }, {
 *   live: {
 *     progress: ({ progress, total }) => console.log(`${progress}/${total}`),
 *     elicit: async () => ({ action: "accept", content: { overwrite: true } }),
 *   },
 * });
 * ```
 */
import type { JsonSchema } from "../schema/json-schema-types.js";
import type { MediaAudio, MediaImage } from "../media/values.js";

/** Log severities, lowest first: the syslog levels of RFC 5424, as MCP's `logging` uses them. */
export const LOG_LEVELS = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** One progress report. `progress` grows with every report of a call. */
export interface ProgressUpdate {
  readonly progress: number;
  readonly total?: number;
  readonly message?: string;
}

/** One client-visible log message. */
export interface LogEntry {
  readonly level: LogLevel;
  /** Any JSON-serializable value (a string, or an object of details). */
  readonly data: unknown;
  /** Who logged it; default: the action's name. */
  readonly logger: string;
}

/**
 * The form an elicitation asks the user to fill: a flat object of primitive properties — strings
 * (`minLength`, `maxLength`, `format` email / uri / date / date-time), numbers and integers
 * (`minimum`, `maximum`), booleans, single-select enums (`enum`, or `oneOf` of `{ const, title }`)
 * and multi-select enums (`type: "array"`) — each with an optional `default`. Exactly the subset
 * MCP's `elicitation/create` accepts, so any client UI can render it.
 */
export interface ElicitForm {
  readonly type: "object";
  readonly properties: { readonly [name: string]: JsonSchema };
  readonly required?: readonly string[];
}

/** How `ctx.elicit` / `ctx.sample` name a question. */
export interface AskOptions {
  /**
   * The question's name, where a transport asks questions by name (MCP 2026-07-28's
   * `inputRequests`): letters, digits, `_`, `-` and `.`; unique within one call. Default: its
   * position among the call's questions.
   */
  readonly key?: string;
}

/** What a channel receives for `ctx.elicit`. */
export interface ElicitRequest {
  readonly message: string;
  readonly requestedSchema: ElicitForm;
  /** `AskOptions.key`, when the body named the question. */
  readonly key?: string;
}

/** The user's answer as the channel reports it (the content is validated by the runtime). */
export type ElicitAnswer =
  | { readonly action: "accept"; readonly content: { readonly [name: string]: unknown } }
  | { readonly action: "decline" }
  | { readonly action: "cancel" }
  | { readonly action: "unavailable" };

/**
 * An answer as a person or a program hands it over where no protocol shapes it (a LangGraph
 * resume value, a scripted test answer): `{ action: "accept", content }`, `{ action: "decline" }`,
 * `{ action: "cancel" }`, or the filled form on its own — any other value is the accepted content,
 * which the runtime then validates against the form (so a string or a list fails there, naming
 * the form's fields). A form with a field named `action` is answered the explicit way.
 */
export type GivenAnswer =
  | { readonly action: "accept"; readonly content: { readonly [name: string]: unknown } }
  | { readonly action: "decline" }
  | { readonly action: "cancel" }
  | { readonly [name: string]: unknown };

/** A {@link GivenAnswer} as the answer a live channel reports. */
export function answerGiven(given: unknown): ElicitAnswer {
  if (typeof given === "object" && given !== null && !Array.isArray(given)) {
    const { action, content } = given as { action?: unknown; content?: unknown };
    if (action === "decline" || action === "cancel") return { action };
    if (action === "accept") return { action: "accept", content: (content ?? {}) as Record<string, unknown> };
  }
  return { action: "accept", content: given as Record<string, unknown> };
}

/**
 * What `ctx.elicit` resolves to: the validated answer, or why there is none — the user declined
 * or dismissed the question, or nobody can be asked on this transport.
 */
export type Elicited<T> =
  | { readonly action: "accept"; readonly content: T }
  | { readonly action: "decline" }
  | { readonly action: "cancel" }
  | { readonly action: "unavailable" };

/** One message of a sampling conversation. */
export interface SampleMessage {
  readonly role: "user" | "assistant";
  readonly content: string | MediaImage | MediaAudio;
}

/** What `ctx.sample` asks the client's model. */
export interface SampleRequest {
  /** The conversation; a string is one user message. */
  readonly messages: string | readonly SampleMessage[];
  /** The most tokens the reply may use. */
  readonly maxTokens: number;
  readonly systemPrompt?: string;
  readonly temperature?: number;
  readonly stopSequences?: readonly string[];
  /** Advice for the client's choice of model (MCP's model preferences). */
  readonly modelPreferences?: {
    readonly hints?: readonly { readonly name?: string }[];
    readonly costPriority?: number;
    readonly speedPriority?: number;
    readonly intelligencePriority?: number;
  };
}

/** A sampling request as a channel receives it: the conversation always a list. */
export type LiveSampleRequest = Omit<SampleRequest, "messages"> & {
  readonly messages: readonly SampleMessage[];
  /** `AskOptions.key`, when the body named the question. */
  readonly key?: string;
};

/** The model's reply, or `unavailable` when no model can be asked on this transport. */
export type Sampled =
  | {
      readonly action: "reply";
      /** The reply's text (empty when it is an image or audio). */
      readonly text: string;
      readonly content: string | MediaImage | MediaAudio;
      /** The model that answered, as the client names it. */
      readonly model: string;
      readonly stopReason?: string;
    }
  | { readonly action: "unavailable" };

/** A root the client shares: a folder or resource it lets the server work in (MCP `roots/list`). */
export interface Root {
  readonly uri: string;
  readonly name?: string;
}

/** What `ctx.roots()` resolves to: the client's roots, or `unavailable` when no client can be asked. */
export type Rooted = { readonly action: "reply"; readonly roots: readonly Root[] } | { readonly action: "unavailable" };

/**
 * What the caller offers a running body. Every member is optional: a capability the channel lacks
 * is a no-op (`progress`, `log`) or `unavailable` (`elicit`, `sample`), and `ctx.supports` says so.
 * The runtime checks every argument before a channel sees it, keeps progress increasing, and
 * validates an elicitation's answer against the fields asked for.
 */
export interface LiveChannel {
  /**
   * How many of this call's questions already have their answer when the body starts. A transport
   * that cannot pause mid-call runs the body again with the answers so far (MCP 2026-07-28's
   * retry, a LangGraph resume, an HTTP retry) and sets it; where a question is answered in place
   * (MCP 2025-11-25, a terminal, a direct call) it stays absent, which the body sees as `0`.
   */
  readonly answered?: number;
  progress?(update: ProgressUpdate): void;
  log?(entry: LogEntry): void;
  /** `signal` is the call's: abandon the question when it aborts. */
  elicit?(request: ElicitRequest, signal: AbortSignal): Promise<ElicitAnswer>;
  sample?(request: LiveSampleRequest, signal: AbortSignal): Promise<Sampled>;
  /** The client's roots; `key` names the question where a transport asks by name (`AskOptions.key`). */
  roots?(signal: AbortSignal, key?: string): Promise<readonly Root[]>;
}

/** A live capability an action may declare it cannot do without (`requires`). */
export type LiveNeed = "elicit" | "sample" | "roots";

/** The needs an action may declare, in their order. */
export const LIVE_NEEDS: readonly LiveNeed[] = Object.freeze(["elicit", "sample", "roots"]);

/** Which live capabilities reach someone on this call. */
export interface LiveSupport {
  readonly progress: boolean;
  readonly log: boolean;
  readonly elicit: boolean;
  readonly sample: boolean;
  readonly roots: boolean;
}
