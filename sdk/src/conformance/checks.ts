/**
 * The checks: the conventions of DESIGN section 5 an adapter can break, each observed through the
 * transport — the suite reads the transport's own listing and replies (transports.ts), never an
 * author's account of them. A failing check throws an `AssertionError` whose message says what the
 * client saw, which convention broke, and which helper keeps it (conventions.ts).
 */
import { AssertionError } from "node:assert";
import { isDeepStrictEqual } from "node:util";
import { ErrorCodes, Invoker, JSON_SCHEMA_DIALECT, UnserializableValue, type AnyAxn } from "@axn/core";
import { errorMessage } from "@axn/core/internal";
import type { AdapterConformanceDriver, ConformanceSession } from "./driver.js";
import { broken, show, showText, type ConventionId } from "./conventions.js";
import { capturingExceptions, type Report } from "./exceptions.js";
import { activity, loadPlugin, stillActive, type LoadedPlugin } from "./host.js";
import {
  AMBIENT_FIELD,
  buildProbes,
  SECRET_MESSAGE,
  SLOW_PREFIX,
  ZOD_PROBE_SCHEMAS,
  type Probes,
} from "./probes.js";
import { firstDifference, IdentityTable, snapshotAction } from "./snapshot.js";
import { DriverShapeError, readListing, readReply, type Answer, type ListedTool } from "./transports.js";

export const CHECK_IDS = [
  "plugin-loads",
  "not-mutated",
  "direct-call",
  "name",
  "name-override",
  "input-schema",
  "ambient-absent",
  "ambient-smuggled",
  "ambient-concurrent",
  "coercion",
  "input-error",
  "error-text",
  "no-headline",
  "exception-hidden",
  "unrenderable-cycle",
  "unrenderable-surrogate",
  "present-as",
  "reject-opaque",
  "live-safe",
  "tools-zero-arg",
  "late-taps",
  "access-refused",
] as const;

export type ConformanceCheckId = (typeof CHECK_IDS)[number];

/** What a check's `run` resolves to when it had nothing to check (the adapter has no such setting). */
export const SKIPPED = "skipped";

export interface ConformanceCheck {
  readonly id: ConformanceCheckId;
  /** What the check pins, as a spec title. */
  readonly title: string;
  /** Loads the plugin if needed, then checks; rejects with an `AssertionError` when the convention is broken. */
  run(): Promise<void | typeof SKIPPED>;
}

/** The checks, and the step that loads the plugin (a runner's `before` hook). */
export interface ConformanceSuite {
  readonly checks: readonly ConformanceCheck[];
  ready(): Promise<void>;
}

/** The profile the suite compares against: the tool Invoker every adapter is expected to call through. */
const referenceInvoker = new Invoker({ userFacingInputErrors: true, rejectUndeclaredInputs: true });

const STACK_LINE = /\n\s+at\s/;

/** What V8 says when strict-mode code writes to a frozen object. */
const FROZEN_WRITE = /read[- ]only|not extensible|Cannot (add|assign|delete|define|redefine)/i;

interface Session {
  list(): Promise<ListedTool[]>;
  call(name: string, args: Readonly<Record<string, unknown>>, ambientContext?: Readonly<Record<string, unknown>>): Promise<Answer>;
}

/** Whether a JSON Schema names `field` as a property (or a required one) anywhere in it. */
function declaresField(schema: unknown, field: string, depth = 0): boolean {
  if (typeof schema !== "object" || schema === null || depth > 32) return false;
  if (Array.isArray(schema)) return schema.some((item) => declaresField(item, field, depth + 1));
  const record = schema as Record<string, unknown>;
  const properties = record["properties"];
  if (typeof properties === "object" && properties !== null && Object.hasOwn(properties, field)) return true;
  if (Array.isArray(record["required"]) && record["required"].includes(field)) return true;
  return Object.values(record).some((value) => declaresField(value, field, depth + 1));
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : show(error));

export function conformanceChecks<W>(driver: AdapterConformanceDriver<W>): ConformanceCheck[] {
  return [...conformanceSuite(driver).checks];
}

export function conformanceSuite<W>(driver: AdapterConformanceDriver<W>): ConformanceSuite {
  const label = driver.name;
  const { key, transport } = driver;
  const kind = transport.kind;
  let loaded: LoadedPlugin | undefined;
  let probes: Probes | undefined;

  async function ready(): Promise<{ loaded: LoadedPlugin; probes: Probes }> {
    if (!stillActive(loaded)) loaded = await loadPlugin(driver as AdapterConformanceDriver<unknown>, label);
    const current = loaded!;
    // Built once the adapter key is registered (their bags name it); per suite, so names never collide.
    probes ??= buildProbes(driver.probeSchemas === undefined ? driver.name : `${driver.name} ${driver.probeSchemas.label}`, driver.probeSchemas ?? ZOD_PROBE_SCHEMAS, {
      key,
      presentAs: current.presentAs,
      rejectOpaque: current.rejectOpaque,
    });
    return { loaded: current, probes };
  }

  /** Runs one step of the adapter's code; a tap after load (the host refuses it) is reported as such. */
  async function step<T>(during: string, fn: () => T | Promise<T>): Promise<T> {
    try {
      return await activity.run(during, fn);
    } catch (error) {
      if ((error as { code?: unknown } | null)?.code === ErrorCodes.RegistryFrozen) {
        const tap = loaded?.lateTaps.at(-1);
        throw broken(label, "tapsInApply", tap === undefined ? `${during} registered something after the host finished loading: ${messageOf(error)}` : lateTap(tap));
      }
      throw error;
    }
  }

  const lateTap = (tap: { during: string; hook: string; name: string }): string =>
    `${tap.during} tapped host.hooks.${tap.hook} as "${tap.name}" after the host finished loading`;

  /**
   * Runs the adapter's own `wrap` or `tools`: a tap after load, a write to the frozen action, or any
   * other throw each fail with the convention it breaks.
   */
  async function adapterCode<T>(during: string, fallback: ConventionId, fn: () => T | Promise<T>): Promise<T> {
    try {
      return await step(during, fn);
    } catch (error) {
      if (error instanceof AssertionError) throw error;
      if (error instanceof TypeError && FROZEN_WRITE.test(error.message)) throw broken(label, "authorOnce", `${during} tried to change the action: ${error.message}`);
      throw broken(label, fallback, `${during} threw: ${messageOf(error)}`);
    }
  }

  const wrap = (action: AnyAxn): Promise<W> => adapterCode(`wrap(${action.name})`, "wrapAnyAction", () => driver.wrap(action));
  const tools = (): Promise<readonly W[]> => adapterCode("tools()", "zeroArgTools", () => driver.tools());

  /** The driver, not the adapter, misbehaved (a wrong shape, a transport that did not start). */
  function driverError(problem: unknown): AssertionError {
    return new AssertionError({ message: `${label}: the conformance driver's ${kind} transport ${typeof problem === "string" ? problem : messageOf(problem)}` });
  }

  async function withSession<T>(natives: readonly W[], use: (session: Session) => Promise<T>): Promise<T> {
    // The listing and reply shapes depend on the kind; readListing / readReply check them at run time.
    const connect = transport.connect as (tools: readonly W[]) => Promise<ConformanceSession<unknown, unknown>>;
    const raw = await step(`connecting the ${kind} transport`, () => connect.call(transport, natives)).catch((error: unknown) => {
      throw error instanceof AssertionError ? error : driverError(`connect() failed: ${messageOf(error)}`);
    });
    const session: Session = {
      async list() {
        const listing = await step(`listing the tools over the ${kind} transport`, () => raw.list()).catch((error: unknown) => {
          throw error instanceof AssertionError ? error : driverError(`list() failed: ${messageOf(error)}`);
        });
        try {
          return readListing(kind, listing);
        } catch (error) {
          throw error instanceof DriverShapeError ? driverError(error) : error;
        }
      },
      async call(name, args, ambientContext = {}) {
        let reply: unknown;
        try {
          reply = await step(`a call to "${name}"`, () => raw.call({ name, args, ambientContext }));
        } catch (error) {
          if (error instanceof AssertionError) throw error;
          // A name the transport does not serve is a naming problem, not an escaped mapping.
          const listed = await session.list().catch(() => undefined);
          if (listed !== undefined && !listed.some((tool) => tool.name === name)) {
            throw broken(label, "toolName", `calling "${name}" failed (${messageOf(error)}): the transport lists ${show(listed.map((tool) => tool.name))}`);
          }
          throw broken(label, "guardedMapping", `calling "${name}" over the ${kind} transport threw instead of answering: ${messageOf(error)}`);
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

  /** Wraps `action`, serves it alone, and calls it once. */
  async function callAlone(action: AnyAxn, args: Readonly<Record<string, unknown>>, ambientContext: Readonly<Record<string, unknown>> = {}): Promise<Answer> {
    const native = await wrap(action);
    return withSession([native], (session) => session.call(action.toolName(key), args, ambientContext));
  }

  /** The listing entry advertised for `action` under its expected name. */
  async function advertised(action: AnyAxn): Promise<ListedTool> {
    const native = await wrap(action);
    const listing = await withSession([native], (session) => session.list());
    const name = action.toolName(key);
    const entry = listing.find((tool) => tool.name === name);
    if (entry === undefined) {
      throw broken(label, "toolName", `the transport lists ${show(listing.map((tool) => tool.name))} for ${action.name}, not "${name}" (action.toolName("${key}"))`);
    }
    return entry;
  }

  /** What a failed call must answer: the reference Invoker's `result.error`. */
  async function expectedError(action: AnyAxn, args: Readonly<Record<string, unknown>>): Promise<string> {
    const reference = await referenceInvoker.call(action, args, { ambientContext: {} });
    if (reference.ok || typeof reference.error !== "string") throw new Error(`conformance probe ${action.name} did not fail under the reference Invoker`);
    return reference.error;
  }

  /**
   * The failures the error checks read: a business failure and an exception (whose result.error does
   * not depend on the Invoker's profile), and — for the headline check — invalid arguments.
   */
  function failures(p: Probes, withInput: boolean): readonly { readonly what: string; readonly action: AnyAxn; readonly args: Readonly<Record<string, unknown>> }[] {
    return [
      { what: "a business failure", action: p.failing, args: {} },
      { what: "an exception", action: p.crashing, args: {} },
      ...(withInput ? [{ what: "invalid arguments", action: p.echo, args: { query: "q", limit: 0 } }] : []),
    ];
  }

  /** `text` is `expected` behind something the adapter put in front of it (the no-headline check's to report). */
  const headlined = (text: string, expected: string): boolean => text !== expected && text.endsWith(expected);

  const check = (id: ConformanceCheckId, title: string, body: (p: Probes, l: LoadedPlugin, reports: readonly Report[]) => Promise<void | typeof SKIPPED>): ConformanceCheck => ({
    id,
    title,
    run: () =>
      capturingExceptions(async (reports) => {
        const { loaded: current, probes: p } = await ready();
        return body(p, current, reports);
      }),
  });

  const checks: ConformanceCheck[] = [
    check("plugin-loads", "the plugin loads through the host (createHost: shape, host range, dependencies) and registers its adapter key in apply()", async () => {}),

    check("not-mutated", "wrapping, listing and calling an action leave it unchanged (author once)", async ({ echo }) => {
      const identities = new IdentityTable();
      const before = snapshotAction(echo, key, identities);
      const native = await wrap(echo);
      // Listing or calling may fail for another check's reason; this one only looks at the action.
      await withSession([native], async (session) => {
        await session.list();
        await session.call(echo.toolName(key), { query: "mutation check" }, { [AMBIENT_FIELD]: "u_1" });
      }).catch(() => undefined);
      await wrap(echo);
      const after = snapshotAction(echo, key, identities);
      const difference = firstDifference(before, after);
      if (difference !== undefined) throw broken(label, "authorOnce", `wrapping, listing and calling ${echo.name} changed it (first difference at ${difference})`);
    }),

    check("direct-call", "a wrapped action still works as a direct call (author once)", async ({ echo }) => {
      await wrap(echo);
      const result = (await echo.call({ query: "direct" } as never, { ambientContext: { [AMBIENT_FIELD]: "u_direct" } })) as unknown as Record<string, unknown>;
      const seen = { ok: result["ok"], echo: result["echo"], user: result["user"] };
      if (!isDeepStrictEqual(seen, { ok: true, echo: "direct", user: "u_direct" })) {
        throw broken(label, "authorOnce", `after wrapping, the direct call ${echo.name}.call({ query: "direct" }) answered ${show(seen)}, not { ok: true, echo: "direct", user: "u_direct" }`);
      }
    }),

    check("name", "the advertised name is action.toolName(key)", async ({ echo }) => {
      await advertised(echo);
    }),

    check("name-override", "a per-adapter name override (tool: { <key>: { name } }) is the advertised name", async ({ renamed, renamedName }) => {
      const native = await wrap(renamed);
      const names = (await withSession([native], (session) => session.list())).map((tool) => tool.name);
      if (names.includes(renamedName)) return;
      const zeroArg = renamed.toolName();
      throw broken(
        label,
        "toolName",
        names.includes(zeroArg)
          ? `the transport lists "${zeroArg}" — action.toolName() without the key — for ${renamed.name}, which declares tool: { ${key}: { name: "${renamedName}" } }`
          : `the transport lists ${show(names)} for ${renamed.name}, which declares tool: { ${key}: { name: "${renamedName}" } }`,
      );
    }),

    check("input-schema", "the advertised input schema is action.inputSchema, unchanged", async ({ echo }) => {
      const entry = await advertised(echo);
      const listed = withoutDialect(JSON.parse(JSON.stringify(entry.inputSchema ?? null)) as unknown);
      const expected = JSON.parse(JSON.stringify(echo.inputSchema)) as unknown;
      if (!isDeepStrictEqual(listed, expected)) {
        throw broken(label, "inputSchema", `the transport lists ${show(listed)} as the input schema of "${entry.name}", not action.inputSchema ${show(expected)}`);
      }
    }),

    check("ambient-absent", "ambient-context fields are absent from the advertised schema", async ({ echo }) => {
      const entry = await advertised(echo);
      if (declaresField(entry.inputSchema, AMBIENT_FIELD)) {
        throw broken(label, "ambientAbsent", `the transport advertises the ambient field "${AMBIENT_FIELD}" in the input schema of "${entry.name}": ${show(entry.inputSchema)}`);
      }
    }),

    check("ambient-smuggled", "an ambientContext / ambient_context argument is ignored; the trusted context is used", async ({ echo }) => {
      const native = await wrap(echo);
      await withSession([native], async (session) => {
        for (const smuggled of ["ambientContext", "ambient_context"]) {
          const answer = await session.call(echo.toolName(key), { query: "who", [smuggled]: { [AMBIENT_FIELD]: "attacker" } }, { [AMBIENT_FIELD]: "trusted_user" });
          if (!answer.ok) throw broken(label, "ambientTrusted", `a call whose arguments carry "${smuggled}" failed: ${showText(answer.text)}`);
          if (answer.everything.includes("attacker")) {
            throw broken(label, "ambientTrusted", `the call used the ambient context smuggled in its "${smuggled}" argument: ${showText(answer.text)}`);
          }
          if (!answer.everything.includes("trusted_user")) {
            throw broken(label, "ambientTrusted", `the trusted ambient context { ${AMBIENT_FIELD}: "trusted_user" } never reached the call, which answered ${showText(answer.text)}`);
          }
        }
      });
    }),

    check("ambient-concurrent", "ambient context set for one call is never visible to a concurrent call", async ({ echo }) => {
      const native = await wrap(echo);
      const name = echo.toolName(key);
      const [a, b] = await withSession([native], (session) =>
        Promise.all([
          session.call(name, { query: `${SLOW_PREFIX}a` }, { [AMBIENT_FIELD]: "user_a" }),
          session.call(name, { query: `${SLOW_PREFIX}b` }, { [AMBIENT_FIELD]: "user_b" }),
        ]),
      );
      const own = (answer: Answer, mine: string, theirs: string): boolean => answer.everything.includes(mine) && !answer.everything.includes(theirs);
      if (!own(a, "user_a", "user_b") || !own(b, "user_b", "user_a")) {
        throw broken(label, "ambientPerCall", `two concurrent calls, for user_a and for user_b, answered ${showText(a.text)} and ${showText(b.text)}`);
      }
    }),

    check("coercion", 'wire arguments are coerced ("3" → 3)', async ({ echo }) => {
      const answer = await callAlone(echo, { query: "coerce", limit: "3" });
      if (!answer.ok) throw broken(label, "coercion", `a call with limit: "3" for an integer field was refused: ${showText(answer.text)}`);
      const limit = (answer.data as { limit?: unknown } | undefined)?.limit;
      if (limit !== 3) throw broken(label, "coercion", `a call with limit: "3" answered ${show(answer.data ?? answer.text)}, not limit: 3`);
    }),

    check("input-error", "invalid arguments are answered with the Invoker's user-facing result.error, naming the field", async ({ echo }) => {
      const native = await wrap(echo);
      await withSession([native], async (session) => {
        for (const [args, field, what] of [
          [{ query: "q", limit: 0 }, "limit", `the invalid argument limit: 0`],
          [{ query: "q", stray: 1 }, "stray", `the undeclared argument "stray"`],
        ] as const) {
          const expected = await expectedError(echo, args);
          const answer = await session.call(echo.toolName(key), args);
          if (answer.ok) throw broken(label, "inputErrors", `${what} was accepted: ${showText(answer.text)}`);
          if (answer.text !== expected && !headlined(answer.text, expected)) {
            throw broken(
              label,
              "inputErrors",
              answer.text.includes(field)
                ? `${what} was answered ${showText(answer.text)}, not the Invoker's user-facing result.error ${show(expected)}`
                : `${what} was answered ${showText(answer.text)}, which does not name the field "${field}" (the Invoker's user-facing result.error is ${show(expected)})`,
            );
          }
        }
      });
    }),

    check("error-text", "a failed call is answered with result.error, exactly", async (p) => {
      for (const { what, action, args } of failures(p, false)) {
        const expected = await expectedError(action, args);
        const answer = await callAlone(action, args);
        if (answer.ok) throw broken(label, "resultError", `${what} (${action.name}) was answered as a success: ${showText(answer.text)}`);
        if (answer.text === expected || headlined(answer.text, expected)) continue;
        throw broken(label, "resultError", `for ${what} the client read ${showText(answer.text)}, not result.error ${show(expected)}`);
      }
    }),

    check("no-headline", "no adapter-wide headline in front of result.error", async (p) => {
      for (const { what, action, args } of failures(p, true)) {
        const expected = await expectedError(action, args);
        const answer = await callAlone(action, args);
        if (headlined(answer.text, expected)) {
          const headline = answer.text.slice(0, answer.text.length - expected.length);
          throw broken(label, "noHeadline", `for ${what} the client read ${showText(answer.text)}: result.error ${show(expected)} behind a headline of the adapter's own, ${show(headline)}`);
        }
      }
    }),

    check("exception-hidden", "an exception's message and stack trace never reach the client", async ({ crashing }) => {
      const answer = await callAlone(crashing, {});
      if (answer.ok) throw broken(label, "exceptionHidden", `a call whose body threw was answered as a success: ${showText(answer.text)}`);
      if (answer.everything.includes(SECRET_MESSAGE)) {
        throw broken(label, "exceptionHidden", `the exception's message ${show(SECRET_MESSAGE)} reached the client: ${showText(answer.text)}`);
      }
      if (STACK_LINE.test(answer.everything)) throw broken(label, "exceptionHidden", `a stack trace reached the client: ${showText(answer.text)}`);
    }),

    unrenderable("unrenderable-cycle", "an exposed cycle", (p) => p.cyclic),
    unrenderable("unrenderable-surrogate", "an exposed lone surrogate", (p) => p.surrogate),

    check("present-as", "a per-action presentAs is honoured (when the adapter declares presentAs)", async ({ presentedAsMessage }) => {
      if (presentedAsMessage === undefined) return SKIPPED;
      const reference = await referenceInvoker.call(presentedAsMessage, { query: "pm" }, { ambientContext: {} });
      const answer = await callAlone(presentedAsMessage, { query: "pm" });
      if (!answer.ok || answer.text !== reference.message) {
        throw broken(
          label,
          "presentAs",
          `${presentedAsMessage.name} declares configure: { ${key}: { presentAs: "message" } } (the package value is "structured") and was answered ${showText(answer.text)}, not its message ${show(reference.message)}`,
        );
      }
    }),

    check("reject-opaque", "rejectOpaqueExposedValues is resolved per action", async ({ opaqueRefused, opaqueRendered }) => {
      if (opaqueRefused === undefined) {
        throw broken(label, "rejectOpaque", `the config namespace "${key}" declares no overridable rejectOpaqueExposedValues setting`);
      }
      const rendered = await callAlone(opaqueRendered, {});
      if (!rendered.ok) {
        throw broken(label, "rejectOpaque", `${opaqueRendered.name} exposes an opaque value and sets no rejectOpaqueExposedValues (the package value is false), and was refused: ${showText(rendered.text)}`);
      }
      const refused = await callAlone(opaqueRefused, {});
      if (refused.ok) {
        throw broken(
          label,
          "rejectOpaque",
          `${opaqueRefused.name} declares configure: { ${key}: { rejectOpaqueExposedValues: true } } (the package value is false), and its opaque value was rendered: ${showText(refused.text)}`,
        );
      }
    }),

    check("live-safe", "an action using ctx.progress, ctx.notify, ctx.elicit and ctx.sample is answered as a success, its live calls never throwing", async ({ live }, _loaded, reports) => {
      const answer = await callAlone(live, {});
      if (!answer.ok) {
        throw broken(label, "liveSafe", `${live.name}, which reports progress, logs and asks the user and the client's model, was answered as a failure: ${showText(answer.text)}`);
      }
      const thrown = reports.filter((report) => report.action === live.name);
      if (thrown.length > 0) {
        throw broken(label, "liveSafe", `the call's live channel threw while ${live.name} ran (reported ${thrown.map((report) => `in "${report.phase}": ${show(errorMessage(report.error))}`).join(", ")})`);
      }
    }),

    check("tools-zero-arg", "tools() takes no arguments and serves every member of the key", async ({ echo }) => {
      if (driver.tools.length !== 0) throw broken(label, "zeroArgTools", `tools() declares ${driver.tools.length} required parameter(s)`);
      const natives = await tools();
      if (!Array.isArray(natives)) throw broken(label, "zeroArgTools", `tools() answered ${show(natives)}, not an array`);
      const name = echo.toolName(key);
      const names = (await withSession(natives, (session) => session.list())).map((tool) => tool.name);
      if (!names.includes(name)) {
        throw broken(label, "zeroArgTools", `the tools() list does not serve "${name}" (${echo.name}, declared tool: ["${key}"]); it serves ${show(names)}`);
      }
    }),

    check("late-taps", "no hook is tapped after the host loaded (not in wrap, tools or a call)", async ({ echo }, current) => {
      const native = await wrap(echo);
      await tools();
      await withSession([native], async (session) => {
        await session.list();
        await session.call(echo.toolName(key), { query: "taps" });
      });
      const tap = current.lateTaps[0];
      if (tap !== undefined) throw broken(label, "tapsInApply", lateTap(tap));
    }),

    check("access-refused", "a caller the access policy refuses (no principal) is answered with the refusal, and the tool never runs", async ({ guarded, guardedRuns }) => {
      const expected = await expectedError(guarded, {});
      const before = guardedRuns();
      const answer = await callAlone(guarded, {});
      if (guardedRuns() !== before) throw broken(label, "accessChecked", `${guarded.name} declares access: "authenticated", and its body ran for a call with no principal`);
      if (answer.ok) throw broken(label, "accessChecked", `${guarded.name} declares access: "authenticated", and a call with no principal was answered as a success: ${showText(answer.text)}`);
      if (answer.text !== expected && !headlined(answer.text, expected)) {
        throw broken(label, "accessChecked", `a call with no principal to ${guarded.name} was answered ${showText(answer.text)}, not the refusal ${show(expected)}`);
      }
    }),
  ];
  return { checks, ready: async () => void (await ready()) };

  function unrenderable(id: ConformanceCheckId, what: string, pick: (p: Probes) => AnyAxn): ConformanceCheck {
    return check(id, `${what} is answered with the adapter's own error, reported once, never thrown`, async (p, _loaded, reports) => {
      const target = pick(p);
      const answer = await callAlone(target, {});
      if (answer.ok) throw broken(label, "guardedMapping", `a result with no JSON rendering (${what}) was answered as a success: ${showText(answer.text)}`);
      const rendering = reports.filter((report) => report.error instanceof UnserializableValue);
      if (rendering.length !== 1) {
        throw broken(
          label,
          "guardedMapping",
          rendering.length === 0
            ? `a result with no JSON rendering (${what}) was answered ${showText(answer.text)} without being reported through onException`
            : `a result with no JSON rendering (${what}) was reported ${rendering.length} times through onException, not once`,
        );
      }
      const detail = (rendering[0]!.error as Error).message;
      if (answer.everything.includes(detail)) throw broken(label, "guardedMapping", `the serializer's message ${show(detail)} reached the client`);
    });
  }
}

/**
 * A transport may declare the dialect the schema is written in (MCP 2025-11-25 asks for `$schema`);
 * the schema itself must still be action.inputSchema, unchanged.
 */
function withoutDialect(schema: unknown): unknown {
  if (typeof schema !== "object" || schema === null || (schema as Record<string, unknown>)["$schema"] !== JSON_SCHEMA_DIALECT) return schema;
  const { $schema: _dialect, ...rest } = schema as Record<string, unknown>;
  return rest;
}
