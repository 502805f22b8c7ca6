/**
 * What every check runs the adapter through, one per suite: the plugin loaded through the host
 * (once, again after a reset), the adapter's own `wrap` / `tools`, and a session over the driver's
 * transport whose listing and replies are read the same way for every kind (transports.ts). Each
 * step turns what went wrong into the convention it breaks (conventions.ts), or — when the driver,
 * not the adapter, misbehaved — says so.
 */
import { AssertionError } from "node:assert";
import { ErrorCodes, Invoker, type AnyAxn, type AxnPrincipal } from "@axn/core";
import type { AdapterConformanceDriver, ConformanceSession } from "../driver.js";
import { broken, show, type ConventionId } from "../conventions.js";
import { capturingExceptions, type Report } from "../exceptions.js";
import { activity, loadPlugin, stillActive, type LoadedPlugin } from "../host.js";
import { buildProbes, ZOD_PROBE_SCHEMAS, type Probes } from "../probes.js";
import { DriverShapeError, readListing, readReply, type Answer, type ListedTool } from "../transports.js";
import type { ConformanceCheck, ConformanceCheckId, SKIPPED } from "./types.js";

/** The profile the suite compares against: the tool Invoker every adapter is expected to call through. */
const referenceInvoker = new Invoker({ userFacingInputErrors: true, rejectUndeclaredInputs: true });

/** What V8 says when strict-mode code writes to a frozen object. */
const FROZEN_WRITE = /read[- ]only|not extensible|Cannot (add|assign|delete|define|redefine)/i;

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : show(error));

/** `text` is `expected` behind something the adapter put in front of it (the no-headline check's to report). */
export const headlined = (text: string, expected: string): boolean => text !== expected && text.endsWith(expected);

interface Session {
  list(): Promise<ListedTool[]>;
  call(
    name: string,
    args: Readonly<Record<string, unknown>>,
    ambientContext?: Readonly<Record<string, unknown>>,
    signal?: AbortSignal,
  ): Promise<Answer>;
}

type CheckBody = (p: Probes, loaded: LoadedPlugin, reports: readonly Report[]) => Promise<void | typeof SKIPPED>;

export interface Harness<W> {
  /** The plugin's name as the driver gives it: the first word of every failure message. */
  readonly label: string;
  readonly key: string;
  readonly driver: AdapterConformanceDriver<W>;
  /** Loads the plugin (once, and again after a reset) and builds the probes. */
  ready(): Promise<{ loaded: LoadedPlugin; probes: Probes }>;
  /** A check whose body runs with the plugin loaded and the global onException captured. */
  check(id: ConformanceCheckId, title: string, body: CheckBody): ConformanceCheck;
  /** The adapter's own `wrap(action)`. */
  wrap(action: AnyAxn): Promise<W>;
  /** The adapter's own `tools()`, with no arguments or with the caller's principal. */
  tools(options?: { readonly principal: AxnPrincipal | null }): Promise<readonly W[]>;
  /** Serves `natives` over the driver's transport for `use`, then closes it. */
  withSession<T>(natives: readonly W[], use: (session: Session) => Promise<T>): Promise<T>;
  /** Wraps `action`, serves it alone, and calls it once. */
  callAlone(
    action: AnyAxn,
    args: Readonly<Record<string, unknown>>,
    ambientContext?: Readonly<Record<string, unknown>>,
  ): Promise<Answer>;
  /** The listing entry advertised for `action` under its expected name. */
  advertised(action: AnyAxn): Promise<ListedTool>;
  /** What a failed call must answer: the reference Invoker's `result.error`. */
  expectedError(action: AnyAxn, args: Readonly<Record<string, unknown>>): Promise<string>;
  /** What the reference Invoker answers for `action`. */
  reference(action: AnyAxn, args: Readonly<Record<string, unknown>>): ReturnType<Invoker["call"]>;
  /** The sentence for a hook tapped after the host loaded. */
  lateTap(tap: { during: string; hook: string; name: string }): string;
}

export function createHarness<W>(driver: AdapterConformanceDriver<W>): Harness<W> {
  const label = driver.name;
  const { key, transport } = driver;
  const kind = transport.kind;
  let loaded: LoadedPlugin | undefined;
  let probes: Probes | undefined;

  async function ready(): Promise<{ loaded: LoadedPlugin; probes: Probes }> {
    if (!stillActive(loaded)) loaded = await loadPlugin(driver as AdapterConformanceDriver<unknown>, label);
    const current = loaded!;
    // Built once the adapter key is registered (their bags name it); per suite, so names never collide.
    probes ??= buildProbes(
      driver.probeSchemas === undefined ? driver.name : `${driver.name} ${driver.probeSchemas.label}`,
      driver.probeSchemas ?? ZOD_PROBE_SCHEMAS,
      {
        key,
        presentAs: current.presentAs,
        rejectOpaque: current.rejectOpaque,
      },
    );
    return { loaded: current, probes };
  }

  const lateTap = (tap: { during: string; hook: string; name: string }): string =>
    `${tap.during} tapped host.hooks.${tap.hook} as "${tap.name}" after the host finished loading`;

  /** Runs one step of the adapter's code; a tap after load (the host refuses it) is reported as such. */
  async function step<T>(during: string, fn: () => T | Promise<T>): Promise<T> {
    try {
      return await activity.run(during, fn);
    } catch (error) {
      if ((error as { code?: unknown } | null)?.code === ErrorCodes.RegistryFrozen) {
        const tap = loaded?.lateTaps.at(-1);
        throw broken(
          label,
          "tapsInApply",
          tap === undefined
            ? `${during} registered something after the host finished loading: ${messageOf(error)}`
            : lateTap(tap),
        );
      }
      throw error;
    }
  }

  /**
   * Runs the adapter's own `wrap` or `tools`: a tap after load, a write to the frozen action, or any
   * other throw each fail with the convention it breaks.
   */
  async function adapterCode<T>(during: string, fallback: ConventionId, fn: () => T | Promise<T>): Promise<T> {
    try {
      return await step(during, fn);
    } catch (error) {
      if (error instanceof AssertionError) throw error;
      if (error instanceof TypeError && FROZEN_WRITE.test(error.message))
        throw broken(label, "authorOnce", `${during} tried to change the action: ${error.message}`);
      throw broken(label, fallback, `${during} threw: ${messageOf(error)}`);
    }
  }

  const wrap = (action: AnyAxn): Promise<W> =>
    adapterCode(`wrap(${action.name})`, "wrapAnyAction", () => driver.wrap(action));
  const tools = (options?: { readonly principal: AxnPrincipal | null }): Promise<readonly W[]> =>
    options === undefined
      ? adapterCode("tools()", "zeroArgTools", () => driver.tools())
      : adapterCode(`tools({ principal: ${show(options.principal)} })`, "toolsFiltered", () => driver.tools(options));

  /** The driver, not the adapter, misbehaved (a wrong shape, a transport that did not start). */
  function driverError(problem: unknown): AssertionError {
    return new AssertionError({
      message: `${label}: the conformance driver's ${kind} transport ${typeof problem === "string" ? problem : messageOf(problem)}`,
    });
  }

  async function withSession<T>(natives: readonly W[], use: (session: Session) => Promise<T>): Promise<T> {
    // The listing and reply shapes depend on the kind; readListing / readReply check them at run time.
    const connect = transport.connect as (tools: readonly W[]) => Promise<ConformanceSession<unknown, unknown>>;
    const raw = await step(`connecting the ${kind} transport`, () => connect.call(transport, natives)).catch(
      (error: unknown) => {
        throw error instanceof AssertionError ? error : driverError(`connect() failed: ${messageOf(error)}`);
      },
    );
    const session: Session = {
      async list() {
        const listing = await step(`listing the tools over the ${kind} transport`, () => raw.list()).catch(
          (error: unknown) => {
            throw error instanceof AssertionError ? error : driverError(`list() failed: ${messageOf(error)}`);
          },
        );
        try {
          return readListing(kind, listing);
        } catch (error) {
          throw error instanceof DriverShapeError ? driverError(error) : error;
        }
      },
      async call(name, args, ambientContext = {}, signal) {
        let reply: unknown;
        try {
          reply = await step(`a call to "${name}"`, () =>
            raw.call(signal === undefined ? { name, args, ambientContext } : { name, args, ambientContext, signal }),
          );
        } catch (error) {
          if (error instanceof AssertionError) throw error;
          // A name the transport does not serve is a naming problem, not an escaped mapping.
          const listed = await session.list().catch(() => undefined);
          if (listed !== undefined && !listed.some((tool) => tool.name === name)) {
            throw broken(
              label,
              "toolName",
              `calling "${name}" failed (${messageOf(error)}): the transport lists ${show(listed.map((tool) => tool.name))}`,
            );
          }
          throw broken(
            label,
            "guardedMapping",
            `calling "${name}" over the ${kind} transport threw instead of answering: ${messageOf(error)}`,
          );
        }
        try {
          return readReply(kind, reply);
        } catch (error) {
          throw error instanceof DriverShapeError ? driverError(error) : error;
        }
      },
    };
    try {
      return await use(session);
    } finally {
      await raw.close?.();
    }
  }

  async function callAlone(
    action: AnyAxn,
    args: Readonly<Record<string, unknown>>,
    ambientContext: Readonly<Record<string, unknown>> = {},
  ): Promise<Answer> {
    const native = await wrap(action);
    return withSession([native], (session) => session.call(action.toolName(key), args, ambientContext));
  }

  async function advertised(action: AnyAxn): Promise<ListedTool> {
    const native = await wrap(action);
    const listing = await withSession([native], (session) => session.list());
    const name = action.toolName(key);
    const entry = listing.find((tool) => tool.name === name);
    if (entry === undefined) {
      throw broken(
        label,
        "toolName",
        `the transport lists ${show(listing.map((tool) => tool.name))} for ${action.name}, not "${name}" (action.toolName("${key}"))`,
      );
    }
    return entry;
  }

  const reference = (action: AnyAxn, args: Readonly<Record<string, unknown>>): ReturnType<Invoker["call"]> =>
    referenceInvoker.call(action, args, { ambientContext: {} });

  async function expectedError(action: AnyAxn, args: Readonly<Record<string, unknown>>): Promise<string> {
    const result = await reference(action, args);
    if (result.ok || typeof result.error !== "string")
      throw new Error(`conformance probe ${action.name} did not fail under the reference Invoker`);
    return result.error;
  }

  const check = (id: ConformanceCheckId, title: string, body: CheckBody): ConformanceCheck => ({
    id,
    title,
    run: () =>
      capturingExceptions(async (reports) => {
        const { loaded: current, probes: p } = await ready();
        return body(p, current, reports);
      }),
  });

  return {
    label,
    key,
    driver,
    ready,
    check,
    wrap,
    tools,
    withSession,
    callAlone,
    advertised,
    expectedError,
    reference,
    lateTap,
  };
}
