import { expect } from "chai";
import { z } from "zod/v3";
import { AxnError, defineAxn } from "@axn/core";
import { ADAPTER_FAILURE_MESSAGE, McpAdapter, mcpConfig, TOOL_VERSION_META_KEY } from "axn-plugin-mcp";
import { captureReports } from "../../support/reports.js";
import { ArchiveProject, ChargeCard, Greet, ImportRows, ListCompanies, WhoAmI } from "./fixtures/actions.js";
import { schemaErrors, textOf } from "./support.js";

class Money {
  constructor(readonly cents: number) {}
}

const PriceTag = defineAxn({
  name: "McpSpec.PriceTag",
  description: "Price a thing",
  exposes: { price: z.instanceof(Money) },
  call: () => ({ price: new Money(250) }),
});

const StrictPriceTag = defineAxn({
  name: "McpSpec.StrictPriceTag",
  description: "Price a thing, refusing undeclared renderings",
  configure: { mcp: { rejectOpaqueExposedValues: true } },
  exposes: { price: z.instanceof(Money) },
  call: () => ({ price: new Money(250) }),
});

const Both = defineAxn({ name: "McpSpec.Both", semanticHints: ["openWorld", "closedWorld"], call: () => undefined });

describe("axn-plugin-mcp: McpAdapter.wrap", () => {
  const reports = captureReports();
  afterEach(() => mcpConfig.reset());

  it("keeps the action's tool name, description and input schema, and never mutates the action", () => {
    const before = JSON.stringify(ListCompanies.inputSchema);
    const tool = McpAdapter.wrap(ListCompanies);
    expect(tool.name).to.equal("mcp_spec_list_companies");
    expect(tool.name).to.equal(ListCompanies.toolName("mcp"));
    expect(tool.description).to.equal("List the companies a user can see");
    expect(tool.inputSchema).to.equal(ListCompanies.inputSchema); // the listing adds the dialect: see in-memory.spec.ts
    expect(tool.outputSchema).to.deep.equal(ListCompanies.outputSchema);
    expect(tool.action).to.equal(ListCompanies);
    expect(JSON.stringify(ListCompanies.inputSchema)).to.equal(before);
    expect(Object.isFrozen(tool)).to.equal(true);
  });

  it("takes name, description and title options, and refuses a name that is not provider-safe", () => {
    const tool = McpAdapter.wrap(ListCompanies, { name: "companies", description: "Companies", title: "Companies" });
    expect([tool.name, tool.description, tool.title]).to.deep.equal(["companies", "Companies", "Companies"]);
    expect(() => McpAdapter.wrap(ListCompanies, { name: "List Companies" })).to.throw(
      TypeError,
      'McpAdapter.wrap(McpSpec.ListCompanies): tool name "List Companies" must match /^[a-z0-9_]+$/',
    );
  });

  describe("annotations", () => {
    it("maps semantic hints: readOnly, idempotent, destructive, openWorld / closedWorld", () => {
      expect(McpAdapter.wrap(ListCompanies).annotations).to.deep.equal({
        readOnlyHint: true,
        idempotentHint: true,
        openWorldHint: false,
      });
      expect(McpAdapter.wrap(ArchiveProject).annotations).to.deep.equal({ destructiveHint: true, openWorldHint: true });
      expect(McpAdapter.wrap(Greet)).not.to.have.property("annotations");
    });

    it("an action's explicit annotations replace its hints; an empty object advertises none", () => {
      expect(McpAdapter.wrap(WhoAmI).annotations).to.deep.equal({ readOnlyHint: true, openWorldHint: false });
      expect(McpAdapter.wrap(ChargeCard)).not.to.have.property("annotations");
    });

    it("the wrap option wins over the action's setting, and the app-wide setting over hints", () => {
      expect(McpAdapter.wrap(WhoAmI, { annotations: { idempotentHint: true } }).annotations).to.deep.equal({
        idempotentHint: true,
      });
      expect(McpAdapter.wrap(ListCompanies, { annotations: {} })).not.to.have.property("annotations");
      mcpConfig.configure((c) => {
        c.annotations = { openWorldHint: true };
      });
      expect(McpAdapter.wrap(ListCompanies).annotations).to.deep.equal({ openWorldHint: true });
      expect(McpAdapter.wrap(WhoAmI).annotations).to.deep.equal({ readOnlyHint: true, openWorldHint: false });
    });

    it("refuses invalid annotations and contradictory hints", () => {
      expect(() => McpAdapter.wrap(Greet, { annotations: { readOnly: true } as never })).to.throw(
        TypeError,
        "McpAdapter.wrap(McpSpec.Greet): invalid annotations: unknown annotation readOnly; expected one of title, readOnlyHint, destructiveHint, idempotentHint, openWorldHint",
      );
      expect(() =>
        mcpConfig.configure((c) => {
          c.annotations = { readOnlyHint: "yes" } as never;
        }),
      ).to.throw(
        AxnError,
        "Invalid annotations { readOnlyHint: 'yes' } for axn-plugin-mcp: annotation readOnlyHint must be a boolean",
      );
      expect(() => McpAdapter.wrap(Both)).to.throw(
        TypeError,
        "Action McpSpec.Both declares both openWorld and closedWorld semantic hints; keep one",
      );
    });
  });

  it("carries the tool version in _meta only above 1", () => {
    expect(McpAdapter.wrap(ImportRows)._meta).to.deep.equal({ [TOOL_VERSION_META_KEY]: 2 });
    expect(TOOL_VERSION_META_KEY).to.equal("axn/toolVersion");
    expect(McpAdapter.wrap(ListCompanies)).not.to.have.property("_meta");
  });

  describe("presentAs", () => {
    it("structured (default): structuredContent is the rendered exposes, text its JSON, and it conforms to outputSchema", async () => {
      const tool = McpAdapter.wrap(ListCompanies);
      const result = await tool.call({ limit: "2", sort: "size" });
      const expected = {
        companies: [
          { name: "Initech", size: 7 },
          { name: "Globex", size: 12 },
        ],
        count: 2,
      };
      expect(result).to.deep.equal({
        content: [{ type: "text", text: JSON.stringify(expected) }],
        structuredContent: expected,
      });
      expect(schemaErrors(tool.outputSchema!, result.structuredContent)).to.deep.equal([]);
    });

    it("message: the text is the action's message, with no structured content and no outputSchema", async () => {
      const tool = McpAdapter.wrap(Greet);
      expect(tool).not.to.have.property("outputSchema");
      expect(tool.title).to.equal("Say hello");
      expect(await tool.call({ name: "Ada" })).to.deep.equal({ content: [{ type: "text", text: "Hello, Ada!" }] });
      const asMessage = McpAdapter.wrap(ListCompanies, { presentAs: "message" });
      expect(asMessage).not.to.have.property("outputSchema");
      expect(textOf(await asMessage.call({}))).to.equal("Action completed successfully");
    });

    it("the wrap option beats the action's setting; the app-wide setting applies where the action sets none", async () => {
      const structuredGreet = McpAdapter.wrap(Greet, { presentAs: "structured" });
      expect((await structuredGreet.call({ name: "Ada" })).structuredContent).to.deep.equal({
        greeting: "Hello, Ada!",
      });
      mcpConfig.configure((c) => {
        c.presentAs = "message";
      });
      expect(McpAdapter.wrap(ListCompanies)).not.to.have.property("outputSchema");
      expect(McpAdapter.wrap(Greet)).not.to.have.property("outputSchema");
      expect(() =>
        mcpConfig.configure((c) => {
          c.presentAs = "json" as never;
        }),
      ).to.throw(AxnError, 'Invalid presentAs "json" for axn-plugin-mcp: expected one of "structured", "message"');
    });

    it("an action exposing nothing answers its message and advertises no outputSchema", async () => {
      const tool = McpAdapter.wrap(ArchiveProject);
      expect(tool).not.to.have.property("outputSchema");
      expect(await tool.call({ projectId: "p1" })).to.deep.equal({
        content: [{ type: "text", text: "Project archived" }],
      });
    });
  });

  it("a failure is isError with result.error, and no structured content", async () => {
    expect(await McpAdapter.wrap(ChargeCard).call({ amount: 500 })).to.deep.equal({
      content: [{ type: "text", text: "Could not charge the card: the card was declined" }],
      isError: true,
    });
  });

  it("rejectOpaqueExposedValues is resolved per action (default false)", async () => {
    const lenient = await McpAdapter.wrap(PriceTag).call({});
    expect(lenient.structuredContent).to.deep.equal({ price: { cents: 250 } });
    expect(reports).to.have.length(0);
    const strict = await McpAdapter.wrap(StrictPriceTag).call({});
    expect(strict).to.deep.equal({ content: [{ type: "text", text: ADAPTER_FAILURE_MESSAGE }], isError: true });
    expect(reports).to.have.length(1);
    expect(reports[0]!.phase).to.equal("adapter response");
  });
});
