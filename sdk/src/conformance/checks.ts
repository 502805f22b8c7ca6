/**
 * The checks: the contracts of DESIGN section 5 that an adapter can break, each observed through
 * the driver (so through the real transport). A check throws an `AssertionError` whose message
 * says which contract broke and what was seen.
 */
import assert from "node:assert/strict";
import { Invoker, UnserializableValue, type AnyAxn } from "@axn/core";
import type { AdapterConformanceDriver, InvokeOutcome } from "./driver.js";
import { capturingExceptions } from "./exceptions.js";
import {
  AMBIENT_FIELD,
  buildProbes,
  EXCEPTION_HEADLINE,
  FAILURE_HEADLINE,
  FAILURE_REASON,
  SECRET_MESSAGE,
  SLOW_PREFIX,
  type Probes,
} from "./probes.js";
import { IdentityTable, snapshotAction } from "./snapshot.js";

export const CHECK_IDS = [
  "not-mutated",
  "direct-call",
  "name",
  "input-schema",
  "ambient-absent",
  "ambient-smuggled",
  "ambient-concurrent",
  "failure-error",
  "exception-hidden",
  "input-error",
  "unrenderable-cycle",
  "unrenderable-surrogate",
  "tools-zero-arg",
] as const;

export type ConformanceCheckId = (typeof CHECK_IDS)[number];

export interface ConformanceCheck {
  readonly id: ConformanceCheckId;
  /** What the check pins, as a spec title. */
  readonly title: string;
  run(): Promise<void>;
}

/** The profile every adapter is expected to call through (the seeds' recommendation). */
const referenceInvoker = new Invoker({ userFacingInputErrors: true, rejectUndeclaredInputs: true });

const STACK_LINE = /\n\s+at\s/;

export function conformanceChecks<W>(driver: AdapterConformanceDriver<W>): ConformanceCheck[] {
  let probes: Probes | undefined;
  // Built on first use, not when the suite is described: a spec's hooks (resetAxn) run in between.
  const probe = (): Probes => (probes ??= buildProbes(driver.probeSchemas === undefined ? driver.name : `${driver.name} ${driver.probeSchemas.label}`, driver.probeSchemas));
  const label = driver.name;

  const invoke = async (action: AnyAxn, args: Record<string, unknown>, ambientContext: Record<string, unknown> = {}): Promise<InvokeOutcome> => {
    const wrapped = await driver.wrap(action);
    try {
      return await driver.invoke(wrapped, args, { ambientContext });
    } catch (error) {
      assert.fail(`${label}: calling ${action.toolName(driver.key)} threw instead of answering: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const clientText = (outcome: InvokeOutcome): string =>
    outcome.structured === undefined ? outcome.text : `${outcome.text}\n${JSON.stringify(outcome.structured)}`;

  const checks: ConformanceCheck[] = [
    {
      id: "not-mutated",
      title: "wrapping, advertising and calling an action leave it unchanged (author once)",
      async run() {
        const { echo } = probe();
        const identities = new IdentityTable();
        const before = snapshotAction(echo, driver.key, identities);
        const wrapped = await driver.wrap(echo);
        await driver.advertised(wrapped);
        await capturingExceptions(() => driver.invoke(wrapped, { query: "mutation check" }, { ambientContext: { [AMBIENT_FIELD]: "u_1" } }));
        await driver.wrap(echo);
        const after = snapshotAction(echo, driver.key, identities);
        assert.deepStrictEqual(after, before, `${label} changed the action it wrapped; an adapter must never mutate an action (DESIGN §5.1)`);
      },
    },
    {
      id: "direct-call",
      title: "a wrapped action still works as a direct call",
      async run() {
        const { echo } = probe();
        await driver.wrap(echo);
        const result = (await echo.call({ query: "direct" } as never, { ambientContext: { [AMBIENT_FIELD]: "u_direct" } })) as unknown as {
          ok: boolean;
          error: string | undefined;
          echo?: unknown;
          user?: unknown;
        };
        assert.equal(result.ok, true, `${label}: the direct call failed after wrapping: ${result.error}`);
        assert.deepStrictEqual({ echo: result.echo, user: result.user }, { echo: "direct", user: "u_direct" });
      },
    },
    {
      id: "name",
      title: "the advertised name is action.toolName(key)",
      async run() {
        const { echo } = probe();
        const advertised = await driver.advertised(await driver.wrap(echo));
        assert.equal(advertised.name, echo.toolName(driver.key), `${label} advertises a different tool name than action.toolName("${driver.key}")`);
      },
    },
    {
      id: "input-schema",
      title: "the advertised input schema is action.inputSchema, unchanged",
      async run() {
        const { echo } = probe();
        const advertised = await driver.advertised(await driver.wrap(echo));
        assert.deepStrictEqual(
          JSON.parse(JSON.stringify(advertised.inputSchema)),
          JSON.parse(JSON.stringify(echo.inputSchema)),
          `${label} advertises an input schema that differs from action.inputSchema`,
        );
      },
    },
    {
      id: "ambient-absent",
      title: "ambient-context fields are absent from the advertised schema",
      async run() {
        const { echo } = probe();
        const advertised = await driver.advertised(await driver.wrap(echo));
        assert.ok(
          !JSON.stringify(advertised.inputSchema).includes(AMBIENT_FIELD),
          `${label} advertises the ambient field "${AMBIENT_FIELD}" to the model: ${JSON.stringify(advertised.inputSchema)}`,
        );
      },
    },
    {
      id: "ambient-smuggled",
      title: "an ambientContext / ambient_context argument is ignored; the trusted context is used",
      async run() {
        const { echo } = probe();
        for (const smuggled of ["ambientContext", "ambient_context"]) {
          const outcome = await capturingExceptions(() =>
            invoke(echo, { query: "who", [smuggled]: { [AMBIENT_FIELD]: "attacker" } }, { [AMBIENT_FIELD]: "trusted_user" }),
          );
          const text = clientText(outcome);
          assert.equal(outcome.ok, true, `${label}: a call with a smuggled ${smuggled} argument failed: ${text}`);
          assert.ok(!text.includes("attacker"), `${label} used the ambient context smuggled in the "${smuggled}" argument: ${text}`);
          assert.ok(text.includes("trusted_user"), `${label} did not pass the trusted ambient context to the call: ${text}`);
        }
      },
    },
    {
      id: "ambient-concurrent",
      title: "ambient context set for one call is never visible to a concurrent call",
      async run() {
        const { echo } = probe();
        const [first, second] = await capturingExceptions(() =>
          Promise.all([
            invoke(echo, { query: `${SLOW_PREFIX}a` }, { [AMBIENT_FIELD]: "user_a" }),
            invoke(echo, { query: `${SLOW_PREFIX}b` }, { [AMBIENT_FIELD]: "user_b" }),
          ]),
        );
        assert.ok(clientText(first).includes("user_a") && !clientText(first).includes("user_b"), `${label}: call A saw ${clientText(first)}`);
        assert.ok(clientText(second).includes("user_b") && !clientText(second).includes("user_a"), `${label}: call B saw ${clientText(second)}`);
      },
    },
    {
      id: "failure-error",
      title: "a business failure surfaces result.error",
      async run() {
        const { failing } = probe();
        const outcome = await capturingExceptions(() => invoke(failing, {}));
        assert.equal(outcome.ok, false, `${label} answered a failed call as a success: ${outcome.text}`);
        const expected = `${FAILURE_HEADLINE}: ${FAILURE_REASON}`;
        assert.ok(clientText(outcome).includes(expected), `${label} did not surface result.error ("${expected}"): ${outcome.text}`);
      },
    },
    {
      id: "exception-hidden",
      title: "an exception surfaces result.error, never its message or a stack trace",
      async run() {
        const { crashing } = probe();
        const outcome = await capturingExceptions(() => invoke(crashing, {}));
        const text = clientText(outcome);
        assert.equal(outcome.ok, false, `${label} answered a crashed call as a success: ${text}`);
        assert.ok(!text.includes(SECRET_MESSAGE), `${label} leaked the exception message to the client: ${text}`);
        assert.ok(!STACK_LINE.test(text), `${label} leaked a stack trace to the client: ${text}`);
        assert.ok(text.includes(EXCEPTION_HEADLINE), `${label} did not surface result.error ("${EXCEPTION_HEADLINE}"): ${text}`);
      },
    },
    {
      id: "input-error",
      title: "invalid arguments surface the Invoker's user-facing result.error",
      async run() {
        const { echo } = probe();
        const args = { query: "q", unexpectedArgument: 1 };
        const expected = await referenceInvoker.call(echo, args, { ambientContext: {} });
        const outcome = await capturingExceptions(() => invoke(echo, args));
        assert.equal(outcome.ok, false, `${label} accepted an undeclared argument: ${outcome.text}`);
        assert.ok(
          typeof expected.error === "string" && clientText(outcome).includes(expected.error),
          `${label} did not surface the input error ("${expected.error}"): ${outcome.text}`,
        );
      },
    },
    unrenderable("unrenderable-cycle", "an exposed cycle", () => probe().cyclic),
    unrenderable("unrenderable-surrogate", "an exposed lone surrogate", () => probe().surrogate),
    {
      id: "tools-zero-arg",
      title: "tools() takes no arguments and returns a list",
      async run() {
        assert.equal(driver.tools.length, 0, `${label}: tools() declares ${driver.tools.length} required parameters; it must be callable with none`);
        const tools = await driver.tools();
        assert.ok(Array.isArray(tools), `${label}: tools() returned ${typeof tools}, not an array`);
      },
    },
  ];
  return checks;

  function unrenderable(id: ConformanceCheckId, what: string, action: () => AnyAxn): ConformanceCheck {
    return {
      id,
      title: `${what} is answered with the adapter's own error, reported once, never thrown`,
      async run() {
        const target = action();
        await capturingExceptions(async (reports) => {
          const outcome = await invoke(target, {});
          assert.equal(outcome.ok, false, `${label} answered an unrenderable result as a success: ${outcome.text}`);
          const rendering = reports.filter((report) => report.error instanceof UnserializableValue);
          assert.equal(rendering.length, 1, `${label} reported the unrenderable result ${rendering.length} times through onException (expected once)`);
          const detail = (rendering[0]!.error as Error).message;
          assert.ok(!outcome.text.includes(detail), `${label} sent the serializer's message to the client: ${outcome.text}`);
        });
      },
    };
  }
}
