import { expect } from "chai";
import { z } from "zod/v3";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { defineAxn, render } from "@axn/core";

const addFormats = addFormatsModule.default;

describe("render output conforms to the reflected outputSchema", () => {
  const ajv = new Ajv2020({ strict: false });
  addFormats(ajv);

  it("for maps, sets, dates, bigints, nested objects and optional exposes", async () => {
    const Report = defineAxn({
      name: "Render.Conformance",
      exposes: {
        counts: z.map(z.string(), z.number()),
        tags: z.set(z.string()),
        at: z.date(),
        big: z.bigint(),
        rows: z.array(z.object({ id: z.number().int(), label: z.string().nullable() })),
        note: z.string().optional(),
      },
      call: () => ({
        counts: new Map([
          ["a", 1],
          ["b", 2],
        ]),
        tags: new Set(["x", "y"]),
        at: new Date("2026-07-08T10:00:00Z"),
        big: 12345678901234567890n,
        rows: [
          { id: 1, label: null },
          { id: 2, label: "two" },
        ],
      }),
    });
    const result = await Report.call({});
    expect(result.ok, result.error).to.equal(true);
    const body = render(result);
    expect(body).to.deep.equal({
      counts: { a: 1, b: 2 },
      tags: ["x", "y"],
      at: "2026-07-08T10:00:00.000Z",
      big: "12345678901234567890",
      rows: [
        { id: 1, label: null },
        { id: 2, label: "two" },
      ],
    });
    const validate = ajv.compile(Report.outputSchema!);
    expect(validate(JSON.parse(JSON.stringify(body))), JSON.stringify(validate.errors)).to.equal(true);
  });
});
