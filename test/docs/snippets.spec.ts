/**
 * Runs every example in docs/*.md that lives under docs/examples/snippets and pins the outputs the
 * docs show, so the guides cannot drift from the implementation. When a string changes here, change
 * it in the doc too.
 */
import { expect } from "chai";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { z } from "zod";
import { trace } from "@opentelemetry/api";
import { InMemorySpanExporter } from "@opentelemetry/sdk-trace-base";
import {
  configureAxn,
  defineAxn,
  deprecators,
  Failure,
  type InboundValidationError,
  Invoker,
  isAxnError,
  Tools,
  type ArgsOf,
  type AxnLogger,
} from "@axn/core";
import { createKernelHost } from "@axn/core/internal";
import { createHost } from "@axn/sdk";
import { captureReports } from "../support/reports.js";
import { capturingProcessWarnings } from "../support/process-warnings.js";
import { CardDeclined, ChargeCard } from "../../docs/examples/snippets/charge-card.js";
import { Audited, log as hookLog } from "../../docs/examples/snippets/hooks-order.js";
import { ShipOrder } from "../../docs/examples/snippets/action-fields.js";
import { WhoAmI } from "../../docs/examples/snippets/ambient.js";
import {
  CardDeclined as CardDeclinedForeign,
  Charge,
  chargeCardCalls,
  FindItems,
  nestedVisibility,
  shipOrderCalls,
  whoAmICalls,
} from "../../docs/examples/snippets/actions-usage.js";
import { Search } from "../../docs/examples/snippets/factory.js";
import { installTracing, Summarize, summarizeFor } from "../../docs/examples/snippets/tracing.js";
import { RetryLater, WebhookError } from "../../docs/examples/snippets/errors.js";
import { ListCompanies, runTool } from "../../docs/examples/snippets/invoker.js";
import {
  ambientViolation,
  boundedMessage,
  directCall,
  returnValues,
  smuggledAmbient,
} from "../../docs/examples/snippets/invoker-usage.js";
import { conflict, enumerateVersions } from "../../docs/examples/snippets/tools-usage.js";
import { inlineTool, invoiceTool } from "../../docs/examples/snippets/fncall-usage.js";
import "../../docs/examples/snippets/fncall-conformance.js";
import { withHostCheck } from "../../docs/examples/snippets/host-check.js";
import { ADAPTER_FAILURE_MESSAGE } from "@axn/sdk/adapter";
import fncallPlugin, {
  currentSession,
  deprecator,
  fncallConfig,
  tools,
  wrap,
} from "../../docs/examples/snippets/fncall-adapter.js";
import { resetKernel } from "@axn/sdk/testing";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assertType = <T extends true>(): T => true as T;

const SNIPPETS = join(dirname(fileURLToPath(import.meta.url)), "../../docs/examples/snippets");

/**
 * Imports a snippet module as a new module instance. Tool-membership snippets are loaded this way,
 * inside the spec, after the catalog is cleared: loaded with the other spec files they would join
 * every other spec's `Tools.for` enumeration.
 */
let generation = 0;
async function fresh<M>(file: string): Promise<M> {
  return (await import(`${pathToFileURL(join(SNIPPETS, file)).href}?docs=${++generation}`)) as M;
}

function captureLogger(): { lines: string[]; logger: AxnLogger } {
  const lines: string[] = [];
  const push = (level: string) => (message: string) => void lines.push(`${level} ${message}`);
  return { lines, logger: { debug: push("debug"), info: push("info"), warn: push("warn"), error: push("error") } };
}

describe("docs snippets", () => {
  const reports = captureReports();
  afterEach(() => configureAxn({ logger: console }));

  describe("docs/actions.md", () => {
    it("ChargeCard: the calls the page shows, as written", async () => {
      const { lines, logger } = captureLogger();
      configureAxn({ logger });
      const { result, over, declined, bad } = await chargeCardCalls();
      expect([
        result.ok,
        result.outcome,
        result.chargeId,
        result.exposed.chargeId,
        result.success,
        result.message,
        result.error,
      ]).to.deep.equal([
        true,
        "success",
        "ch_500_usd",
        "ch_500_usd",
        "Charged (ch_500_usd)",
        "Charged (ch_500_usd)",
        undefined,
      ]);
      expect(lines).to.deep.equal(["info [Billing.ChargeCard] charging 500 usd"]);
      expect([over.outcome, over.error]).to.deep.equal(["failure", "Charge failed: amount is over the limit"]);
      expect(over.exception).to.be.instanceOf(Failure);
      expect([declined.outcome, declined.error]).to.deep.equal(["exception", "Charge failed: the card was declined"]);
      expect(declined.exception).to.be.instanceOf(CardDeclined);
      expect([bad.outcome, bad.error]).to.deep.equal(["exception", "Charge failed"]);
      expect((bad.exception as InboundValidationError).fieldErrors).to.deep.equal([
        { field: "amountCents", message: "amountCents: Too small: expected number to be >0" },
        { field: "cardToken", message: "cardToken: is invalid" },
      ]);
      // declined: reported once, phase "call"; bad input: phase "validation"; the failure: never.
      expect(reports.map((r) => [r.action, r.phase])).to.deep.equal([
        ["Billing.ChargeCard", "call"],
        ["Billing.ChargeCard", "validation"],
      ]);
    });

    it("ChargeCard: inferred call arguments", () => {
      expect(
        assertType<
          Equal<
            ArgsOf<typeof ChargeCard>,
            { currency?: "usd" | "eur" | undefined; note?: string | undefined; amountCents: number; cardToken: string }
          >
        >(),
      ).to.equal(true);
    });

    it("a sensitive field keeps zod's wording for a type mismatch only; paths name array items", async () => {
      const typed = await ChargeCard.call({ amountCents: 500, cardToken: 42 as unknown as string });
      expect((typed.exception as InboundValidationError).fieldErrors).to.deep.equal([
        { field: "cardToken", message: "cardToken: Invalid input: expected string, received number" },
      ]);
      const Lines = defineAxn({
        name: "Docs.Lines",
        expects: { items: z.array(z.object({ qty: z.number().int() })) },
        call: () => undefined,
      });
      const items = await Lines.call({ items: [{ qty: 1 }, { qty: 1 }, { qty: 1.5 }] });
      expect((items.exception as InboundValidationError).fieldErrors).to.deep.equal([
        { field: "items[2].qty", message: "items[2].qty: Invalid input: expected int, received number" },
      ]);
    });

    it("ambient fields and subfields are not arguments; a subfield tightens its parent's property", () => {
      expect(assertType<Equal<ArgsOf<typeof WhoAmI>, {}>>()).to.equal(true);
      expect(WhoAmI.inputSchema).to.deep.equal({ type: "object", properties: {}, additionalProperties: false });
      const properties = ShipOrder.inputSchema.properties as Record<string, { properties?: Record<string, unknown> }>;
      expect(Object.keys(properties)).to.deep.equal(["order", "carrier", "boxes"]);
      const [declared, subfield] = (properties.order!.properties!.id as { allOf: object[] }).allOf;
      expect(declared).to.deep.equal({ type: "string" });
      expect(subfield).to.deep.include({ type: "string", pattern: "^ord_.*" });
    });

    it("the two forms of a field", () => {
      expect(assertType<Equal<ArgsOf<typeof FindItems>, { query: string; limit?: number | undefined }>>()).to.equal(
        true,
      );
      expect(FindItems.inputSchema).to.deep.include({ required: ["query"] });
    });

    it("callOrThrow throws Failure whose message is result.error", async () => {
      let caught: unknown;
      try {
        await ChargeCard.callOrThrow({ amountCents: 2_000_000, cardToken: "tok_visa_4242" });
      } catch (error) {
        caught = error;
      }
      expect(caught).to.be.instanceOf(Failure);
      expect((caught as Failure).message).to.equal("Charge failed: amount is over the limit");
      expect(isAxnError(caught)).to.equal(false);
    });

    it("ShipOrder: subfields, validate, userFacing, coerce and done()", async () => {
      const { coerced, shipped, carrier, zip } = await shipOrderCalls();
      expect(coerced.exposed).to.deep.equal({ label: "ups:ord_1:12345:2", alreadyShipped: false });
      expect([shipped.ok, shipped.success, shipped.label]).to.deep.equal([
        true,
        "Already shipped",
        "dhl:ord_shipped:12345:1",
      ]);
      expect([carrier.outcome, carrier.error]).to.deep.equal([
        "failure",
        'Could not ship the order: carrier: Invalid option: expected one of "ups"|"dhl"',
      ]);
      expect([zip.outcome, zip.error, zip.exception?.message]).to.deep.equal([
        "exception",
        "Could not ship the order",
        "zip: must be 5 digits",
      ]);
      expect(reports.map((r) => [r.action, r.phase])).to.deep.equal([["Orders.ShipOrder", "validation"]]);
    });

    it("failsOn: a foreign exception settles as a failure, not reported", async () => {
      const result = await Charge.call({});
      expect([result.outcome, result.error]).to.deep.equal(["failure", "Charge failed: card declined"]);
      expect(result.exception).to.be.instanceOf(CardDeclinedForeign);
      expect(reports).to.have.length(0);
    });

    it("the global onException, as configured on the page", async () => {
      const { sentry } = await fresh<typeof import("../../docs/examples/snippets/on-exception.js")>("on-exception.ts");
      const Boom = defineAxn({
        name: "Docs.Boom",
        call: () => {
          throw new Error("boom");
        },
      });
      await Boom.call({});
      expect(sentry.captured.map(([error, context]) => [(error as Error).message, context])).to.deep.equal([
        ["boom", { extra: { action: "Docs.Boom", phase: "call" } }],
      ]);
    });

    it("deprecations: once per message, then governed by the app", async () => {
      const core = deprecators().get("@axn/core")!;
      const before = core.behavior;
      try {
        // The page's warning is captured and pinned here, not printed into the run.
        const { warnings, deprecator } = await capturingProcessWarnings(async (warnings) => ({
          warnings,
          ...(await fresh<typeof import("../../docs/examples/snippets/deprecations.js")>("deprecations.ts")),
        }));
        expect(warnings.map((w) => [w.name, w.message])).to.deep.equal([
          [
            "DeprecationWarning",
            "retry(seconds) is deprecated; use retry({ afterSeconds }) (deprecated; will be removed in axn-plugin-webhooks 2.0)",
          ],
        ]);
        expect([deprecator.behavior, core.behavior]).to.deep.equal(["raise", "silence"]);
        let raised: unknown;
        try {
          deprecator.warn("retry(seconds) is deprecated; use retry({ afterSeconds })");
        } catch (error) {
          raised = error;
        }
        expect([(raised as { code?: string }).code, (raised as Error).name]).to.deep.equal([
          "AXN_DEPRECATED",
          "DeprecationError",
        ]);
      } finally {
        core.behavior = before;
      }
    });

    it("hooks and callbacks run in the documented order", async () => {
      hookLog.length = 0;
      await Audited.call({});
      expect(hookLog).to.deep.equal([
        "parent around in",
        "child around in",
        "parent before",
        "child before",
        "body",
        "child after",
        "parent after",
        "child around out",
        "parent around out",
        "child onSuccess 2",
        "child onSuccess 1",
        "parent onSuccess",
      ]);
    });

    it("ambient context: Current, explicit replacement, Map, opaque objects", async () => {
      const { plain, inherited, explicit, empty, map, opaque } = await whoAmICalls();
      expect(plain.exposed).to.deep.equal({ userId: "u1" });
      expect(inherited.exposed).to.deep.equal({ userId: "from-request", tenant: "acme" });
      expect(explicit.exposed).to.deep.equal({ userId: "explicit" });
      expect([empty.outcome, empty.exception?.message]).to.deep.equal([
        "exception",
        "userId: Invalid input: expected string, received undefined",
      ]);
      expect(map.userId).to.equal("u2");
      expect([opaque.outcome, opaque.exception?.message]).to.deep.equal([
        "exception",
        "userId: Invalid input: expected string, received undefined",
      ]);
    });

    it("ambient context: each nested action sees only the keys it declares", async () => {
      expect(await nestedVisibility()).to.deep.equal([
        ["Outer", { userId: "u1" }],
        ["TenantOf", { tenant: "acme" }],
      ]);
    });

    it("Factory.build", async () => {
      const result = await Search.call({ query: "an" });
      expect(result.results).to.deep.equal(["banana"]);
      expect(Search.toolName()).to.equal("search");
    });

    it("tracing: one axn.call span per call, annotated", async () => {
      const exporter = new InMemorySpanExporter();
      trace.disable();
      installTracing(exporter);
      try {
        await Summarize.call({});
        expect(exporter.getFinishedSpans().map((s) => [s.name, s.attributes])).to.deep.equal([
          [
            "axn.call",
            { "axn.action": "Docs.Summarize", "gen_ai.request.model": "small-model", "axn.outcome": "success" },
          ],
        ]);
      } finally {
        trace.disable();
      }
    });

    it("tracing: a call parented by a remote caller's traceparent", async () => {
      const exporter = new InMemorySpanExporter();
      trace.disable();
      installTracing(exporter);
      try {
        await summarizeFor("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01");
        const [span, ...others] = exporter.getFinishedSpans();
        expect(others).to.deep.equal([]);
        expect([
          span!.spanContext().traceId,
          span!.parentSpanContext?.spanId,
          span!.parentSpanContext?.isRemote,
        ]).to.deep.equal(["4bf92f3577b34da6a3ce929d0e0e4736", "00f067aa0ba902b7", true]);
      } finally {
        trace.disable();
      }
    });

    it("the error brand", () => {
      const error = new RetryLater(30);
      expect([isAxnError(error), error instanceof WebhookError, error.code, error.message, error.name]).to.deep.equal([
        true,
        true,
        "WEBHOOKS_RETRY_LATER",
        "Retry in 30s",
        "RetryLater",
      ]);
      expect(isAxnError(new Failure("no", { action: "A" }))).to.equal(false);
    });
  });

  describe("docs/tools.md", () => {
    const warnings: string[] = [];
    beforeEach(() => {
      resetKernel();
      warnings.length = 0;
      const noop = () => undefined;
      configureAxn({ logger: { debug: noop, info: noop, error: noop, warn: (m: string) => void warnings.push(m) } });
    });
    after(() => {
      resetKernel();
    });

    function host(...keys: string[]): void {
      const kernel = createKernelHost();
      kernel.hooks.registerAdapter.tap("docs", (adapters) => {
        for (const key of keys) adapters.add(key);
      });
      kernel.freeze();
    }
    const names = (key: string) => Tools.for(key).map((a) => a.toolName(key));

    it("membership for every declaration form", async () => {
      host("mcp", "langchain", "http");
      await fresh("tools-membership.ts");
      expect(names("mcp")).to.deep.equal([
        "find_orders",
        "orders_cancel_order",
        "orders_refund_order",
        "reports_daily_report",
        "status",
      ]);
      expect(names("langchain")).to.deep.equal(["reports_daily_report"]);
      expect(names("http")).to.deep.equal([
        "orders_cancel_order",
        "orders_export_orders",
        "orders_refund_order",
        "reports_daily_report",
      ]);
      expect(warnings).to.deep.equal([]);
    });

    it("versions: latest per name, every version, one group", async () => {
      host("mcp");
      await fresh("tools-versions.ts");
      const { latest, all, group } = enumerateVersions();
      expect(latest.map((a) => `${a.toolName("mcp")}@${a.toolVersion}`)).to.deep.equal(["approve_loan@2"]);
      expect(all.map((a) => a.name)).to.deep.equal(["AgentTools.ApproveLoan.V1", "AgentTools.ApproveLoan.V2"]);
      expect([group.all.map((a) => a.toolVersion), group.latest.name]).to.deep.equal([
        [1, 2],
        "AgentTools.ApproveLoan.V2",
      ]);
    });

    it("conflicts name both actions and how to disambiguate", () => {
      host("mcp");
      expect(conflict).to.throw(
        'Tool name conflict for adapter "mcp": Billing.Charge and Actions.Billing.Charge both resolve to tool "billing_charge" version 1; set a distinct tool name (tool: { name: "..." }) or toolVersion on one of them',
      );
    });

    it("a V<n> name without a matching toolVersion", () => {
      host("mcp");
      expect(() => defineAxn({ name: "AgentTools.Refund.V2", tool: true, call: () => undefined })).to.throw(
        TypeError,
        "defineAxn(AgentTools.Refund.V2): the name ends in a V2 segment but does not declare toolVersion; add toolVersion: 2",
      );
      expect(() =>
        defineAxn({ name: "AgentTools.Refund.V2", toolVersion: 3, tool: true, call: () => undefined }),
      ).to.throw(
        TypeError,
        "defineAxn(AgentTools.Refund.V2): the name ends in a V2 segment but toolVersion is 3; make them agree",
      );
    });

    it("discovery incomplete warning, unknown adapter", () => {
      Tools.registerAdapter("mcp");
      Tools.for("mcp");
      Tools.for("mcp");
      expect(warnings).to.deep.equal([
        "axn: Tools.for was called before discovery was complete (the host has not finished loading or tool roots are not imported yet); enumerate tools after loadHost()/Tools.discover() resolves",
      ]);
      expect(() => Tools.for("mpc")).to.throw(
        TypeError,
        'Unknown tool adapter "mpc"; did you mean "mcp"? Registered adapters: mcp',
      );
    });

    it("tool roots: directory grants, path-derived names and the broad-path guard", async () => {
      Tools.setProjectRoot(SNIPPETS);
      Tools.registerAdapter("mcp", { toolRoots: () => ["agent_tools"] });
      await Tools.discover();
      expect(Tools.for("mcp", { allVersions: true }).map((a) => `${a.toolName("mcp")}@${a.toolVersion}`)).to.deep.equal(
        ["billing_lookup_invoice@1", "extend_trial@1", "extend_trial@2"],
      );
      resetKernel();
      Tools.setProjectRoot(SNIPPETS);
      Tools.registerAdapter("mcp", { toolRoots: () => ["app/actions"] });
      let error: unknown;
      try {
        await Tools.discover();
      } catch (e) {
        error = e;
      }
      expect([(error as { code: string }).code, (error as Error).message]).to.deep.equal([
        "AXN_INVALID_TOOL_ROOT",
        'tool root "app/actions" ends in the bulk folder "actions"; point it at a folder that holds only tools (e.g. "app/actions/agent_tools")',
      ]);
    });
  });

  describe("docs/invoker.md", () => {
    it("the opening call: model arguments, trusted context", async () => {
      const { invoker: intro, result } =
        await fresh<typeof import("../../docs/examples/snippets/invoker-intro.js")>("invoker-intro.ts");
      expect(intro.options).to.deep.equal({ userFacingInputErrors: true, rejectUndeclaredInputs: true });
      expect([result.ok, result.exposed]).to.deep.equal([true, { companies: ["Acme", "Globex"], userId: "u1" }]);
    });

    it("coerces wire strings and uses only the trusted ambient context", async () => {
      await smuggledAmbient();
      expect(await runTool({ limit: "2", sort: "name" }, { userId: "u1" })).to.deep.equal({
        content: { companies: ["Acme", "Globex"], userId: "u1" },
      });
      expect(await runTool({ limit: "1", ambientContext: { userId: "attacker" } }, { userId: "u1" })).to.deep.equal({
        content: { companies: ["Acme"], userId: "u1" },
      });
    });

    it("user-facing input errors with field detail", async () => {
      await returnValues();
      expect(await runTool({ limit: "many", sort: "age" }, { userId: "u1" })).to.deep.equal({
        error:
          'Could not list companies: limit: Invalid input: expected number, received string; sort: Invalid option: expected one of "name"|"size"',
        fieldErrors: [
          { field: "limit", message: "limit: Invalid input: expected number, received string" },
          { field: "sort", message: 'sort: Invalid option: expected one of "name"|"size"' },
        ],
      });
      expect(await runTool({ limit: 5, offset: 10 }, { userId: "u1" })).to.deep.equal({
        error: "Could not list companies: unknown input: offset",
        fieldErrors: [{ field: "offset", message: "unknown input: offset" }],
      });
      expect(reports).to.have.length(0);
    });

    it("ambient violations stay developer-facing", async () => {
      const result = await ambientViolation();
      expect([result.outcome, result.error, Invoker.inputInvalid(result)]).to.deep.equal([
        "exception",
        "Could not list companies",
        false,
      ]);
      expect(Invoker.fieldErrors(result)).to.deep.equal([
        { field: "limit", message: "limit: Invalid input: expected number, received string" },
        { field: "userId", message: "userId: Invalid input: expected string, received undefined" },
      ]);
      expect(reports).to.have.length(1);
    });

    it("bounded messages: a huge undeclared key is quoted to 100 characters", async () => {
      const result = await boundedMessage();
      expect(result.error).to.equal(`Could not list companies: unknown input: ${"k".repeat(100)}…`);
    });

    it("reflects the coercible types the model sees", () => {
      expect(ListCompanies.inputSchema).to.deep.equal({
        type: "object",
        properties: {
          limit: { type: "integer", minimum: 1, maximum: 100 },
          since: { type: "string", format: "date-time" },
          sort: { type: "string", enum: ["name", "size"], default: "name" },
        },
        additionalProperties: false,
      });
    });

    it("a direct call does not coerce", async () => {
      const result = await directCall();
      expect([result.outcome, result.exception?.message]).to.deep.equal([
        "exception",
        "limit: Invalid input: expected number, received string",
      ]);
    });
  });

  describe("docs/adapter-authoring.md", () => {
    it("the Host check: loopback names on a loopback bind, the given list otherwise, nothing on a public bind", async () => {
      const ok = (): Response => Response.json({ ok: true });
      const ask = async (
        handler: (request: Request) => Response | Promise<Response>,
        host: string,
      ): Promise<[number, unknown]> => {
        const response = await handler(new Request("http://x/", { headers: { host } }));
        return [response.status, await response.json()];
      };
      const loopback = withHostCheck(ok, { bindAddress: "127.0.0.1" });
      expect(await ask(loopback, "localhost:8787")).to.deep.equal([200, { ok: true }]);
      expect(await ask(loopback, "evil.example:8787")).to.deep.equal([
        403,
        { error: 'Host "evil.example" is not allowed' },
      ]);
      const listed = withHostCheck(ok, { bindAddress: "0.0.0.0", allowedHosts: ["API.Internal"] });
      expect(await ask(listed, "api.internal")).to.deep.equal([200, { ok: true }]);
      expect(await ask(listed, "localhost")).to.deep.equal([403, { error: 'Host "localhost" is not allowed' }]);
      expect(withHostCheck(ok, { bindAddress: "0.0.0.0" })).to.equal(ok);
    });

    beforeEach(resetKernel);
    after(resetKernel);
    // After the reset (which restores the default global options), so the capture is in place.
    const reports = captureReports();

    it("loads through a host, discovers its default tool root and serves the tools", async () => {
      const { served } = await fresh<typeof import("../../docs/examples/snippets/fncall-host.js")>("fncall-host.ts");
      expect(served.map((t) => t.name)).to.deep.equal(["billing_lookup_invoice", "extend_trial"]);
      const [invoice] = served;
      await invoiceTool(invoice!);
      expect(invoice!.description).to.equal("Look up an invoice by number");
      expect(invoice!.parameters).to.deep.equal({
        type: "object",
        properties: { number: { type: "string", pattern: "^INV-\\d+$" } },
        required: ["number"],
        additionalProperties: false,
      });
      expect(await invoice!.call({ number: "INV-7" }, { userId: "cus_1" })).to.deep.equal({
        ok: true,
        content: { number: "INV-7", userId: "cus_1", issuedOn: "2026-01-15T00:00:00.000Z" },
      });
      expect(await invoice!.call({ number: "7" }, { userId: "cus_1" })).to.deep.equal({
        ok: false,
        error: "number: Invalid string: must match pattern /^INV-\\d+$/",
        fieldErrors: [{ field: "number", message: "number: Invalid string: must match pattern /^INV-\\d+$/" }],
      });
    });

    it("per-action presentAs, inline tools, the live session handle", async () => {
      await createHost({ config: { plugins: [fncallPlugin] }, cwd: SNIPPETS });
      const Greet = defineAxn({
        name: "Docs.Greet",
        configure: { fncall: { presentAs: "message" } },
        exposes: { greeting: z.string() },
        messages: { success: ({ greeting }) => greeting },
        call: () => {
          currentSession()?.progress?.(1);
          return { greeting: "Hello" };
        },
      });
      const progress: number[] = [];
      expect(await wrap(Greet).call({}, { userId: "u1", progress: (n) => void progress.push(n) })).to.deep.equal({
        ok: true,
        content: "Hello",
      });
      expect(progress).to.deep.equal([1]);
      expect(fncallConfig.resolveOverrideFor(Greet, "presentAs")).to.equal("message");
      const inline = await inlineTool();
      expect([inline.name, inline.description]).to.deep.equal(["search", "Search for items"]);
      expect(await inline.call({ query: "rr" }, { userId: "u1" })).to.deep.equal({
        ok: true,
        content: { results: ["cherry"] },
      });
      expect(tools().map((t) => t.name)).to.not.include("search");
    });

    it("a mapping failure answers the adapter's own error response and is reported", async () => {
      await createHost({ config: { plugins: [fncallPlugin] }, cwd: SNIPPETS });
      const Broken = defineAxn({
        name: "Docs.Broken",
        exposes: { label: z.string() },
        call: () => ({ label: "a\ud800" }),
      });
      expect(await wrap(Broken).call({}, { userId: "u1" })).to.deep.equal({
        ok: false,
        error: ADAPTER_FAILURE_MESSAGE,
      });
      expect(reports.map((r) => [r.action, r.phase])).to.deep.equal([["Docs.Broken", "adapter response"]]);
    });

    it("per-action bags are validated against the plugin's settings", async () => {
      await createHost({ config: { plugins: [fncallPlugin] }, cwd: SNIPPETS });
      expect(() =>
        defineAxn({ name: "Docs.Greet", configure: { fncall: { colour: 1 } as never }, call: () => undefined }),
      ).to.throw(
        "Unknown setting fncall.colour on action Docs.Greet; axn-plugin-fncall accepts: name, presentAs, rejectOpaqueExposedValues",
      );
    });

    it("CI makes every package's deprecations fatal", async () => {
      const before = new Map([...deprecators()].map(([name, d]) => [name, d.behavior]));
      try {
        await fresh("deprecations-ci.ts");
        expect([...deprecators().values()].map((d) => d.behavior)).to.satisfy((all: string[]) =>
          all.every((b) => b === "raise"),
        );
        expect([...deprecators().keys()]).to.include.members(["@axn/core", "@axn/sdk", "axn-plugin-fncall"]);
      } finally {
        for (const [name, behavior] of before) deprecators().get(name)!.behavior = behavior;
      }
    });

    it("deprecations go through the plugin's own deprecator", () => {
      expect(deprecators().get("axn-plugin-fncall")).to.equal(deprecator);
      const previous = deprecator.behavior;
      deprecator.behavior = "raise";
      try {
        expect(() => wrap(Search, { summary: "x" })).to.throw(
          "wrap(action, { summary }) is deprecated; use { description } (deprecated; will be removed in axn-plugin-fncall 2.0)",
        );
      } finally {
        deprecator.behavior = previous;
      }
    });
  });
});
