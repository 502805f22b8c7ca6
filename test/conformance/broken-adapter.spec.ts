/**
 * The conformance suite can fail, and says why: run against a fixture adapter plugin with one
 * deliberate defect at a time (fixtures/broken-adapter.ts), exactly the checks guarding that
 * convention fail, each with a message naming what the client saw, the convention, and the helper
 * that keeps it — pinned here word for word. The same adapter without defects passes every check,
 * so the failures are the defects' doing.
 */
import { expect } from "chai";
import Mocha from "mocha";
import {
  CHECK_IDS,
  conformanceChecks,
  describeAdapterConformance,
  runConformanceChecks,
  type ConformanceCheckId,
  type FunctionCallingConformanceTransport,
} from "@axn/sdk/conformance";
import { resetKernel } from "@axn/sdk/testing";
import { DEFECTS, fixtureDriver, type Defect, type FixtureTool } from "./fixtures/broken-adapter.js";

// --- the convention sentences every message ends with ---
const LOAD_HOST_RANGE = `Broken convention: the plugin's host range includes the @axn/core the app installs. Use definePlugin({ host: "^<the @axn/core version you build against>" }).`;
const LOAD_DEPENDENCIES =
  "Broken convention: every plugin named in dependencies is listed before the plugin. Use the names of real plugins in definePlugin({ dependencies }), and give them to the suite as the driver's requires.";
const TAPS_IN_APPLY =
  "Broken convention: hooks are tapped while the host loads, in apply(); after load the host refuses a tap (AXN_REGISTRY_FROZEN). Use host.hooks.<hook>.tap(pluginName, fn) inside apply() — never in wrap(), tools() or a call.";
const AUTHOR_ONCE =
  "Broken convention: author once: an adapter never changes the action it wraps (actions and their schemas are frozen and shared by every adapter). Use your own native object for what you compute; copy a schema before you change it.";
const TOOL_NAME =
  "Broken convention: the advertised name is action.toolName(key), which honours a per-adapter tool: { <key>: { name } } override (the zero-argument toolName() does not). Use action.toolName(key).";
const INPUT_SCHEMA =
  "Broken convention: the advertised input schema is action.inputSchema, unchanged. Use action.inputSchema as it is, wrapped in the transport's schema object.";
const AMBIENT_ABSENT = `Broken convention: ambient fields are never advertised (action.inputSchema already leaves them out). Use action.inputSchema as it is; never re-add on: "ambientContext" fields.`;
const AMBIENT_TRUSTED =
  "Broken convention: the ambient context is the server side's, passed flat on every call; an ambientContext / ambient_context argument from the model is ignored. Use toolPipeline(action, { success, failure }) from @axn/sdk/adapter, called as run(args, { ambientContext }) with the trusted context as a flat object.";
const AMBIENT_PER_CALL =
  "Broken convention: the ambient context of one call is never visible to another, concurrent call. Use run(args, { ambientContext }) of toolPipeline(action, mapping) on each call (AsyncLocalStorage for live handles), never a variable shared between calls.";
const COERCION = `Broken convention: wire arguments are coerced before validation ("3" → 3). Use toolPipeline(action, { success, failure }) from @axn/sdk/adapter, which calls the shared tool Invoker profile (toolInvoker), never action.call.`;
const INPUT_ERRORS =
  "Broken convention: invalid arguments are answered with the Invoker's user-facing result.error, naming each wrong field, and undeclared arguments are refused. Use toolPipeline(action, { success, failure }) from @axn/sdk/adapter, answering with the failure it hands you ({ error, fieldErrors? }).";
const RESULT_ERROR =
  "Broken convention: a failed call is answered with result.error, exactly — nothing added, nothing dropped. Use result.error as the failure text (Invoker.fieldErrors(result) for per-field detail beside it).";
const NO_HEADLINE =
  "Broken convention: no adapter-wide error headline: each action declares its own messages.error, and a blanket headline erases it. Use result.error as it is.";
const EXCEPTION_HIDDEN =
  "Broken convention: the client never sees result.exception: not its message, not a stack trace. Use result.error for every failure.";
const GUARDED_MAPPING =
  "Broken convention: the mapping step never escapes: a throw while turning a result into a response is reported once and answered with the adapter's own error. Use toolPipeline(action, { success, failure }) from @axn/sdk/adapter, which runs your mapping under the guard (or guardToolResponse(action, { onError }, () => map(result)) around the mapping only).";
const PRESENT_AS = `Broken convention: presentAs is resolved for each action (its configure / tool bag, then the package value). Use config.resolveOverrideFor(action, "presentAs"), never config.get("presentAs").`;
const LIVE_SAFE =
  "Broken convention: an action's live capabilities (ctx.progress, ctx.notify, ctx.elicit, ctx.sample) never break a call: a transport carries what it can and leaves the rest out, which the action sees as a no-op or unavailable. Use a LiveChannel as the call options' live, with only the members your transport can carry (or no live at all).";
const REJECT_OPAQUE =
  "Broken convention: rejectOpaqueExposedValues is an overridable setting resolved for each action. Use declareRejectOpaqueExposedValues(config, { default }) and serializeExposed(config, result) from @axn/sdk/adapter, never render(result, { rejectOpaque: config.get(...) }).";
const ZERO_ARG_TOOLS =
  "Broken convention: tools() takes no arguments and wraps every member of the adapter key. Use defineAdapterPlugin({ name, version, host, key, settings, wrap }) from @axn/sdk/adapter, which generates tools(), with every wrap option defaulted.";

const REGISTER_ADAPTER =
  "Broken convention: the plugin registers its adapter key while the host loads (host.hooks.registerAdapter, in apply()). Use defineAdapterPlugin({ name, version, host, key, settings, wrap }) from @axn/sdk/adapter, which registers it (or host.hooks.registerAdapter.tap(pluginName, (adapters) => adapters.add(key)) in apply()).";
const CANCELLATION =
  "Broken convention: the client's cancellation reaches the action: when the client abandons a call, the action's ctx.signal aborts. Use run(args, { ambientContext, signal }) of toolPipeline(action, mapping) from @axn/sdk/adapter, with the signal your client's cancellation aborts (the MCP request's, the HTTP request's, the agent run's).";
const DEADLINE = `Broken convention: every call has a deadline: past serve.callTimeoutMs (overridable per action) the action's signal aborts and the caller is answered the timeout failure at once, even while a body that ignores its signal runs on. Use toolPipeline(action, { success, failure }) from @axn/sdk/adapter (it answers failure({ error }, "timeout")), never toolInvoker.call or action.call on their own.`;
const TOOLS_FILTERED =
  "Broken convention: tools({ principal }) offers only the tools that caller may call (each action's access policy); tools() with no options offers every member. Use the tools() defineAdapterPlugin from @axn/sdk/adapter generates, or Tools.for(key, { principal }) in your own.";

/** The echo probe's input schema, as every transport must advertise it. */
const ACCESS_CHECKED = `Broken convention: a caller the action's access policy refuses is answered with the refusal (result.error) and the tool never runs. Use toolPipeline(action, { success, failure }) from @axn/sdk/adapter, which calls the shared tool Invoker (it checks the policy), never action.call.`;
const ECHO_SCHEMA = `{"type":"object","properties":{"query":{"type":"string","description":"Text to echo"},"limit":{"type":"integer","minimum":1,"maximum":9007199254740991}},"required":["query"],"additionalProperties":false}`;
const EDITED_SCHEMA = ECHO_SCHEMA.replace(`"additionalProperties":false`, `"additionalProperties":true`);
const AMBIENT_SCHEMA = ECHO_SCHEMA.replace(
  `"maximum":9007199254740991}}`,
  `"maximum":9007199254740991},"userId":{"type":"string"}}`,
);

/** Each check's title, as `describeAdapterConformance` registers it (before ` [<id>]`). */
const CHECK_TITLES = Object.fromEntries(
  conformanceChecks(fixtureDriver()).map((check) => [check.id, check.title]),
) as Record<ConformanceCheckId, string>;

/** A one-defect run's label, and the prefixes of its probes' action and tool names. */
const label = (defect: Defect): string => `fixture-adapter (${defect})`;
const probe = (defect: Defect, name: string): string =>
  `Conformance.fixture_adapter_${defect.replace(/-/g, "_")}.${name}`;
const tool = (defect: Defect, name: string): string =>
  `conformance_fixture_adapter_${defect.replace(/-/g, "_")}_${name}`;

/** Every check fails with `message` (the plugin never loaded), or every check after the load. */
const all = (message: string, from: ConformanceCheckId = "plugin-loads"): Partial<Record<ConformanceCheckId, string>> =>
  Object.fromEntries(CHECK_IDS.slice(CHECK_IDS.indexOf(from)).map((id) => [id, message]));

/** What `wrap` (or `tools()`) writing into the frozen action answers, for one probe. */
const mutation = (during: string): string =>
  `${label("mutates-schema")}: ${during} tried to change the action: Cannot add property wrappedBy, object is not extensible. ${AUTHOR_ONCE}`;
const wrapOf = (name: string): string => `wrap(${probe("mutates-schema", name)})`;

/** A call of a tool that bypasses the pipeline: answered only once the overrunning probe's body gave up. */
const noDeadline = (defect: Defect): string =>
  `${label(defect)}: ${probe(defect, "OverrunningProbe")} declares serve.callTimeoutMs: 100 and ignores its signal, and its call was answered only once its body ended (the suite let it run 5000 ms). ${DEADLINE}`;
/** The timeout answer, with the adapter's own change to failure texts. */
const editedTimeout = (defect: Defect, text: (timeout: string) => string): string =>
  `${label(defect)}: ${probe(defect, "OverrunningProbe")} ran past its serve.callTimeoutMs of 100 ms and the call was answered ${JSON.stringify(text(`Tool ${probe(defect, "OverrunningProbe")} timed out after 100 ms`))}, not "Tool ${tool(defect, "overrunning_probe")} timed out after 100 ms". ${DEADLINE}`;

/** Each defect → exactly the checks that fail, with their messages. */
const EXPECTED: Readonly<Record<Defect, Partial<Record<ConformanceCheckId, string>>>> = {
  "bad-host-range": all(
    `${label("bad-host-range")}: the host refused to load the plugin: Plugin "axn-plugin-fixture" requires @axn/core ^9.0.0, but 0.1.0 is installed. ${LOAD_HOST_RANGE}`,
  ),
  "missing-dependency": all(
    `${label("missing-dependency")}: the host refused to load the plugin: The dependency "axn-plugin-fixture-base" of plugin "axn-plugin-fixture" is not registered. ${LOAD_DEPENDENCIES}`,
  ),
  "mutates-action": {
    "not-mutated": `${label("mutates-action")}: wrapping, listing and calling ${probe("mutates-action", "EchoProbe")} changed it (first difference at action.[axn.action.internals].overrides.map.fixture_notes). ${AUTHOR_ONCE}`,
  },
  "mutates-schema": {
    ...all(mutation(wrapOf("EchoProbe")), "not-mutated"),
    "name-override": mutation(wrapOf("RenamedProbe")),
    "error-text": mutation(wrapOf("FailingProbe")),
    "no-headline": mutation(wrapOf("FailingProbe")),
    "exception-hidden": mutation(wrapOf("CrashingProbe")),
    "unrenderable-cycle": mutation(wrapOf("CyclicProbe")),
    "unrenderable-surrogate": mutation(wrapOf("SurrogateProbe")),
    "present-as": mutation(wrapOf("MessageProbe")),
    "reject-opaque": mutation(wrapOf("OpaqueRenderedProbe")),
    "live-safe": mutation(wrapOf("LiveProbe")),
    cancellation: mutation(wrapOf("CancellableProbe")),
    deadline: mutation(wrapOf("OverrunningProbe")),
    "tools-zero-arg": mutation("tools()"),
    "tools-filtered": mutation("tools({ principal: null })"),
    "access-refused": mutation(wrapOf("GuardedProbe")),
  },
  "ignores-name-override": {
    "name-override": `${label("ignores-name-override")}: the transport lists "${tool("ignores-name-override", "renamed_probe")}" — action.toolName() without the key — for ${probe("ignores-name-override", "RenamedProbe")}, which declares tool: { fixture: { name: "renamed_fixture_adapter_ignores_name_override" } }. ${TOOL_NAME}`,
  },
  "edits-schema": {
    "input-schema": `${label("edits-schema")}: the transport lists ${EDITED_SCHEMA} as the input schema of "${tool("edits-schema", "echo_probe")}", not action.inputSchema ${ECHO_SCHEMA}. ${INPUT_SCHEMA}`,
  },
  "advertises-ambient": {
    "input-schema": `${label("advertises-ambient")}: the transport lists ${AMBIENT_SCHEMA} as the input schema of "${tool("advertises-ambient", "echo_probe")}", not action.inputSchema ${ECHO_SCHEMA}. ${INPUT_SCHEMA}`,
    "ambient-absent": `${label("advertises-ambient")}: the transport advertises the ambient field "userId" in the input schema of "${tool("advertises-ambient", "echo_probe")}": ${AMBIENT_SCHEMA}. ${AMBIENT_ABSENT}`,
  },
  "trusts-arguments": {
    "ambient-smuggled": `${label("trusts-arguments")}: the call used the ambient context smuggled in its "ambientContext" argument: "{\\"echo\\":\\"who\\",\\"user\\":\\"attacker\\"}". ${AMBIENT_TRUSTED}`,
  },
  "shares-ambient": {
    "ambient-concurrent": `${label("shares-ambient")}: two concurrent calls, for user_a and for user_b, answered "{\\"echo\\":\\"slow:a\\",\\"user\\":\\"user_b\\"}" and "{\\"echo\\":\\"slow:b\\",\\"user\\":\\"user_b\\"}". ${AMBIENT_PER_CALL}`,
  },
  "calls-action-directly": {
    coercion: `${label("calls-action-directly")}: a call with limit: "3" for an integer field was refused: "Something went wrong". ${COERCION}`,
    "input-error": `${label("calls-action-directly")}: the invalid argument limit: 0 was answered "Something went wrong", which does not name the field "limit" (the Invoker's user-facing result.error is "limit: Too small: expected number to be >=1"). ${INPUT_ERRORS}`,
    deadline: noDeadline("calls-action-directly"),
    "access-refused": `${label("calls-action-directly")}: ${probe("calls-action-directly", "GuardedProbe")} declares access: "authenticated", and its body ran for a call with no principal. ${ACCESS_CHECKED}`,
  },
  "no-user-facing-input-errors": {
    "input-error": `${label("no-user-facing-input-errors")}: the invalid argument limit: 0 was answered "Something went wrong", which does not name the field "limit" (the Invoker's user-facing result.error is "limit: Too small: expected number to be >=1"). ${INPUT_ERRORS}`,
    deadline: noDeadline("no-user-facing-input-errors"),
  },
  "accepts-undeclared": {
    "input-error": `${label("accepts-undeclared")}: the undeclared argument "stray" was accepted: "{\\"echo\\":\\"q\\",\\"user\\":\\"anonymous\\"}". ${INPUT_ERRORS}`,
    deadline: noDeadline("accepts-undeclared"),
  },
  "inexact-error": {
    "input-error": `${label("inexact-error")}: the invalid argument limit: 0 was answered "limit: Too small: expected number to be >=1.", not the Invoker's user-facing result.error "limit: Too small: expected number to be >=1". ${INPUT_ERRORS}`,
    "error-text": `${label("inexact-error")}: for a business failure the client read "Conformance probe refused: the widget is locked.", not result.error "Conformance probe refused: the widget is locked". ${RESULT_ERROR}`,
    deadline: editedTimeout("inexact-error", (text) => `${text}.`),
    "access-refused": `${label("inexact-error")}: a call with no principal to ${probe("inexact-error", "GuardedProbe")} was answered "Authentication required: sign in to call ${tool("inexact-error", "guarded_probe")}.", not the refusal "Authentication required: sign in to call ${tool("inexact-error", "guarded_probe")}". ${ACCESS_CHECKED}`,
  },
  "blanket-headline": {
    "no-headline": `${label("blanket-headline")}: for a business failure the client read "Tool call failed: Conformance probe refused: the widget is locked": result.error "Conformance probe refused: the widget is locked" behind a headline of the adapter's own, "Tool call failed: ". ${NO_HEADLINE}`,
    deadline: editedTimeout("blanket-headline", (text) => `Tool call failed: ${text}`),
  },
  "leaks-exception": {
    "error-text": `${label("leaks-exception")}: for an exception the client read "Conformance probe crashed: Error: secret internals"…, not result.error "Conformance probe crashed". ${RESULT_ERROR}`,
    "exception-hidden": `${label("leaks-exception")}: the exception's message "secret internals" reached the client: "Conformance probe crashed: Error: secret internals"…. ${EXCEPTION_HIDDEN}`,
    deadline: noDeadline("leaks-exception"),
  },
  "unguarded-mapping": {
    "unrenderable-cycle": `${label("unguarded-mapping")}: calling "${tool("unguarded-mapping", "cyclic_probe")}" over the function-calling transport threw instead of answering: Cannot render data.self: cyclic reference (the value contains itself). ${GUARDED_MAPPING}`,
    "unrenderable-surrogate": `${label("unguarded-mapping")}: calling "${tool("unguarded-mapping", "surrogate_probe")}" over the function-calling transport threw instead of answering: Cannot render text: string has no UTF-8 form (lone surrogate at index 7). ${GUARDED_MAPPING}`,
    "reject-opaque": `${label("unguarded-mapping")}: calling "${tool("unguarded-mapping", "opaque_refused_probe")}" over the function-calling transport threw instead of answering: Cannot render data: opaque value: instance of ConformanceOpaqueAmount has no declared rendering (add toJSON). ${GUARDED_MAPPING}`,
  },
  "ignores-present-as": {
    "present-as": `${label("ignores-present-as")}: ${probe("ignores-present-as", "MessageProbe")} declares configure: { fixture: { presentAs: "message" } } (the package value is "structured") and was answered "{\\"echo\\":\\"pm\\"}", not its message "presented pm as a message". ${PRESENT_AS}`,
  },
  "ignores-reject-opaque": {
    "reject-opaque": `${label("ignores-reject-opaque")}: ${probe("ignores-reject-opaque", "OpaqueRefusedProbe")} declares configure: { fixture: { rejectOpaqueExposedValues: true } } (the package value is false), and its opaque value was rendered: "{\\"data\\":{\\"amount\\":3}}". ${REJECT_OPAQUE}`,
  },
  "throwing-live-channel": {
    "live-safe": `${label("throwing-live-channel")}: ${probe("throwing-live-channel", "LiveProbe")}, which reports progress, logs and asks the user and the client's model, was answered as a failure: "Something went wrong". ${LIVE_SAFE}`,
  },
  "tools-needs-argument": {
    "tools-zero-arg": `${label("tools-needs-argument")}: tools() threw: Cannot read properties of undefined (reading 'principal'). ${ZERO_ARG_TOOLS}`,
    "late-taps": `${label("tools-needs-argument")}: tools() threw: Cannot read properties of undefined (reading 'principal'). ${ZERO_ARG_TOOLS}`,
  },
  "tools-misses-members": {
    "tools-zero-arg": `${label("tools-misses-members")}: the tools() list does not serve "${tool("tools-misses-members", "echo_probe")}" (${probe("tools-misses-members", "EchoProbe")}, declared tool: ["fixture"]); it serves []. ${ZERO_ARG_TOOLS}`,
    "tools-filtered": `${label("tools-misses-members")}: tools({ principal: null }) does not offer "${tool("tools-misses-members", "echo_probe")}" (${probe("tools-misses-members", "EchoProbe")}, open to every caller); it offers []. ${TOOLS_FILTERED}`,
  },
  "taps-after-load": {
    "tools-zero-arg": `${label("taps-after-load")}: tools() tapped host.hooks.onResult as "axn-plugin-fixture" after the host finished loading. ${TAPS_IN_APPLY}`,
    "tools-filtered": `${label("taps-after-load")}: tools({ principal: null }) tapped host.hooks.onResult as "axn-plugin-fixture" after the host finished loading. ${TAPS_IN_APPLY}`,
    "late-taps": `${label("taps-after-load")}: tools() tapped host.hooks.onResult as "axn-plugin-fixture" after the host finished loading. ${TAPS_IN_APPLY}`,
  },
  "swallows-late-tap": {
    "late-taps": `${label("swallows-late-tap")}: tools() tapped host.hooks.onResult as "axn-plugin-fixture" after the host finished loading. ${TAPS_IN_APPLY}`,
  },
  "no-adapter-registration": all(
    `${label("no-adapter-registration")}: after createHost loaded the plugin, no adapter "fixture" is registered (registered: none). ${REGISTER_ADAPTER}`,
  ),
  "drops-signal": {
    cancellation: `${label("drops-signal")}: the client cancelled a call to ${probe("drops-signal", "CancellableProbe")}, and the action's signal never aborted (the suite let it run 5000 ms). ${CANCELLATION}`,
  },
  "no-deadline": { deadline: noDeadline("no-deadline") },
  "tools-ignores-caller": {
    "tools-filtered": `${label("tools-ignores-caller")}: tools({ principal: null }) offers "${tool("tools-ignores-caller", "guarded_probe")}" (${probe("tools-ignores-caller", "GuardedProbe")}, access: "authenticated") to an anonymous caller. ${TOOLS_FILTERED}`,
  },
};

async function failures(defects: readonly Defect[]): Promise<Partial<Record<ConformanceCheckId, string>>> {
  resetKernel();
  const results = await runConformanceChecks(fixtureDriver(defects));
  expect(results.map((result) => result.id)).to.deep.equal([...CHECK_IDS]);
  return Object.fromEntries(results.filter((result) => !result.passed).map((result) => [result.id, result.error]));
}

describe("conformance suite against a broken adapter", () => {
  before(resetKernel);
  after(resetKernel);

  it("passes the fixture adapter without defects, skipping nothing", async () => {
    resetKernel();
    const results = await runConformanceChecks(fixtureDriver());
    expect(results.filter((result) => !result.passed || result.skipped)).to.deep.equal([]);
  });

  it("keeps one fixture per defect, and every defect breaks something", () => {
    expect(Object.keys(EXPECTED)).to.deep.equal([...DEFECTS]);
    for (const defect of DEFECTS) expect(Object.keys(EXPECTED[defect]), defect).to.not.be.empty;
  });

  for (const defect of DEFECTS) {
    const expected = EXPECTED[defect];
    const ids = Object.keys(expected);
    it(`${defect}: fails ${ids.length === CHECK_IDS.length ? "every check" : ids.join(" + ")}, saying which convention broke`, async () => {
      expect(await failures([defect])).to.deep.equal(expected);
    });
  }

  it("hands the transport only what the adapter's own wrap and tools() returned, never an action", async () => {
    resetKernel();
    const driver = fixtureDriver();
    const transport = driver.transport as FunctionCallingConformanceTransport<FixtureTool>;
    const produced = new Set<FixtureTool>();
    const received: unknown[] = [];
    const results = await runConformanceChecks({
      ...driver,
      wrap: (action) => {
        const native = driver.wrap(action) as FixtureTool;
        produced.add(native);
        return native;
      },
      tools: (options) => {
        const natives = driver.tools(options) as FixtureTool[];
        for (const native of natives) produced.add(native);
        return natives;
      },
      transport: {
        kind: "function-calling",
        connect: (tools) => {
          received.push(...tools);
          return transport.connect(tools);
        },
      },
    });
    expect(results.filter((result) => !result.passed)).to.deep.equal([]);
    expect(received).to.not.be.empty;
    expect(received.every((native) => produced.has(native as FixtureTool))).to.equal(true);
  });

  /** A nested mocha run of `describeAdapterConformance` with the given runner hooks; the titles that failed and passed. */
  async function mochaRun(
    defects: readonly Defect[],
    withBefore: boolean,
  ): Promise<{ failed: string[]; passed: string[]; errors: string[] }> {
    resetKernel();
    const mocha = new Mocha({ reporter: class {} as never });
    let current: Mocha.Suite = mocha.suite;
    describeAdapterConformance(fixtureDriver(defects), {
      describe: (title, body) => {
        const suite = Mocha.Suite.create(current, title);
        const previous = current;
        current = suite;
        body();
        current = previous;
      },
      it: (title, body) => current.addTest(new Mocha.Test(title, body)),
      ...(withBefore ? { before: (body: () => Promise<void>) => current.beforeAll(body) } : {}),
    });
    const failed: string[] = [];
    const passed: string[] = [];
    const errors: string[] = [];
    await new Promise<void>((resolve) => {
      const runner = mocha.run(() => resolve());
      runner.on("fail", (test, error: Error) => {
        failed.push(test.title);
        errors.push(error.message);
      });
      runner.on("pass", (test) => passed.push(test.title));
    });
    return { failed, passed, errors };
  }

  it("reports the failures as failed tests when registered in a (nested) mocha run", async () => {
    const { failed, passed } = await mochaRun(["ignores-name-override", "leaks-exception"], true);
    expect(failed).to.deep.equal([
      "a per-adapter name override (tool: { <key>: { name } }) is the advertised name [name-override]",
      "a failed call is answered with result.error, exactly [error-text]",
      "an exception's message and stack trace never reach the client [exception-hidden]",
      // It leaks the exception from its own Invoker call, which has no deadline either.
      "a call past its serve.callTimeoutMs is answered as timed out while the action (ignoring its signal) still runs [deadline]",
    ]);
    expect(passed).to.have.length(CHECK_IDS.length - 4);
  });

  it("loads the plugin in the runner's before hook: a plugin that does not load fails that hook, once", async () => {
    const { failed, passed, errors } = await mochaRun(["bad-host-range"], true);
    expect(failed).to.deep.equal([`"before all" hook for "${CHECK_TITLES["plugin-loads"]} [plugin-loads]"`]);
    expect(errors).to.deep.equal([EXPECTED["bad-host-range"]["plugin-loads"]]);
    expect(passed).to.deep.equal([]);
  });
});
