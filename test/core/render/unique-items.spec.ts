/**
 * Issue 16, item 17. The seed (Value serialization): render "handles … edge cases so the output
 * validates against the reflected output_schema", and "a rendered body always covers exactly the
 * declared exposes — and therefore always matches output_schema". A `z.set(...)` reflects as
 * `{ type: "array", uniqueItems: true }`, but two members that are distinct to a JS `Set` (two
 * `Date`s of one instant, two structurally equal objects, `1n` beside `"1"`) render as one JSON
 * value twice. Rendering them anyway publishes a body that breaks the schema the same adapter
 * published: a real MCP `Client` then rejects the whole result (-32602). Chosen: refuse, naming the
 * later member's path — the same rule as two `Map` keys that render as one property (never a
 * silent de-duplication, which would drop a member the action exposed). See docs/serialization.md.
 */
import { expect } from "chai";
import { z } from "zod/v3";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { defineAxn, render } from "@axn/core";
import { ADAPTER_FAILURE_MESSAGE, McpAdapter } from "axn-plugin-mcp";
import { renderValue } from "../../../core/src/render/values.js";
import { refusal } from "./support.js";
import { captureReports } from "../../support/reports.js";
import { connectInMemory, textOf } from "../../plugins/mcp/support.js";

const addFormats = addFormatsModule.default;
const loose = { rejectOpaque: false };

const instant = "2026-07-08T10:00:00.000Z";

describe("render: a Set renders as an array of distinct JSON values (uniqueItems)", () => {
  const ajv = new Ajv2020({ strict: false });
  addFormats(ajv);

  const scheduleExposes = {
    when: z.set(z.date()),
    points: z.set(z.object({ x: z.number(), y: z.number() })).optional(),
    ids: z.set(z.union([z.bigint(), z.string()])).optional(),
  };
  const Schedule = defineAxn({
    name: "Render.UniqueItems.Schedule",
    exposes: scheduleExposes,
    call: (): { when: Set<Date>; points?: Set<{ x: number; y: number }>; ids?: Set<bigint | string> } => ({
      when: new Set(),
    }),
  });

  it("the output schema says uniqueItems: true, and ajv refuses a body that repeats an item", () => {
    const schema = Schedule.outputSchema as { properties: Record<string, { uniqueItems?: boolean }> };
    expect(schema.properties["when"]!.uniqueItems).to.equal(true);
    const validate = ajv.compile(Schedule.outputSchema!);
    // What rendering each member on its own would have produced: not the published contract.
    expect(validate({ when: [instant, instant] })).to.equal(false);
    expect(validate({ when: [instant] })).to.equal(true);
  });

  it("refuses two equal-instant Dates, naming the later member's path", async () => {
    const Dates = defineAxn({
      name: "Render.UniqueItems.Dates",
      exposes: { when: z.set(z.date()) },
      call: () => ({ when: new Set([new Date(instant), new Date(Date.parse(instant))]) }),
    });
    const result = await Dates.call({});
    expect(result.ok, result.error).to.equal(true);
    const error = refusal(() => render(result));
    expect(error.message).to.equal("Cannot render when[1]: two Set members render as one JSON value (members 0 and 1)");
    expect(error.path).to.equal("when[1]");
    expect(error.reason).to.equal("two Set members render as one JSON value (members 0 and 1)");
  });

  it("refuses structurally equal objects, whatever their key order (JSON Schema equality ignores it)", () => {
    expect(
      refusal(() =>
        renderValue(
          new Set([
            { x: 1, y: 2 },
            { x: 3, y: 4 },
            { x: 1, y: 2 },
          ]),
          "points",
          loose,
        ),
      ).message,
    ).to.equal("Cannot render points[2]: two Set members render as one JSON value (members 0 and 2)");
    expect(
      refusal(() =>
        renderValue(
          new Set([
            { x: 1, y: 2 },
            { y: 2, x: 1 },
          ]),
          "points",
          loose,
        ),
      ).message,
    ).to.equal("Cannot render points[1]: two Set members render as one JSON value (members 0 and 1)");
    // ajv agrees that key order does not make two items distinct.
    const validate = ajv.compile(Schedule.outputSchema!);
    expect(
      validate({
        when: [],
        points: [
          { x: 1, y: 2 },
          { y: 2, x: 1 },
        ],
      }),
    ).to.equal(false);
  });

  it('refuses members of different kinds that render alike: 1n beside "1", a boxed string beside its primitive, nested arrays', () => {
    expect(refusal(() => renderValue(new Set([1n, "1"]), "ids", loose)).message).to.equal(
      "Cannot render ids[1]: two Set members render as one JSON value (members 0 and 1)",
    );
    expect(refusal(() => renderValue(new Set(["a", new String("a")]), "s", loose)).reason).to.equal(
      "two Set members render as one JSON value (members 0 and 1)",
    );
    expect(
      refusal(() =>
        renderValue(
          {
            deep: new Set([
              [1, [new Date(0)]],
              [1, [new Date(0)]],
            ]),
          },
          "x",
          loose,
        ),
      ).message,
    ).to.equal("Cannot render x.deep[1]: two Set members render as one JSON value (members 0 and 1)");
  });

  it("keeps the path at the field name below a sensitive field", () => {
    const error = refusal(() =>
      renderValue({ "ada@example.com": new Set([new Date(0), new Date(0)]) }, "secrets", {
        rejectOpaque: false,
        sensitive: true,
      }),
    );
    expect(error.message).to.equal("Cannot render secrets: two Set members render as one JSON value (members 0 and 1)");
  });

  it("renders distinct members as they are, and the body validates against the published schema", async () => {
    const Distinct = defineAxn({
      name: "Render.UniqueItems.Distinct",
      exposes: scheduleExposes,
      call: () => ({
        when: new Set([new Date(0), new Date(1)]),
        points: new Set([
          { x: 1, y: 2 },
          { x: 2, y: 1 },
        ]),
        ids: new Set<bigint | string>([1n, "2", "01"]),
      }),
    });
    const result = await Distinct.call({});
    expect(result.ok, result.error).to.equal(true);
    const body = render(result);
    expect(body).to.deep.equal({
      when: ["1970-01-01T00:00:00.000Z", "1970-01-01T00:00:00.001Z"],
      points: [
        { x: 1, y: 2 },
        { x: 2, y: 1 },
      ],
      ids: ["1", "2", "01"],
    });
    const validate = ajv.compile(Distinct.outputSchema!);
    expect(validate(JSON.parse(JSON.stringify(body))), JSON.stringify(validate.errors)).to.equal(true);
    // Arrays are ordered: [1, 2] and [2, 1] are two values; 1 and "1" are two values.
    expect(
      renderValue(
        new Set([
          [1, 2],
          [2, 1],
        ]),
        "s",
        loose,
      ),
    ).to.deep.equal([
      [1, 2],
      [2, 1],
    ]);
    expect(renderValue(new Set([1, "1", true, "true", null, "null"]), "s", loose)).to.deep.equal([
      1,
      "1",
      true,
      "true",
      null,
      "null",
    ]);
  });

  it("finds the repeat among many members, and below deep nesting", () => {
    const many = new Set<unknown>(Array.from({ length: 2000 }, (_, i) => ({ id: i, tags: [String(i)] })));
    many.add({ tags: ["1500"], id: 1500 });
    expect(refusal(() => renderValue(many, "rows", loose)).message).to.equal(
      "Cannot render rows[2000]: two Set members render as one JSON value (members 1500 and 2000)",
    );
    const nest = (): unknown => {
      let value: unknown = new Date(0);
      for (let i = 0; i < 900; i++) value = { child: value };
      return value;
    };
    expect(refusal(() => renderValue(new Set([nest(), nest()]), "s", loose)).path).to.equal("s[1]");
  });

  describe("through a real MCP Client (axn-plugin-mcp)", () => {
    const reports = captureReports();

    it("a repeated item is answered with the adapter's own error, reported once, instead of a result the client rejects (-32602)", async () => {
      const Dates = defineAxn({
        name: "Render.UniqueItems.McpDates",
        exposes: { when: z.set(z.date()) },
        call: () => ({ when: new Set([new Date(instant), new Date(instant)]) }),
      });
      const Distinct = defineAxn({
        name: "Render.UniqueItems.McpDistinct",
        exposes: { when: z.set(z.date()) },
        call: () => ({ when: new Set([new Date(0), new Date(1)]) }),
      });
      const connected = await connectInMemory({ tools: [McpAdapter.wrap(Dates), McpAdapter.wrap(Distinct)] });
      try {
        // Listing lets the client check each structured result against the tool's output schema.
        await connected.client.listTools();
        const refused = await connected.client.callTool({ name: Dates.toolName("mcp"), arguments: {} });
        expect(refused.isError).to.equal(true);
        expect(textOf(refused)).to.equal(ADAPTER_FAILURE_MESSAGE);
        expect(reports.map((r) => (r.error as Error).message)).to.deep.equal([
          "Cannot render when[1]: two Set members render as one JSON value (members 0 and 1)",
        ]);
        const ok = await connected.client.callTool({ name: Distinct.toolName("mcp"), arguments: {} });
        expect(ok.structuredContent).to.deep.equal({ when: ["1970-01-01T00:00:00.000Z", "1970-01-01T00:00:00.001Z"] });
      } finally {
        await connected.close();
      }
    });
  });
});
