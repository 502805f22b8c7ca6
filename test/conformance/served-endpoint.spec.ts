/**
 * The served suite can fail, and says why: a chat-style transport plugin (fixtures/served-endpoint.ts)
 * registered with `registerTransport` and served under `axn serve`'s shared server, with one
 * deliberate slip at a time, fails exactly the served checks guarding that rule, each message pinned
 * word for word; without slips it passes every one. With the adapter slips of broken-adapter.spec.ts
 * that makes 36 slips over the rules docs/adapter-authoring.md lists ("Every rule the suite checks").
 */
import { expect } from "chai";
import Mocha from "mocha";
import { describeServedConformance, runServedChecks, SERVED_CHECK_IDS, type ServedCheckId } from "@axn/sdk/conformance";
import { resetKernel } from "@axn/sdk/testing";
import { DEFECTS } from "./fixtures/broken-adapter.js";
import { SERVED_DEFECTS, servedFixtureDriver, type ServedDefect } from "./fixtures/served-endpoint.js";

const HOSTS =
  "Broken convention: a served endpoint applies the serving policy's Host and Origin checks to every request before any tool runs (a foreign Host or Origin is answered 403). Use serving.checkRequest(request) of the policy your transport's start({ serving }) receives, answering its refusal's status and message.";
const AUTHENTICATION =
  "Broken convention: a served endpoint authenticates every request with the app's serve.authenticate: no token or a wrong token is answered 401 and no tool runs. Use await serving.authenticate(request, path) of start({ serving }), answering a refusal with its status, message and headers.";
const PRINCIPAL =
  "Broken convention: the principal authentication establishes reaches the action as the trusted ambient principal. Use run(args, { ambientContext: { [PRINCIPAL_AMBIENT_KEY]: principal } }) of toolPipeline(action, mapping), with the principal serving.authenticate answered.";
const BODY_LIMIT =
  "Broken convention: a served endpoint reads a request body only up to its limit, and answers a larger one 413 without running a tool. Use readNodeBody(request, maxBodyBytes) (or readBodyWithin) and replyAndDrain(request, response, 413, headers, body) from @axn/sdk/serving.";
const SLOT =
  "Broken convention: every tool call holds a slot of the server's cap (serve.maxConcurrentCalls); with none free it is answered 503 at once and does not run. Use serving.acquireCall() and a CallSlot per call (its onOverdue in the call's options), or withCallSlot(run, serving, busy) from @axn/sdk/adapter for the calls a loop makes.";
const DEADLINE = `Broken convention: every call has a deadline: past serve.callTimeoutMs (overridable per action) the action's signal aborts and the caller is answered the timeout failure at once, even while a body that ignores its signal runs on. Use toolPipeline(action, { success, failure }) from @axn/sdk/adapter (it answers failure({ error }, "timeout")), never toolInvoker.call or action.call on their own.`;
const EXCEPTION_HIDDEN =
  "Broken convention: the client never sees result.exception: not its message, not a stack trace. Use result.error for every failure.";
const CANCELLATION =
  "Broken convention: the client's cancellation reaches the action: when the client abandons a call, the action's ctx.signal aborts. Use run(args, { ambientContext, signal }) of toolPipeline(action, mapping) from @axn/sdk/adapter, with the signal your client's cancellation aborts (the MCP request's, the HTTP request's, the agent run's).";

const label = (defect: ServedDefect): string => `chat-fixture (${defect})`;
const probe = (defect: ServedDefect, name: string): string =>
  `Conformance.chat_fixture_${defect.replace(/-/g, "_")}_served.${name}`;
const reached = (defect: ServedDefect, request: string): string =>
  `${label(defect)}: ${request} reached the action: ${probe(defect, "WhoamiProbe")} ran, answered 200`;
const anonymous = (defect: ServedDefect): string =>
  `${label(defect)}: a call with the valid token of {"id":"conformance-user"} reached ${probe(defect, "WhoamiProbe")} with no principal (it read "anonymous"). ${PRINCIPAL}`;
const noDeadline = (defect: ServedDefect): string =>
  `${label(defect)}: ${probe(defect, "OverrunningProbe")} declares serve.callTimeoutMs: 100 and ignores its signal, and its call was answered only once its body ended (the suite let it run 5000 ms). ${DEADLINE}`;

const FOREIGN_HOST = 'a request with "Host: rebound.example"';
const FOREIGN_ORIGIN = 'a request with "Origin: https://rebound.example"';

const EXPECTED: Readonly<Record<ServedDefect, Partial<Record<ServedCheckId, string>>>> = {
  "skips-host-check": {
    "served-host": `${reached("skips-host-check", FOREIGN_HOST)}. ${HOSTS}`,
    "served-origin": `${reached("skips-host-check", FOREIGN_ORIGIN)}. ${HOSTS}`,
  },
  "skips-authentication": {
    "served-no-token": `${reached("skips-authentication", "a request with no Authorization header")}. ${AUTHENTICATION}`,
    "served-wrong-token": `${reached("skips-authentication", 'a request with "Authorization: Bearer wrong-token"')}. ${AUTHENTICATION}`,
    "served-principal": anonymous("skips-authentication"),
  },
  "principal-wrong-key": { "served-principal": anonymous("principal-wrong-key") },
  "no-body-limit": {
    "served-body-limit": `${label("no-body-limit")}: a request whose body is over 65536 bytes (the driver's maxBodyBytes) was answered 200, not 413. ${BODY_LIMIT}`,
  },
  "no-call-slot": {
    "served-slot": `${label("no-call-slot")}: under serve.maxConcurrentCalls: 1, while a call to ${probe("no-call-slot", "CancellableProbe")} held the slot, a call to ${probe("no-call-slot", "WhoamiProbe")} ran and was answered 200, not 503. ${SLOT}`,
  },
  "invoker-without-pipeline": { "served-timeout": noDeadline("invoker-without-pipeline") },
  "leaks-exception-message": {
    "served-timeout": noDeadline("leaks-exception-message"),
    "served-exception-hidden": `${label("leaks-exception-message")}: the response to a call of ${probe("leaks-exception-message", "CrashingProbe")}, whose body threw "secret internals", carries the exception: "{\\"error\\":\\"Conformance probe crashed: secret internals\\"}". ${EXCEPTION_HIDDEN}`,
  },
  "ignores-client-disconnect": {
    "served-cancellation": `${label("ignores-client-disconnect")}: the client closed its request to ${probe("ignores-client-disconnect", "CancellableProbe")} mid-call, and the action's signal never aborted (the suite let it run 5000 ms). ${CANCELLATION}`,
  },
  "host-check-only": { "served-origin": `${reached("host-check-only", FOREIGN_ORIGIN)}. ${HOSTS}` },
};

async function failures(defects: readonly ServedDefect[]): Promise<Partial<Record<ServedCheckId, string>>> {
  resetKernel();
  const results = await runServedChecks(servedFixtureDriver(defects));
  expect(results.map((result) => result.id)).to.deep.equal([...SERVED_CHECK_IDS]);
  return Object.fromEntries(results.filter((result) => !result.passed).map((result) => [result.id, result.error]));
}

describe("served conformance suite against a chat endpoint registered with registerTransport", () => {
  before(resetKernel);
  after(resetKernel);

  it("passes the endpoint without slips", async () => {
    expect(await failures([])).to.deep.equal({});
  });

  it("keeps one expectation per slip, 36 slips with the adapter suite's, and every slip breaks something", () => {
    expect(Object.keys(EXPECTED)).to.deep.equal([...SERVED_DEFECTS]);
    expect(DEFECTS.length + SERVED_DEFECTS.length).to.equal(36);
    for (const defect of SERVED_DEFECTS) expect(Object.keys(EXPECTED[defect]), defect).to.not.be.empty;
  });

  for (const defect of SERVED_DEFECTS) {
    const expected = EXPECTED[defect];
    it(`${defect}: fails ${Object.keys(expected).join(" + ")}, saying which rule broke`, async () => {
      expect(await failures([defect])).to.deep.equal(expected);
    });
  }

  it("registers the checks in a (nested) mocha run, serving the endpoint once in before and stopping it in after", async () => {
    resetKernel();
    const mocha = new Mocha({ reporter: class {} as never });
    let current: Mocha.Suite = mocha.suite;
    describeServedConformance(servedFixtureDriver(["no-body-limit"]), {
      describe: (title, body) => {
        const suite = Mocha.Suite.create(current, title);
        const previous = current;
        current = suite;
        body();
        current = previous;
      },
      it: (title, body) => current.addTest(new Mocha.Test(title, body)),
      before: (body) => current.beforeAll(body),
      after: (body) => current.afterAll(body),
    });
    const failed: string[] = [];
    const passed: string[] = [];
    await new Promise<void>((resolve) => {
      const runner = mocha.run(() => resolve());
      runner.on("fail", (test) => failed.push(test.title));
      runner.on("pass", (test) => passed.push(test.title));
    });
    expect(failed).to.deep.equal(["a request body over the endpoint's limit is answered 413 [served-body-limit]"]);
    expect(passed).to.have.length(SERVED_CHECK_IDS.length - 1);
  });
});
