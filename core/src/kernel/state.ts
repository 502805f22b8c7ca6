/**
 * The kernel state: every process-wide registry of @axn/core — the action catalog, the active host
 * and the result sink it installed, the adapter list, the extension vocabulary, every package's
 * configurable, the tool registry's grants and module origins, the global options, the
 * deprecators — in one object on `globalThis` under `Symbol.for("axn.kernel")`, with one reset
 * (`resetKernel`). Nothing else in core keeps process state; per-call state is in the two
 * `AsyncLocalStorage`s the object also holds (see context/execution.ts).
 *
 * One key, so a second copy of @axn/core in the process (an `npm link`ed plugin, a sibling package
 * with its own install) is noticed the moment it loads: it joins this object when it can read it
 * (the same layout, `KERNEL_SHAPE`, and the same release line), and otherwise refuses to load with
 * an error naming both copies — never a second, silently empty registry.
 *
 * @example
 * ```ts
 * import { kernel } from "./state.js";
 * kernel.catalog.actions;        // every defined action, in definition order
 * kernel.copies;                 // [{ path: "/app/node_modules/@axn/core", version: "0.1.0" }]
 * ```
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ActionInternals } from "../action/internals.js";
import type { Result } from "../action/result.js";
import type { AnyAxn, AxnDefinition } from "../action/types.js";
import type { EnqueueOptions, JobHandle } from "../action/job.js";
import type { Fields } from "../action/fields.js";
import type { LiveChannel } from "../action/live.js";
import type { JsonValue } from "../schema/json-schema-types.js";
import type { AxnGlobalOptions } from "../options/types.js";
import { AxnError } from "../errors/axn-error.js";
import { ErrorCodes } from "../errors/codes.js";

/** This copy's version (the package's `VERSION`). */
export const CORE_VERSION = "0.1.0";

/**
 * The layout of {@link KernelState}. Bump it with any change to the object's fields or to what
 * they hold: a copy built against another layout must refuse to join rather than misread it.
 */
export const KERNEL_SHAPE = 4;

const KERNEL_KEY = Symbol.for("axn.kernel");

/** One copy of @axn/core loaded into the process. */
export interface KernelCopy {
  /** The package folder it loaded from. */
  readonly path: string;
  readonly version: string;
}

/** Where an adapter's tool roots come from (an adapter's config, usually through `toolRootsDefault`). */
export interface ToolRootsSource {
  toolRoots(): readonly string[];
}

/** One registered adapter: the one list both the host's registrar and `Tools.registerAdapter` write. */
export interface RegisteredAdapter {
  readonly key: string;
  readonly configSource: ToolRootsSource | undefined;
  /** The plugin whose tap registered it (`undefined` for `Tools.registerAdapter`). */
  readonly plugin: string | undefined;
}

/** The active host as the kernel sees it (host/host.ts owns the rest of it). */
interface KernelHost {
  readonly phase: "load" | "run";
}

/** Receives every finished call's result: installed by the host, called by the runtime. */
export type ResultSink = (result: Result<Record<string, unknown>>, action: AnyAxn) => void;

/**
 * A package's configurable as the kernel sees it: the internal face each `Configurable` builds for
 * itself (config/configurable-internals.ts owns the rest of it).
 */
export interface KernelConfigurable {
  readonly owner: string;
  readonly namespace: string | undefined;
  /** Checks one action's per-action bag for this namespace; throws for a bad value. */
  validateAction(action: AnyAxn): void;
  /** The host finished loading: the setting list is final. */
  seal(): void;
  /** Back to its defaults and open for declarations (a reset). */
  reopen(): void;
}

/** Where a tool-root module put an action: its path under the root, as a qualified name. */
export interface ModuleOrigin {
  /** The module under a tool root that defined the action. */
  readonly file: string;
  readonly root: string;
  /** The name its path gives the action; `undefined` when the module exports other actions too. */
  readonly qualifiedName: string | undefined;
}

interface CatalogState {
  /** Every defined (non-factory) action, in definition order. */
  readonly actions: AnyAxn[];
  /** Bumped on every change; caches key on it. */
  version: number;
  /** The next action id (definition order, process-wide). */
  nextId: number;
  /** Each action's definition, for the `extends` chain of actions defined later. */
  readonly definitions: WeakMap<ActionInternals, AxnDefinition<Fields, Fields>>;
}

interface ExtensionState {
  /** Registered semantic hints (core's own are not stored) → the plugin that registered each. */
  readonly hints: Map<string, string>;
  /** Registered field-metadata keys → owner. */
  readonly metadataKeys: Map<string, string>;
  /** True once the host finished loading: the vocabulary is final. */
  frozen: boolean;
}

interface ToolsState {
  /** Directory grants: action → adapter keys whose root holds the module it was exported from. */
  grants: WeakMap<ActionInternals, Set<string>>;
  /** Where discovery found each action (its tool name derives from it). */
  origins: WeakMap<ActionInternals, ModuleOrigin>;
  /** Roots already imported, by absolute path. */
  loadedRoots: Set<string>;
  projectRoot: string;
  importer: (path: string) => Promise<Record<string, unknown>>;
  /** Bumped when adapters or grants change; with the catalog's version it stamps the cache. */
  version: number;
  cache: Map<string, { readonly stamp: string; readonly members: readonly AnyAxn[] }>;
  /** The "called before discovery was complete" warning was given. */
  warned: boolean;
  /** Actions whose declared adapter keys were checked against the final adapter list. */
  checkedDeclarations: WeakSet<ActionInternals>;
}

/** A queue backend as the kernel sees it (core/src/queue owns the rest of it). */
interface KernelQueueBackend {
  readonly kind: string;
  close(): Promise<void>;
}

/** How a body that asks runs once (`AskingRunner`'s `run`): with this channel and signal, to its Result. */
type AskingRun = (live: LiveChannel, signal: () => AbortSignal) => Promise<Result<Record<string, unknown>>>;

/**
 * Runs one attempt of a job whose body may ask (`JobPayload.asking`): the transport's rounds engine,
 * installed with `Jobs.askWith` in every process that runs such jobs (the plugin that submits them
 * installs it when it loads). It gives the body a channel whose questions are answered from `asking`
 * (and whose progress and logs go to `live`), and resolves with the body's result — or, when the
 * body asked something `asking` holds no answer for, with what `SettledJob.asked` stores.
 */
export type AskingRunner = (
  asking: JsonValue,
  live: LiveChannel | undefined,
  signal: (() => AbortSignal) | undefined,
  run: AskingRun,
) => Promise<{ readonly result: Result<Record<string, unknown>> } | { readonly asked: JsonValue }>;

/** Background calls: how an action enqueues, and where its jobs go. */
interface KernelQueue {
  /** Enqueues one call; installed by core/src/queue as it loads, so the runtime never imports it. */
  enqueue: ((action: AnyAxn, args: unknown, options: EnqueueOptions | undefined) => Promise<JobHandle>) | undefined;
  /** Where jobs go: installed by the app's config, else the embedded queue on first use. */
  backend: KernelQueueBackend | undefined;
  /**
   * Runs the jobs whose body may ask (`JobPayload.asking`): the rounds engine of the plugin that
   * submits them, installed with `Jobs.askWith` when it loads. Code, not a load's state: a reset keeps it.
   */
  asking: AskingRunner | undefined;
}

export interface KernelState {
  /** The layout every copy sharing the object agreed on ({@link KERNEL_SHAPE}). */
  readonly shape: number;
  /** Every copy of @axn/core sharing this state, the first one first. */
  readonly copies: KernelCopy[];
  readonly catalog: CatalogState;
  /** The active host (one per process). */
  host: KernelHost | undefined;
  /** Where the runtime reports each finished result; `undefined` while nothing observes. */
  resultSink: ResultSink | undefined;
  /** Registered adapters, in registration order. */
  readonly adapters: Map<string, RegisteredAdapter>;
  readonly extensions: ExtensionState;
  readonly configurables: {
    /** Namespace (`"mcp"`) → the configurable that owns it. */
    readonly byNamespace: Map<string, KernelConfigurable>;
    /** Every configurable created, namespaced or not: the public object → its internal face. */
    readonly every: Map<object, KernelConfigurable>;
  };
  tools: ToolsState;
  /** What `configureAxn` set (defaults apply to the rest). */
  options: AxnGlobalOptions;
  /** Every package's deprecator, by package name (tracing/deprecator.ts owns their type). */
  readonly deprecators: Map<string, object>;
  /** Errors already sent to `onException`: one fault, one report, however many layers rethrow it. */
  readonly reported: WeakSet<object>;
  readonly queue: KernelQueue;
  /**
   * The two `AsyncLocalStorage`s per-execution state lives in (context/execution.ts owns their
   * contents): shared, so an ambient context set through one copy of @axn/core is the one an
   * action defined through another copy sees. They hold no process state themselves.
   */
  readonly execution: { readonly actions: AsyncLocalStorage<unknown>; readonly ambient: AsyncLocalStorage<unknown> };
}

/** Native `import()`: loads `.ts` modules when the process runs under a TypeScript loader. */
function defaultImporter(path: string): Promise<Record<string, unknown>> {
  return import(pathToFileURL(path).href) as Promise<Record<string, unknown>>;
}

function freshTools(): ToolsState {
  return {
    grants: new WeakMap(),
    origins: new WeakMap(),
    loadedRoots: new Set(),
    projectRoot: process.cwd(),
    importer: defaultImporter,
    version: 0,
    cache: new Map(),
    warned: false,
    checkedDeclarations: new WeakSet(),
  };
}

function createKernel(copy: KernelCopy): KernelState {
  return {
    shape: KERNEL_SHAPE,
    copies: [copy],
    catalog: { actions: [], version: 0, nextId: 1, definitions: new WeakMap() },
    host: undefined,
    resultSink: undefined,
    adapters: new Map(),
    extensions: { hints: new Map(), metadataKeys: new Map(), frozen: false },
    configurables: { byNamespace: new Map(), every: new Map() },
    tools: freshTools(),
    options: {},
    deprecators: new Map(),
    reported: new WeakSet(),
    queue: { enqueue: undefined, backend: undefined, asking: undefined },
    execution: { actions: new AsyncLocalStorage(), ambient: new AsyncLocalStorage() },
  };
}

/** The release line copies must share: the major, or `0.<minor>` before 1.0 (semver's caret). */
function releaseLine(version: string): string {
  const [major = "", minor = ""] = version.split(".");
  return major === "0" ? `0.${minor}` : major;
}

function thisCopy(): KernelCopy {
  // <package>/dist/kernel/state.js, or <package>/src/kernel/state.ts when run from source.
  return { path: fileURLToPath(new URL("../..", import.meta.url)).replace(/[\\/]$/, ""), version: CORE_VERSION };
}

/**
 * The process's kernel state: created by the first copy of @axn/core to load, joined by any later
 * compatible copy. Throws `AXN_KERNEL_MISMATCH` (while this copy loads) for an incompatible one.
 */
export function joinKernel(holder: object, copy: KernelCopy): KernelState {
  const slot = holder as { [KERNEL_KEY]?: KernelState };
  const existing = slot[KERNEL_KEY];
  if (existing === undefined) {
    const created = createKernel(copy);
    Object.defineProperty(holder, KERNEL_KEY, {
      value: created,
      enumerable: false,
      configurable: false,
      writable: false,
    });
    return created;
  }
  const first = Array.isArray(existing.copies) ? existing.copies[0] : undefined;
  const firstVersion = first?.version ?? "an unknown version";
  const compatible =
    existing.shape === KERNEL_SHAPE && first !== undefined && releaseLine(first.version) === releaseLine(copy.version);
  if (!compatible) {
    throw new AxnError(
      ErrorCodes.KernelMismatch,
      `Two incompatible copies of @axn/core in one process: @axn/core ${copy.version} at ${copy.path} cannot join ` +
        `@axn/core ${firstVersion} at ${first?.path ?? "(unknown path)"}, which loaded first and holds the registries ` +
        `(kernel layout ${existing.shape}, this copy reads layout ${KERNEL_SHAPE}). Make @axn/core a peer dependency of the ` +
        `package that installs its own copy, then dedupe (npm dedupe) so the process loads one @axn/core`,
    );
  }
  if (!existing.copies.some((known) => known.path === copy.path)) existing.copies.push(copy);
  return existing;
}

/** The kernel state of this process. */
export const kernel: KernelState = joinKernel(globalThis, thisCopy());

/**
 * Forgets the host and everything a load put in place: the host and its result sink, the queue
 * backend (closed), the adapters, plugin hints and metadata keys, the tool registry's grants, origins and caches; every
 * package's settings back to their defaults and open for declarations. The catalog and the global
 * options stay. What a failed load rolls back (see `resetHost`); part of {@link resetKernel}.
 */
export function resetHostState(): void {
  kernel.host = undefined;
  // The config chose the queue backend; its connections close in the background (a reset is sync).
  const backend = kernel.queue.backend;
  kernel.queue.backend = undefined;
  void backend?.close().catch(() => undefined);
  kernel.resultSink = undefined;
  kernel.adapters.clear();
  kernel.extensions.hints.clear();
  kernel.extensions.metadataKeys.clear();
  kernel.extensions.frozen = false;
  for (const configurable of kernel.configurables.every.values()) configurable.reopen();
  // How tool-root modules are imported is the process's loader setup, not something a load set.
  kernel.tools = { ...freshTools(), importer: kernel.tools.importer };
}

/**
 * Back to the state of a process that has loaded its modules but defined nothing and loaded no
 * host: an empty catalog, no host, no adapters, no plugin vocabulary, default settings everywhere,
 * default global options. The one reset (specs reach it as `resetKernel` from `@axn/sdk/testing`).
 *
 * What it cannot undo is module evaluation: an action defined at a module's top level is not
 * defined again when its (cached) module is imported again; `Tools.discover()` re-adds what a
 * tool root exports. Configurables and deprecators a module created stay registered, for the
 * same reason.
 *
 * The list of copies of @axn/core goes back to the first one alone: a copy that joined since
 * stays loaded (and keeps sharing this state), but a spec that loaded one must not leave every
 * later `axn doctor` in the process warning of a duplicate that spec made.
 */
export function resetKernel(): void {
  resetHostState();
  kernel.catalog.actions.length = 0;
  kernel.catalog.version++;
  kernel.options = {};
  kernel.copies.splice(1);
}
