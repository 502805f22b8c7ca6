/**
 * The actions the suite wraps. Each isolates one behaviour: an echo of the query, the optional
 * `limit` and the trusted ambient user (naming, schema, coercion, input errors, ambient handling,
 * concurrency); one with a per-adapter name override; one presented as its message; a business
 * failure; an exception whose message must never reach the client; two results that cannot be
 * rendered to JSON (a cycle, a lone surrogate); an opaque value with and without a per-action
 * `rejectOpaqueExposedValues: true`; one only an authenticated caller may call, counting the
 * times its body ran; and one that uses every live capability of its call context.
 *
 * They are defined after the plugin loaded (a `tool` or `configure` bag names the adapter key, which
 * must be registered by then), and are members of the adapter key, so `tools()` serves them: run
 * the suite in a spec that resets the catalog around it (`resetKernel`), as the plugin specs do.
 */
import { PRINCIPAL_AMBIENT_KEY, type AnyAxn, type AxnPrincipal } from "@axn/core";
import { z } from "zod";
import type { ProbeSchemas } from "./driver.js";
import { buildAxn } from "../testing/build-axn.js";

/**
 * The ambient field the echo probe declares (the conventional one, so an adapter that maps its
 * session to `{ userId }` can deliver it); it must never appear in an advertised schema.
 */
export const AMBIENT_FIELD = "userId";
export const FAILURE_HEADLINE = "Conformance probe refused";
export const FAILURE_REASON = "the widget is locked";
export const EXCEPTION_HEADLINE = "Conformance probe crashed";
/** The message of the exception the crashing probe throws: a client must never see it. */
export const SECRET_MESSAGE = "secret internals";
/** Queries starting with this make the echo probe wait, so two calls overlap. */
export const SLOW_PREFIX = "slow:";
/** The signed-in caller the suite calls tools for. */
export const CONFORMANCE_PRINCIPAL: AxnPrincipal = Object.freeze({ id: "conformance-user" });
/** The `serve.callTimeoutMs` the overrunning probe declares for itself. */
export const PROBE_TIMEOUT_MS = 100;
/**
 * How long a probe that waits (for its signal, or to be released) waits at most: a bound that only
 * guards a hang, so an adapter that never cancels or never answers fails instead of holding the suite.
 */
export const PROBE_PATIENCE_MS = 5_000;

/** A probe body that waits: started, then ends when released (or its patience runs out), saying whether its signal aborted. */
export interface Waiter {
  /** Resolves when the latest call's body started. */
  started(): Promise<void>;
  /** Resolves when the latest call's body ended: `"aborted"` when its signal aborted first. */
  ended(): Promise<"aborted" | "released" | "patience">;
  /** Ends the latest call's body (the overrunning probe ignores its signal until then). */
  release(): void;
  /** How many times the body ran. */
  runs(): number;
}

/** A promise and its resolve (Node 20 has no `Promise.withResolvers`). */
function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

function waiter(): Waiter & { run(signal: AbortSignal | undefined, honoursSignal: boolean): Promise<void> } {
  let runs = 0;
  let started = deferred<void>();
  let ended = deferred<"aborted" | "released" | "patience">();
  let release = (): void => undefined;
  return {
    started: () => started.promise,
    ended: () => ended.promise,
    release: () => release(),
    runs: () => runs,
    async run(signal, honoursSignal) {
      runs++;
      const done = ended;
      started.resolve();
      const outcome = await new Promise<"aborted" | "released" | "patience">((resolve) => {
        const timer = setTimeout(() => resolve("patience"), PROBE_PATIENCE_MS);
        release = () => resolve("released");
        if (honoursSignal) {
          if (signal?.aborted) resolve("aborted");
          signal?.addEventListener("abort", () => resolve("aborted"), { once: true });
        }
        void done.promise.then(() => clearTimeout(timer));
      });
      done.resolve(outcome);
      // The next call waits afresh.
      started = deferred<void>();
      ended = deferred<"aborted" | "released" | "patience">();
    },
  };
}

/** What the opaque probes expose: a class instance with no declared rendering (no `toJSON`). */
class ConformanceOpaqueAmount {
  readonly amount = 3;
}

export interface Probes {
  readonly echo: AnyAxn;
  /** Declares `tool: { <key>: { name: renamedName } }`. */
  readonly renamed: AnyAxn;
  readonly renamedName: string;
  /** Declares `configure: { <key>: { presentAs: "message" } }` (only when the adapter has the setting). */
  readonly presentedAsMessage: AnyAxn | undefined;
  readonly failing: AnyAxn;
  readonly crashing: AnyAxn;
  readonly cyclic: AnyAxn;
  readonly surrogate: AnyAxn;
  /** Exposes an opaque value and declares `configure: { <key>: { rejectOpaqueExposedValues: true } }`. */
  readonly opaqueRefused: AnyAxn | undefined;
  /** Exposes an opaque value, with no override. */
  readonly opaqueRendered: AnyAxn;
  /** Declares `access: "authenticated"`: a call with no principal must be refused before it runs. */
  readonly guarded: AnyAxn;
  /** How many times the guarded probe's body ran. */
  readonly guardedRuns: () => number;
  /** Reports progress, logs to the client, asks the user and the client's model; exposes what the two questions answered. */
  readonly live: AnyAxn;
  /** Waits until its signal aborts (the cancellation check). */
  readonly cancellable: AnyAxn;
  readonly cancellableBody: Waiter;
  /** Declares `configure: { serve: { callTimeoutMs: PROBE_TIMEOUT_MS } }` and ignores its signal until released. */
  readonly overrunning: AnyAxn;
  readonly overrunningBody: Waiter;
  /** Exposes the trusted principal's id, as the action reads it from the ambient context. */
  readonly whoami: AnyAxn;
  /** The principal id (or `"anonymous"`) of each call the whoami probe's body ran for. */
  readonly whoamiSeen: () => readonly string[];
}

/** The default probe schemas: zod 4, what `npm i zod` installs. */
export const ZOD_PROBE_SCHEMAS: ProbeSchemas = {
  label: "zod 4",
  string: () => z.string(),
  positiveInt: () => z.number().int().min(1),
  unknown: () => z.unknown(),
};

export interface ProbeOptions {
  /** The adapter key the probes are members of. */
  readonly key: string;
  /** The adapter declares an overridable `presentAs`. */
  readonly presentAs: boolean;
  /** The adapter declares an overridable `rejectOpaqueExposedValues`. */
  readonly rejectOpaque: boolean;
}

/** How many probe sets each suite name has built in this process. */
const built = new Map<string, number>();

export function buildProbes(suite: string, schemas: ProbeSchemas, options: ProbeOptions): Probes {
  // Names derive from the suite's (and a count, for a suite name used again), never from a process-wide
  // counter, so failure messages read the same however many actions other specs defined first; two
  // suites in one process never share an action or a tool name.
  const slug = suite.replace(/[^A-Za-z0-9]+/g, "_").replace(/^_+|_+$/g, "");
  const count = (built.get(slug) ?? 0) + 1;
  built.set(slug, count);
  const base = `Conformance.${slug}${count === 1 ? "" : `_${count}`}.`;
  const name = (probe: string): string => `${base}${probe}`;
  const { key } = options;
  const member = [key] as never;
  const bag = (settings: Record<string, unknown>) => ({ [key]: settings }) as never;

  const echo = buildAxn({
    name: name("EchoProbe"),
    description: "Conformance probe: echoes its query and the trusted user",
    tool: member,
    expects: {
      query: { schema: schemas.string(), description: "Text to echo" },
      limit: { schema: schemas.positiveInt(), optional: true },
      [AMBIENT_FIELD]: { schema: schemas.string(), on: "ambientContext", optional: true },
    },
    exposes: {
      echo: schemas.string(),
      user: schemas.string(),
      limit: { schema: schemas.positiveInt(), optional: true },
    },
    messages: { success: ({ echo, user }) => `echo ${String(echo)} for ${String(user)}` },
    call: async (input) => {
      const query = input.query as string;
      const user = input[AMBIENT_FIELD] as string | undefined;
      if (query.startsWith(SLOW_PREFIX)) await new Promise((resolve) => setTimeout(resolve, 30));
      return { echo: query, user: user ?? "anonymous", ...(input.limit === undefined ? {} : { limit: input.limit }) };
    },
  });

  const renamedAction = name("RenamedProbe");
  const renamedName = `renamed_${count === 1 ? "" : `${count}_`}${slug.toLowerCase()}`;
  const renamed = buildAxn({
    name: renamedAction,
    description: "Conformance probe: declares a per-adapter tool name",
    tool: bag({ name: renamedName }),
    expects: { query: schemas.string() },
    exposes: { echo: schemas.string() },
    call: ({ query }) => ({ echo: query as string }),
  });

  const presentedAsMessage = options.presentAs
    ? buildAxn({
        name: name("MessageProbe"),
        description: "Conformance probe: presented as its message",
        configure: bag({ presentAs: "message" }),
        expects: { query: schemas.string() },
        exposes: { echo: schemas.string() },
        messages: { success: ({ echo }) => `presented ${String(echo)} as a message` },
        call: ({ query }) => ({ echo: query as string }),
      })
    : undefined;

  const failing = buildAxn({
    name: name("FailingProbe"),
    description: "Conformance probe: always fails with a business reason",
    messages: { error: FAILURE_HEADLINE },
    call: (_input, { fail }) => fail(FAILURE_REASON),
  });

  const crashing = buildAxn({
    name: name("CrashingProbe"),
    description: "Conformance probe: its body throws",
    tool: member,
    messages: { error: EXCEPTION_HEADLINE },
    call: () => {
      throw new Error(SECRET_MESSAGE);
    },
  });

  const cyclic = buildAxn({
    name: name("CyclicProbe"),
    description: "Conformance probe: exposes a value that contains itself",
    exposes: { data: schemas.unknown() },
    call: () => {
      const data: { self?: unknown } = {};
      data.self = data;
      return { data };
    },
  });

  const surrogate = buildAxn({
    name: name("SurrogateProbe"),
    description: "Conformance probe: exposes a string with a lone surrogate",
    exposes: { text: schemas.string() },
    call: () => ({ text: "broken \uD800 text" }),
  });

  const opaqueRefused = options.rejectOpaque
    ? buildAxn({
        name: name("OpaqueRefusedProbe"),
        description: "Conformance probe: exposes an opaque value and refuses opaque values",
        configure: bag({ rejectOpaqueExposedValues: true }),
        exposes: { data: schemas.unknown() },
        call: () => ({ data: new ConformanceOpaqueAmount() }),
      })
    : undefined;

  const opaqueRendered = buildAxn({
    name: name("OpaqueRenderedProbe"),
    description: "Conformance probe: exposes an opaque value",
    exposes: { data: schemas.unknown() },
    call: () => ({ data: new ConformanceOpaqueAmount() }),
  });

  const live = buildAxn({
    name: name("LiveProbe"),
    description: "Conformance probe: reports progress, logs to the client, asks the user and the client's model",
    exposes: { asked: schemas.string(), sampled: schemas.string() },
    call: async (_input, { progress, notify, elicit, sample }) => {
      progress(1, 2, "asking");
      notify("info", "conformance live probe");
      const asked = await elicit("Conformance probe: any name?", { name: schemas.string() });
      const sampled = await sample({ messages: "Conformance probe: say hi", maxTokens: 5 });
      progress(2, 2, "done");
      return { asked: asked.action, sampled: sampled.action };
    },
  });

  const cancellableBody = waiter();
  const cancellable = buildAxn({
    name: name("CancellableProbe"),
    description: "Conformance probe: runs until its call is cancelled",
    tool: member,
    call: async (_input, { signal }) => {
      await cancellableBody.run(signal, true);
    },
  });

  const overrunningBody = waiter();
  const overrunning = buildAxn({
    name: name("OverrunningProbe"),
    description: "Conformance probe: ignores its signal and runs past its timeout",
    tool: member,
    configure: { serve: { callTimeoutMs: PROBE_TIMEOUT_MS } } as never,
    call: async () => {
      await overrunningBody.run(undefined, false);
    },
  });

  const whoamiSeen: string[] = [];
  const whoami = buildAxn({
    name: name("WhoamiProbe"),
    description: "Conformance probe: says who the trusted principal is",
    tool: member,
    expects: { [PRINCIPAL_AMBIENT_KEY]: { schema: schemas.unknown(), on: "ambientContext", optional: true } },
    exposes: { principal: schemas.string() },
    call: (input) => {
      const principal = input[PRINCIPAL_AMBIENT_KEY] as { id?: unknown } | undefined;
      const id = typeof principal?.id === "string" ? principal.id : "anonymous";
      whoamiSeen.push(id);
      return { principal: id };
    },
  });

  let guardedRuns = 0;
  const guarded = buildAxn({
    name: name("GuardedProbe"),
    description: "Conformance probe: only an authenticated caller may call it",
    tool: member,
    access: "authenticated",
    call: () => void guardedRuns++,
  });

  return {
    echo,
    renamed,
    renamedName,
    presentedAsMessage,
    failing,
    crashing,
    cyclic,
    surrogate,
    opaqueRefused,
    opaqueRendered,
    guarded,
    guardedRuns: () => guardedRuns,
    live,
    cancellable,
    cancellableBody,
    overrunning,
    overrunningBody,
    whoami,
    whoamiSeen: () => whoamiSeen,
  };
}
