/**
 * The live half of a call context: `ctx.progress`, `ctx.notify`, `ctx.elicit`, `ctx.sample` and
 * `ctx.supports`, over the channel the caller passed in `CallOptions.live`. Built the first time a
 * body touches one of them — most calls never do, and pay nothing. Every argument is checked here,
 * the same on every transport, so a mistake shows in a direct call's test before it ships; a
 * channel (transport code) that throws on progress or a log is reported, never fails the call.
 */
import type { Fields } from "../action/fields.js";
import {
  LOG_LEVELS,
  type AskOptions,
  type ElicitAnswer,
  type Elicited,
  type LiveChannel,
  type LiveSampleRequest,
  type LiveSupport,
  type Rooted,
  type LogLevel,
  type SampleMessage,
  type SampleRequest,
  type Sampled,
} from "../action/live.js";
import type { ActionContext, CallOptions } from "../action/types.js";
import { elicitFields, validateAnswer } from "./elicit-form.js";
import { reportException } from "../options/global.js";

const LEVELS: ReadonlySet<string> = new Set(LOG_LEVELS);
const UNAVAILABLE = Object.freeze({ action: "unavailable" as const });
const NOTHING: LiveChannel = Object.freeze({});

function describe(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === "number") return String(value);
  return value === null ? "null" : Array.isArray(value) ? "an array" : typeof value;
}

export class LiveState {
  #channel: LiveChannel | undefined;
  #source: CallOptions["live"];
  #last = -Infinity;
  #supports: LiveSupport | undefined;

  constructor(
    private readonly action: string,
    source: CallOptions["live"],
    private readonly signal: () => AbortSignal,
  ) {
    this.#source = source;
  }

  /** The caller's channel, resolved on first use (a function is called once). */
  private channel(): LiveChannel {
    if (this.#channel === undefined) {
      const source = this.#source;
      const resolved = typeof source === "function" ? source() : source;
      this.#channel = typeof resolved === "object" && resolved !== null ? resolved : NOTHING;
      this.#source = undefined;
    }
    return this.#channel;
  }

  get supports(): LiveSupport {
    if (this.#supports === undefined) {
      const channel = this.channel();
      this.#supports = Object.freeze({
        progress: typeof channel.progress === "function",
        log: typeof channel.log === "function",
        elicit: typeof channel.elicit === "function",
        sample: typeof channel.sample === "function",
        roots: typeof channel.roots === "function",
      });
    }
    return this.#supports;
  }

  /** The channel's count of answers the body starts with; a channel that says nothing sensible has none. */
  get answered(): number {
    const answered = this.channel().answered;
    return typeof answered === "number" && Number.isSafeInteger(answered) && answered > 0 ? answered : 0;
  }

  readonly progress = (done: number, total?: number, message?: string): void => {
    const where = `${this.action}: ctx.progress(done, total?, message?)`;
    if (typeof done !== "number" || !Number.isFinite(done))
      throw new TypeError(`${where}: done must be a finite number, got ${describe(done)}`);
    if (total !== undefined && (typeof total !== "number" || !Number.isFinite(total) || total < 0)) {
      throw new TypeError(`${where}: total must be a finite number ≥ 0 when given, got ${describe(total)}`);
    }
    if (message !== undefined && typeof message !== "string")
      throw new TypeError(`${where}: message must be a string when given, got ${describe(message)}`);
    // The protocols want progress to grow; a repeat or a step back is dropped here, once for all.
    if (done <= this.#last) return;
    this.#last = done;
    const channel = this.channel();
    if (channel.progress === undefined) return;
    const update =
      total === undefined
        ? message === undefined
          ? { progress: done }
          : { progress: done, message }
        : message === undefined
          ? { progress: done, total }
          : { progress: done, total, message };
    try {
      channel.progress(update);
    } catch (error) {
      reportException(error, { action: this.action, phase: "live progress" });
    }
  };

  readonly notify = (level: LogLevel, data: unknown, logger?: string): void => {
    const where = `${this.action}: ctx.notify(level, data, logger?)`;
    if (typeof level !== "string" || !LEVELS.has(level))
      throw new TypeError(`${where}: level must be one of ${LOG_LEVELS.join(", ")}, got ${describe(level)}`);
    if (logger !== undefined && typeof logger !== "string")
      throw new TypeError(`${where}: logger must be a string when given, got ${describe(logger)}`);
    const channel = this.channel();
    if (channel.log === undefined) return;
    try {
      channel.log({ level, data, logger: logger ?? this.action });
    } catch (error) {
      reportException(error, { action: this.action, phase: "live log" });
    }
  };

  readonly elicit = async <F extends Fields>(
    message: string,
    fields: F,
    options?: AskOptions,
  ): Promise<Elicited<never>> => {
    if (typeof message !== "string" || message.trim() === "") {
      throw new TypeError(
        `${this.action}: ctx.elicit(message, fields): message must be a non-empty string saying what is asked, got ${describe(message)}`,
      );
    }
    const read = elicitFields(this.action, fields);
    const key = askKey(this.action, "ctx.elicit(message, fields, options)", options);
    const channel = this.channel();
    if (channel.elicit === undefined) return UNAVAILABLE;
    const asked =
      key === undefined ? { message, requestedSchema: read.form } : { message, requestedSchema: read.form, key };
    const answer: ElicitAnswer = await channel.elicit(asked, this.signal());
    switch (answer?.action) {
      case "accept":
        return { action: "accept", content: validateAnswer(this.action, read, answer.content ?? {}) as never };
      case "decline":
      case "cancel":
      case "unavailable":
        return { action: answer.action };
      default:
        throw new TypeError(
          `${this.action}: ctx.elicit: the live channel answered ${typeof answer === "object" && answer !== null ? `action ${describe((answer as { action?: unknown }).action)}` : describe(answer)}; expected accept, decline, cancel or unavailable`,
        );
    }
  };

  readonly sample = async (request: SampleRequest, options?: AskOptions): Promise<Sampled> => {
    const normalized = checkSampleRequest(this.action, request);
    const key = askKey(this.action, "ctx.sample(request, options)", options);
    const channel = this.channel();
    if (channel.sample === undefined) return UNAVAILABLE;
    return channel.sample(key === undefined ? normalized : { ...normalized, key }, this.signal());
  };

  readonly roots = async (options?: AskOptions): Promise<Rooted> => {
    const key = askKey(this.action, "ctx.roots(options)", options);
    const channel = this.channel();
    if (channel.roots === undefined) return UNAVAILABLE;
    const roots = await channel.roots(this.signal(), key);
    if (!Array.isArray(roots) || !roots.every((root) => typeof root?.uri === "string"))
      throw new TypeError(
        `${this.action}: ctx.roots: the live channel answered ${describe(roots)}; expected a list of { uri, name? }`,
      );
    return {
      action: "reply",
      roots: roots.map((root) => (root.name === undefined ? { uri: root.uri } : { uri: root.uri, name: root.name })),
    };
  };
}

const KEY = /^[A-Za-z0-9_.-]{1,64}$/;

/** A question's key, checked: what a transport may send as a name. */
function askKey(action: string, where: string, options: AskOptions | undefined): string | undefined {
  if (options === undefined) return undefined;
  if (typeof options !== "object" || options === null)
    throw new TypeError(
      `${action}: ${where}: options must be an object such as { key: "user_name" }, got ${describe(options)}`,
    );
  const { key } = options;
  if (key === undefined) return undefined;
  if (typeof key !== "string" || !KEY.test(key))
    throw new TypeError(
      `${action}: ${where}: options.key must be 1 to 64 letters, digits, "_", "-" or ".", got ${describe(key)}`,
    );
  return key;
}

function checkSampleRequest(action: string, request: SampleRequest): LiveSampleRequest {
  const where = `${action}: ctx.sample(request)`;
  if (typeof request !== "object" || request === null)
    throw new TypeError(`${where}: request must be an object with messages and maxTokens`);
  const { messages, maxTokens } = request;
  if (!Number.isSafeInteger(maxTokens) || maxTokens <= 0)
    throw new TypeError(`${where}: maxTokens must be a whole number above 0, got ${describe(maxTokens)}`);
  let list: readonly SampleMessage[];
  if (typeof messages === "string") {
    if (messages === "") throw new TypeError(`${where}: messages must not be empty`);
    list = [{ role: "user", content: messages }];
  } else if (Array.isArray(messages) && messages.length > 0) {
    messages.forEach((message: SampleMessage, i) => {
      if (
        typeof message !== "object" ||
        message === null ||
        (message.role !== "user" && message.role !== "assistant")
      ) {
        throw new TypeError(`${where}: messages[${i}] must be { role: "user" | "assistant", content }`);
      }
      const content = message.content as unknown;
      const media =
        typeof content === "object" && content !== null
          ? (content as { type?: unknown; data?: unknown; mimeType?: unknown })
          : undefined;
      const ok =
        typeof content === "string" ||
        (media !== undefined &&
          (media.type === "image" || media.type === "audio") &&
          typeof media.data === "string" &&
          typeof media.mimeType === "string");
      if (!ok)
        throw new TypeError(
          `${where}: messages[${i}].content must be text, or an image or audio value ({ type, mimeType, data as base64 })`,
        );
    });
    list = messages;
  } else throw new TypeError(`${where}: messages must be a string or a non-empty list of messages`);
  return { ...request, messages: list };
}

/** The live half of a call context: what `liveContext` gives code that is not an action's body. */
export type LiveContext = Pick<
  ActionContext<never>,
  "progress" | "notify" | "elicit" | "sample" | "roots" | "supports" | "answered"
>;

/**
 * The live half of a call context for app code that runs on a transport's request but is not an
 * action — an MCP prompt's `messages`, say: `ctx.elicit`, `ctx.sample`, `ctx.roots` with the same
 * checks and answers as an action's (an elicited answer validated against the fields, `unavailable`
 * where the channel cannot ask). `owner` names the code in error messages.
 */
export function liveContext(owner: string, channel: LiveChannel | undefined, signal: AbortSignal): LiveContext {
  const state = new LiveState(owner, channel, () => signal);
  return {
    progress: state.progress,
    notify: state.notify,
    elicit: state.elicit as LiveContext["elicit"],
    sample: state.sample,
    roots: state.roots,
    get supports() {
      return state.supports;
    },
    get answered() {
      return state.answered;
    },
  };
}
