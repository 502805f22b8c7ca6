/**
 * `ctx.elicit` inside a LangGraph run that can pause — a graph with a checkpointer, such as
 * `createAgent({ model, tools, checkpointer })` or a `StateGraph` with a `ToolNode`. The question
 * becomes a LangGraph interrupt: the run stops with `__interrupt__` carrying an
 * {@link AxnInterrupt}, the caller asks its user and resumes with `new Command({ resume: answer })`,
 * and LangGraph runs the tool again — the body runs again from the start, and each question it asked
 * before resolves at once with its resume value, in order (LangGraph's own rule for several
 * `interrupt()` calls in one node). The runtime validates the answer against the form, as on every
 * transport.
 *
 * The body is not left hanging at its question: the question never settles, the tool stops waiting
 * (call-action.ts aborts the body's `ctx.signal` with {@link INTERRUPTED_REASON}) and throws the
 * graph's interrupt, so no `try`/`catch` in the body can swallow it. Outside such a run (a bare
 * `tool.invoke`, a graph without a checkpointer) there is nothing to resume, and `ctx.elicit` stays
 * `unavailable`.
 *
 * `@langchain/langgraph` is an optional peer: it is loaded only here, on a question asked inside a
 * graph — which has loaded it already — so a tool used without LangGraph never imports it.
 */
import {
  answerGiven,
  type ElicitAnswer,
  type ElicitForm,
  type ElicitRequest,
  type GivenAnswer,
  type LiveChannel,
} from "@axn/core";
import { AsyncLocalStorageProviderSingleton } from "@langchain/core/singletons";
import type { ToolRunnableConfig } from "@langchain/core/tools";

/** The `value` of the interrupt a question raises (what `__interrupt__[i].value` holds). */
export interface AxnInterrupt {
  /** What is asked: a form for the user to fill (`ctx.elicit`). */
  readonly kind: "elicit";
  readonly message: string;
  /** The form, as JSON Schema: a flat object of primitive fields (docs/actions.md, "Live capabilities"). */
  readonly requestedSchema: ElicitForm;
  /** The body's name for the question (`ctx.elicit(…, { key })`), when it gave one. */
  readonly key?: string;
  /** The tool that asked, and the model's tool call. */
  readonly tool: string;
  readonly toolCallId?: string;
}

/** What `new Command({ resume })` may carry for an {@link AxnInterrupt}: core's {@link GivenAnswer}. */
export type AxnResume = GivenAnswer;

/** The reason a body's `ctx.signal` aborts with when its question pauses the graph. */
export const INTERRUPTED_REASON =
  "interrupted: the graph paused for the user's answer and runs the tool again on resume";

/** The parts of LangGraph's per-task scratchpad read here (`config.configurable.__pregel_scratchpad`). */
interface Scratchpad {
  readonly resume?: unknown;
  readonly nullResume?: unknown;
}

type LangGraph = typeof import("@langchain/langgraph/web");
let langgraph: Promise<LangGraph> | undefined;

/** The graph's own package; the run is one, so only a layout that hides it from this plugin fails here. */
function loadLangGraph(): Promise<LangGraph> {
  return import("@langchain/langgraph/web").catch(() => {
    langgraph = undefined;
    throw new Error(
      "axn-plugin-langchain: an action asked a question inside a LangGraph run, but @langchain/langgraph cannot be imported from axn-plugin-langchain: run `npm install @langchain/langgraph` in the app",
    );
  });
}

export class GraphQuestions {
  /** The questions of a tool call, when it runs inside a graph that can pause; else `undefined`. */
  static of(config: ToolRunnableConfig, tool: string): GraphQuestions | undefined {
    const configurable = config.configurable as Record<string, unknown> | undefined;
    const scratchpad = configurable?.__pregel_scratchpad as Scratchpad | undefined;
    // `interrupt()` refuses to run without a checkpointer: nothing could resume the run.
    if (configurable?.__pregel_checkpointer === undefined || typeof scratchpad !== "object" || scratchpad === null)
      return undefined;
    return new GraphQuestions(config, tool, scratchpad);
  }

  /** Resume values this run of the task starts with: the answers of the questions asked before. */
  readonly answered: number;
  #raised: unknown;
  #wake: (() => void) | undefined;
  /** Settles once a question paused the graph; {@link raised} is then the interrupt to throw. */
  readonly needed: Promise<void>;

  private constructor(
    private readonly config: ToolRunnableConfig,
    private readonly tool: string,
    scratchpad: Scratchpad,
  ) {
    // Read before any question: answering one moves the pending (null) resume into the list.
    const resumed = Array.isArray(scratchpad.resume) ? scratchpad.resume.length : 0;
    this.answered = resumed + (scratchpad.nullResume === undefined ? 0 : 1);
    this.needed = new Promise<void>((resolve) => {
      this.#wake = resolve;
    });
  }

  /** The interrupt the first unanswered question raised. */
  get raised(): unknown {
    return this.#raised;
  }

  /** A live channel that asks through the graph, beside the run's events (progress, logs). */
  channel(events: LiveChannel | undefined): LiveChannel {
    const elicit = (request: ElicitRequest): Promise<ElicitAnswer> => this.#ask(request);
    if (events === undefined) return { answered: this.answered, elicit };
    return {
      answered: this.answered,
      elicit,
      progress: (update) => events.progress?.(update),
      log: (entry) => events.log?.(entry),
    };
  }

  async #ask(request: ElicitRequest): Promise<ElicitAnswer> {
    const { interrupt, isGraphInterrupt } = await (langgraph ??= loadLangGraph());
    const id = this.config.toolCall?.id;
    const value: AxnInterrupt = {
      kind: "elicit",
      message: request.message,
      requestedSchema: request.requestedSchema,
      ...(request.key === undefined ? {} : { key: request.key }),
      tool: this.tool,
      ...(id === undefined ? {} : { toolCallId: id }),
    };
    let resume: unknown;
    try {
      // `interrupt` reads the task from the async context: run it under this tool call's config,
      // whatever context the body's own awaits left behind.
      resume = AsyncLocalStorageProviderSingleton.runWithConfig(this.config, () =>
        interrupt(value, { responseSchema: request.requestedSchema }),
      );
    } catch (error) {
      if (!isGraphInterrupt(error)) throw error;
      // The first unanswered question pauses the graph; any asked with it comes on the next resume.
      if (this.#raised === undefined) {
        this.#raised = error;
        this.#wake?.();
      }
      return new Promise<never>(() => undefined);
    }
    return answerGiven(resume);
  }
}
