import { expect } from "chai";
import { z } from "zod/v3";
import { configureAxn, defineAxn, Factory } from "@axn/core";
import { resetKernel } from "@axn/sdk/testing";
import { ToolMessage } from "@langchain/core/messages";
import { LangchainAdapter, langchainConfig } from "axn-plugin-langchain";
import { captureReports } from "../../support/reports.js";

/** A tool call as the model sends it: LangChain then answers with a ToolMessage. */
function call(name: string, args: Record<string, unknown>, id = "call_1") {
  return { name, args, id, type: "tool_call" as const };
}

describe("axn-plugin-langchain: results as tool messages", () => {
  const reports = captureReports();
  afterEach(() => {
    langchainConfig.reset();
    resetKernel();
  });

  const Invoice = Factory.build(
    {
      name: "LangchainResults.FindInvoice",
      description: "Finds an invoice",
      expects: { number: z.string(), limit: { schema: z.number().int(), optional: true } },
      exposes: { number: z.string(), issuedOn: z.date(), lines: z.number().int() },
      messages: { success: "Found the invoice", error: "Could not find the invoice" },
    },
    ({ number, limit }, ctx) => {
      if (number === "missing") ctx.fail("no such invoice");
      if (number === "bare") ctx.fail("Invoice numbers look like INV-1", { standalone: true });
      if (number === "boom") throw new Error("database password is hunter2");
      return { number, issuedOn: new Date("2026-01-15T00:00:00.000Z"), lines: limit ?? 3 };
    },
  );

  describe("success", () => {
    it("answers the JSON of the rendered exposes, with status success and the exposes as the artifact", async () => {
      const tool = LangchainAdapter.wrap(Invoice);
      const message = await tool.invoke(call(tool.name, { number: "INV-7" }));
      expect(message).to.be.instanceOf(ToolMessage);
      expect(message.status).to.equal("success");
      expect(message.tool_call_id).to.equal("call_1");
      expect(message.name).to.equal("langchain_results_find_invoice");
      expect(message.content).to.equal('{"number":"INV-7","issuedOn":"2026-01-15T00:00:00.000Z","lines":3}');
      expect(message.artifact).to.deep.equal({ number: "INV-7", issuedOn: "2026-01-15T00:00:00.000Z", lines: 3 });
    });

    it("coerces wire strings through the Invoker (LangChain's own validator does not refuse them)", async () => {
      const tool = LangchainAdapter.wrap(Invoice);
      const message = await tool.invoke(call(tool.name, { number: "INV-7", limit: "12" }));
      expect(message.status).to.equal("success");
      expect(message.artifact).to.include({ lines: 12 });
    });

    it('answers the action\'s message under presentAs: "message" (the artifact still carries the exposes)', async () => {
      const tool = LangchainAdapter.wrap(Invoice, { presentAs: "message" });
      const message = await tool.invoke(call(tool.name, { number: "INV-7" }));
      expect(message.content).to.equal("Found the invoice");
      expect(message.status).to.equal("success");
      expect(message.artifact).to.deep.equal({ number: "INV-7", issuedOn: "2026-01-15T00:00:00.000Z", lines: 3 });
    });

    it("resolves presentAs per action (configure bag), then package-wide, at call time", async () => {
      const Terse = Factory.build(
        {
          name: "LangchainResults.Terse",
          exposes: { n: z.number() },
          messages: { success: "Counted" },
          configure: { langchain: { presentAs: "message" } },
        },
        () => ({ n: 1 }),
      );
      const terse = LangchainAdapter.wrap(Terse);
      const invoice = LangchainAdapter.wrap(Invoice);
      expect((await terse.invoke(call(terse.name, {}))).content).to.equal("Counted");
      expect((await invoice.invoke(call(invoice.name, { number: "INV-1" }))).content).to.match(/^\{"number":"INV-1"/);
      langchainConfig.configure((c) => {
        c.presentAs = "message";
      });
      expect((await invoice.invoke(call(invoice.name, { number: "INV-1" }))).content).to.equal("Found the invoice");
      expect(
        (await LangchainAdapter.wrap(Terse, { presentAs: "structured" }).invoke(call(terse.name, {}))).content,
      ).to.equal('{"n":1}');
    });

    it("answers the message, with no artifact, for an action that exposes nothing", async () => {
      const Ping = Factory.build({ name: "LangchainResults.Ping", messages: { success: "pong" } }, () => undefined);
      const message = await LangchainAdapter.wrap(Ping).invoke(call("langchain_results_ping", {}));
      expect(message.content).to.equal("pong");
      expect(message.artifact).to.equal(undefined);
    });

    it("returns bare content for a plain-arguments invoke (no tool call, so no ToolMessage)", async () => {
      const content: unknown = await LangchainAdapter.wrap(Invoice, { presentAs: "message" }).invoke({
        number: "INV-2",
      });
      expect(content).to.equal("Found the invoice");
    });
  });

  describe("failure", () => {
    it("answers result.error with status error — the action's own headline, no adapter-wide one", async () => {
      const tool = LangchainAdapter.wrap(Invoice);
      const message = await tool.invoke(call(tool.name, { number: "missing" }, "call_9"));
      expect(message).to.be.instanceOf(ToolMessage);
      expect(message.status).to.equal("error");
      expect(message.tool_call_id).to.equal("call_9");
      expect(message.name).to.equal(tool.name);
      expect(message.content).to.equal("Could not find the invoice: no such invoice");
      expect(message.artifact).to.equal(undefined);
      const standalone = await tool.invoke(call(tool.name, { number: "bare" }));
      expect(standalone.content).to.equal("Invoice numbers look like INV-1");
    });

    it("never shows an exception's message: the model reads result.error, the exception is reported", async () => {
      const tool = LangchainAdapter.wrap(Invoice);
      const message = await tool.invoke(call(tool.name, { number: "boom" }));
      expect(message.status).to.equal("error");
      expect(message.content).to.equal("Could not find the invoice");
      expect(reports.map((r) => (r.error as Error).message)).to.deep.equal(["database password is hunter2"]);
    });

    it("answers refused arguments with result.error and status error, the field list as the artifact, unreported", async () => {
      const tool = LangchainAdapter.wrap(Invoice);
      const extra = await tool.invoke(call(tool.name, { number: "INV-1", extra: 1 }));
      expect(extra.status).to.equal("error");
      expect(extra.content).to.equal("Could not find the invoice: unknown input: extra");
      expect(extra.artifact).to.deep.equal({ fieldErrors: [{ field: "extra", message: "unknown input: extra" }] });
      const typed = await tool.invoke(call(tool.name, { number: "INV-1", limit: "many" }));
      expect(typed.content).to.equal("Could not find the invoice: limit: Expected number, received string");
      const missing = await tool.invoke(call(tool.name, {}));
      expect(missing.content).to.equal("Could not find the invoice: number: Required");
      expect(reports).to.deep.equal([]);
    });

    it("answers the adapter's own error for exposes with no JSON form, and reports it", async () => {
      const Broken = Factory.build({ name: "LangchainResults.Broken", exposes: { ratio: z.number() } }, () => ({
        ratio: Number.POSITIVE_INFINITY,
      }));
      const message = await LangchainAdapter.wrap(Broken).invoke(call("langchain_results_broken", {}));
      expect(message.status).to.equal("error");
      expect(message.content).to.equal("The tool could not produce a valid response");
      expect(reports).to.have.length(1);
      expect(reports[0]).to.include({ action: "LangchainResults.Broken", phase: "adapter response" });
    });

    it("rethrows a mapping failure in development, so the bug is loud", async () => {
      configureAxn({ env: "development" });
      const Broken = Factory.build({ name: "LangchainResults.BrokenDev", exposes: { ratio: z.number() } }, () => ({
        ratio: Number.NEGATIVE_INFINITY,
      }));
      let thrown: unknown;
      try {
        await LangchainAdapter.wrap(Broken).invoke(call("langchain_results_broken_dev", {}));
      } catch (error) {
        thrown = error;
      }
      expect(thrown).to.have.property("name", "UnserializableValue");
      expect(reports).to.have.length(1);
    });
  });

  it("works for an action registered with defineAxn exactly as for an inline one", async () => {
    const Add = defineAxn({
      name: "LangchainResults.Add",
      expects: { a: z.number(), b: z.number() },
      exposes: { sum: z.number() },
      call: ({ a, b }) => ({ sum: a + b }),
    });
    const message = await LangchainAdapter.wrap(Add).invoke(call("langchain_results_add", { a: "2", b: 3 }));
    expect([message.content, message.artifact]).to.deep.equal(['{"sum":5}', { sum: 5 }]);
  });
});
