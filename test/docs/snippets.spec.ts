/**
 * Runs every example in docs/*.md that lives under docs/examples/snippets and pins the outputs the
 * docs show, so the guides cannot drift from the implementation. When a string changes here, change
 * it in the doc too.
 */
import { expect } from "chai";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { z } from "zod/v3";
import { trace } from "@opentelemetry/api";
import { InMemorySpanExporter } from "@opentelemetry/sdk-trace-base";
import {
  configureAxn,
  createKernelHost,
  Current,
  defineAxn,
  deprecators,
  Failure,
  InboundValidationError,
  Invoker,
  isAxnError,
  resetHost,
  Tools,
  type ArgsOf,
  type AxnLogger,
} from "@axn/core";
import { clearCatalog } from "@axn/core/internal";
import { createHost } from "@axn/sdk";
import { captureReports } from "../support/reports.js";
import { CardDeclined, ChargeCard } from "../../docs/examples/snippets/charge-card.js";
import { ShipOrder } from "../../docs/examples/snippets/action-fields.js";
import { Audited, log as hookLog } from "../../docs/examples/snippets/hooks-order.js";
import { WhoAmI } from "../../docs/examples/snippets/ambient.js";
import { Search } from "../../docs/examples/snippets/factory.js";
import { installTracing, Summarize } from "../../docs/examples/snippets/tracing.js";
import { RetryLater, WebhookError } from "../../docs/examples/snippets/errors.js";
import { invoker, ListCompanies, runTool } from "../../docs/examples/snippets/invoker.js";
import { withHostCheck } from "../../docs/examples/snippets/host-check.js";
import { ADAPTER_FAILURE_MESSAGE } from "@axn/sdk/adapter";
import fncallPlugin, { currentSession, deprecator, fncallConfig, tools, wrap } from "../../docs/examples/snippets/fncall-adapter.js";

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
    it("ChargeCard: success, message and typed exposes", async () => {
      const { lines, logger } = captureLogger();
      configureAxn({ logger });
      const result = await ChargeCard.call({ amountCents: 500, cardToken: "tok_visa_4242" });
      expect(result.ok).to.equal(true);
      expect(result.outcome).to.equal("success");
      expect(result.chargeId).to.equal("ch_500_usd");
      expect(result.success).to.equal("Charged (ch_500_usd)");
      expect(result.message).to.equal("Charged (ch_500_usd)");
      expect(result.error).to.equal(undefined);
      expect(lines).to.deep.equal(["info [Billing.ChargeCard] charging 500 usd"]);
    });

    it("ChargeCard: inferred call arguments", () => {
      expect(
        assertType<
          Equal<ArgsOf<typeof ChargeCard>, { currency?: "usd" | "eur" | undefined; note?: string | undefined; amountCents: number; cardToken: string }>
        >(),
      ).to.equal(true);
    });

    it("ChargeCard: fail(reason) under the headline", async () => {
      const result = await ChargeCard.call({ amountCents: 2_000_000, cardToken: "tok_visa_4242" });
      expect([result.outcome, result.error]).to.deep.equal(["failure", "Charge failed: amount is over the limit"]);
      expect(result.exception).to.be.instanceOf(Failure);
      expect(reports).to.have.length(0);
    });

    it("ChargeCard: a matched exception is a reason, still an exception, reported once", async () => {
      const result = await ChargeCard.call({ amountCents: 500, cardToken: "tok_declined_1" });
      expect([result.outcome, result.error]).to.deep.equal(["exception", "Charge failed: the card was declined"]);
      expect(result.exception).to.be.instanceOf(CardDeclined);
      expect(reports.map((r) => [r.action, r.phase])).to.deep.equal([["Billing.ChargeCard", "call"]]);
    });

    it("ChargeCard: inbound violations are developer-facing; sensitive values never reach the message", async () => {
      const result = await ChargeCard.call({ amountCents: -5, cardToken: "short" });
      expect([result.outcome, result.error]).to.deep.equal(["exception", "Charge failed"]);
      expect((result.exception as InboundValidationError).fieldErrors).to.deep.equal([
        { field: "amountCents", message: "amountCents: Too small: expected number to be >0" },
        { field: "cardToken", message: "cardToken: is invalid" },
      ]);
      expect(reports.map((r) => r.phase)).to.deep.equal(["validation"]);
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
      const order = { id: "ord_1", address: { zip: "12345", country: "US" } };
      const ok = await ShipOrder.call({ order, carrier: "ups", boxes: "2" as unknown as number });
      expect(ok.exposed).to.deep.equal({ label: "ups:ord_1:12345:2", alreadyShipped: false });

      const shipped = await ShipOrder.call({ order: { ...order, id: "ord_shipped" }, carrier: "dhl" });
      expect([shipped.ok, shipped.success, shipped.label]).to.deep.equal([true, "Already shipped", "dhl:ord_shipped:12345:1"]);

      const carrier = await ShipOrder.call({ order, carrier: "fedex" as "ups" });
      expect([carrier.outcome, carrier.error]).to.deep.equal([
        "failure",
        "Could not ship the order: carrier: Invalid option: expected one of \"ups\"|\"dhl\"",
      ]);

      const zip = await ShipOrder.call({ order: { ...order, address: { zip: "1", country: "US" } }, carrier: "ups" });
      expect([zip.outcome, zip.error, zip.exception?.message]).to.deep.equal(["exception", "Could not ship the order", "zip: must be 5 digits"]);
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
      expect((await WhoAmI.call({}, { ambientContext: { userId: "u1", role: "admin" } })).exposed).to.deep.equal({ userId: "u1" });
      await Current.run({ userId: "from-request", tenant: "acme" }, async () => {
        expect((await WhoAmI.call({})).exposed).to.deep.equal({ userId: "from-request", tenant: "acme" });
        expect((await WhoAmI.call({}, { ambientContext: { userId: "explicit" } })).exposed).to.deep.equal({ userId: "explicit" });
        const none = await WhoAmI.call({}, { ambientContext: {} });
        expect([none.outcome, none.exception?.message]).to.deep.equal(["exception", "userId: Invalid input: expected string, received undefined"]);
      });
      expect((await WhoAmI.call({}, { ambientContext: new Map([["userId", "u2"]]) })).userId).to.equal("u2");
      class Session { userId = "u3"; }
      const opaque = await WhoAmI.call({}, { ambientContext: new Session() as unknown as Record<string, unknown> });
      expect(opaque.exception?.message).to.equal("userId: Invalid input: expected string, received undefined");
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
          ["axn.call", { "axn.action": "Docs.Summarize", "gen_ai.request.model": "small-model", "axn.outcome": "success" }],
        ]);
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
      resetHost();
      clearCatalog();
      warnings.length = 0;
      const noop = () => undefined;
      configureAxn({ logger: { debug: noop, info: noop, error: noop, warn: (m: string) => void warnings.push(m) } });
    });
    after(() => {
      resetHost();
      clearCatalog();
    });

    function host(...keys: string[]): void {
      const kernel = createKernelHost();
      kernel.hooks.registerAdapter.tap("docs", (adapters) => keys.forEach((key) => adapters.add(key)));
      kernel.freeze();
    }
    const names = (key: string) => Tools.for(key).map((a) => a.toolName(key));

    it("membership for every declaration form", async () => {
      host("mcp", "langchain", "http");
      await fresh("tools-membership.ts");
      expect(names("mcp")).to.deep.equal(["find_orders", "orders_cancel_order", "orders_refund_order", "reports_daily_report", "status"]);
      expect(names("langchain")).to.deep.equal(["reports_daily_report"]);
      expect(names("http")).to.deep.equal(["orders_cancel_order", "orders_export_orders", "orders_refund_order", "reports_daily_report"]);
      expect(warnings).to.deep.equal([]);
    });

    it("versions: latest per name, every version, one group", async () => {
      host("mcp");
      await fresh("tools-versions.ts");
      expect(Tools.for("mcp").map((a) => `${a.toolName("mcp")}@${a.toolVersion}`)).to.deep.equal(["approve_loan@2"]);
      expect(Tools.for("mcp", { allVersions: true }).map((a) => a.name)).to.deep.equal(["AgentTools.ApproveLoan.V1", "AgentTools.ApproveLoan.V2"]);
      const group = Tools.versions("mcp", "approve_loan");
      expect([group.all.map((a) => a.toolVersion), group.latest.name]).to.deep.equal([[1, 2], "AgentTools.ApproveLoan.V2"]);
    });

    it("conflicts name both actions and how to disambiguate", () => {
      host("mcp");
      defineAxn({ name: "Billing.Charge", tool: true, call: () => undefined });
      defineAxn({ name: "Actions.Billing.Charge", tool: true, call: () => undefined });
      expect(() => Tools.for("mcp")).to.throw(
        'Tool name conflict for adapter "mcp": Billing.Charge and Actions.Billing.Charge both resolve to tool "billing_charge" version 1; set a distinct tool name (tool: { name: "..." }) or toolVersion on one of them',
      );
    });

    it("a V<n> name without a matching toolVersion", () => {
      host("mcp");
      expect(() => defineAxn({ name: "AgentTools.Refund.V2", tool: true, call: () => undefined })).to.throw(
        TypeError,
        "defineAxn(AgentTools.Refund.V2): the name ends in a V2 segment but does not declare toolVersion; add toolVersion: 2",
      );
      expect(() => defineAxn({ name: "AgentTools.Refund.V2", toolVersion: 3, tool: true, call: () => undefined })).to.throw(
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
      expect(() => Tools.for("mpc")).to.throw(TypeError, 'Unknown tool adapter "mpc"; did you mean "mcp"? Registered adapters: mcp');
    });

    it("tool roots: directory grants, path-derived names and the broad-path guard", async () => {
      Tools.setProjectRoot(SNIPPETS);
      Tools.registerAdapter("mcp", { toolRoots: () => ["agent_tools"] });
      await Tools.discover();
      expect(Tools.for("mcp", { allVersions: true }).map((a) => `${a.toolName("mcp")}@${a.toolVersion}`)).to.deep.equal([
        "billing_lookup_invoice@1",
        "extend_trial@1",
        "extend_trial@2",
      ]);
      resetHost();
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
    it("coerces wire strings and uses only the trusted ambient context", async () => {
      expect(await runTool({ limit: "2", sort: "name" }, { userId: "u1" })).to.deep.equal({ content: { companies: ["Acme", "Globex"], userId: "u1" } });
      expect(await runTool({ limit: "1", ambientContext: { userId: "attacker" } }, { userId: "u1" })).to.deep.equal({
        content: { companies: ["Acme"], userId: "u1" },
      });
    });

    it("user-facing input errors with field detail", async () => {
      expect(await runTool({ limit: "many", sort: "age" }, { userId: "u1" })).to.deep.equal({
        error: "Could not list companies: limit: Invalid input: expected number, received string; sort: Invalid option: expected one of \"name\"|\"size\"",
        fieldErrors: [
          { field: "limit", message: "limit: Invalid input: expected number, received string" },
          { field: "sort", message: "sort: Invalid option: expected one of \"name\"|\"size\"" },
        ],
      });
      expect(await runTool({ limit: 5, offset: 10 }, { userId: "u1" })).to.deep.equal({
        error: "Could not list companies: unknown input: offset",
        fieldErrors: [{ field: "offset", message: "unknown input: offset" }],
      });
      expect(reports).to.have.length(0);
    });

    it("ambient violations stay developer-facing", async () => {
      const result = await invoker.call(ListCompanies, { limit: "x" }, { ambientContext: {} });
      expect([result.outcome, result.error, Invoker.inputInvalid(result)]).to.deep.equal(["exception", "Could not list companies", false]);
      expect(Invoker.fieldErrors(result)).to.deep.equal([
        { field: "limit", message: "limit: Invalid input: expected number, received string" },
        { field: "userId", message: "userId: Invalid input: expected string, received undefined" },
      ]);
      expect(reports).to.have.length(1);
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
      const result = await ListCompanies.call({ limit: "2" as unknown as number }, { ambientContext: { userId: "u1" } });
      expect([result.outcome, result.exception?.message]).to.deep.equal(["exception", "limit: Invalid input: expected number, received string"]);
    });
  });

  describe("docs/adapter-authoring.md", () => {
    it("the Host check: loopback names on a loopback bind, the given list otherwise, nothing on a public bind", async () => {
      const ok = (): Response => Response.json({ ok: true });
      const ask = async (handler: (request: Request) => Response | Promise<Response>, host: string): Promise<[number, unknown]> => {
        const response = await handler(new Request("http://x/", { headers: { host } }));
        return [response.status, await response.json()];
      };
      const loopback = withHostCheck(ok, { bindAddress: "127.0.0.1" });
      expect(await ask(loopback, "localhost:8787")).to.deep.equal([200, { ok: true }]);
      expect(await ask(loopback, "evil.example:8787")).to.deep.equal([403, { error: 'Host "evil.example" is not allowed' }]);
      const listed = withHostCheck(ok, { bindAddress: "0.0.0.0", allowedHosts: ["API.Internal"] });
      expect(await ask(listed, "api.internal")).to.deep.equal([200, { ok: true }]);
      expect(await ask(listed, "localhost")).to.deep.equal([403, { error: 'Host "localhost" is not allowed' }]);
      expect(withHostCheck(ok, { bindAddress: "0.0.0.0" })).to.equal(ok);
    });

    beforeEach(() => {
      resetHost();
      clearCatalog();
    });
    after(() => {
      resetHost();
      clearCatalog();
    });

    it("loads through a host, discovers its default tool root and serves the tools", async () => {
      await createHost({ config: { plugins: [fncallPlugin] }, cwd: SNIPPETS });
      const served = tools();
      expect(served.map((t) => t.name)).to.deep.equal(["billing_lookup_invoice", "extend_trial"]);
      const [invoice] = served;
      expect(invoice!.description).to.equal("Look up an invoice by number");
      expect(invoice!.parameters).to.deep.equal({
        type: "object",
        properties: { number: { type: "string", pattern: "^INV-\\d+$" } },
        required: ["number"],
        additionalProperties: false,
      });
      expect(await invoice!.call({ number: "INV-7" }, { context: { userId: "cus_1" } })).to.deep.equal({
        ok: true,
        content: { number: "INV-7", userId: "cus_1", issuedOn: "2026-01-15T00:00:00.000Z" },
      });
      expect(await invoice!.call({ number: "7" }, { context: { userId: "cus_1" } })).to.deep.equal({
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
      expect(await wrap(Greet).call({}, { context: { userId: "u1" }, progress: (n) => void progress.push(n) })).to.deep.equal({ ok: true, content: "Hello" });
      expect(progress).to.deep.equal([1]);
      expect(fncallConfig.resolveOverrideFor(Greet, "presentAs")).to.equal("message");
      const inline = wrap(Search);
      expect([inline.name, inline.description]).to.deep.equal(["search", "Search for items"]);
      expect(await inline.call({ query: "rr" }, {})).to.deep.equal({ ok: true, content: { results: ["cherry"] } });
      expect(tools().map((t) => t.name)).to.not.include("search");
    });

    it("a mapping failure answers the adapter's own error response and is reported", async () => {
      await createHost({ config: { plugins: [fncallPlugin] }, cwd: SNIPPETS });
      const Broken = defineAxn({ name: "Docs.Broken", exposes: { total: z.number() }, call: () => ({ total: Infinity }) });
      expect(await wrap(Broken).call({}, {})).to.deep.equal({ ok: false, error: ADAPTER_FAILURE_MESSAGE });
      expect(reports.map((r) => [r.action, r.phase])).to.deep.equal([["Docs.Broken", "adapter response"]]);
    });

    it("per-action bags are validated against the plugin's settings", async () => {
      await createHost({ config: { plugins: [fncallPlugin] }, cwd: SNIPPETS });
      expect(() => defineAxn({ name: "Docs.Greet", configure: { fncall: { colour: 1 } as never }, call: () => undefined })).to.throw(
        "Unknown setting fncall.colour on action Docs.Greet; axn-plugin-fncall accepts: name, presentAs, rejectOpaqueExposedValues",
      );
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
