/**
 * A schema's own id is its `$defs` key in the action's schema: `.meta({ id: "address" })` in zod 4
 * is `$defs/address`, one definition however many fields use it — what a client shows as the
 * type's name. A generated name, or an id two different schemas claim, keeps the field prefix.
 */
import { expect } from "chai";
import { defineAxn } from "@axn/core";
import { Ajv2020 } from "ajv/dist/2020.js";
import { z } from "zod";

describe("a schema's own id in $defs", () => {
  it("is the key of one shared definition, every $ref resolving", () => {
    const Address = z.object({ street: z.string() }).meta({ id: "address" });
    const Ship = defineAxn({
      name: "Shop.Ship",
      expects: { home: { schema: Address }, work: { schema: Address, optional: true } },
      call: async () => {},
    });
    const schema = Ship.inputSchema as { properties: Record<string, unknown>; $defs: Record<string, unknown> };
    expect([schema.properties, Object.keys(schema.$defs)]).to.deep.equal([
      { home: { $ref: "#/$defs/address" }, work: { $ref: "#/$defs/address" } },
      ["address"],
    ]);
    const validate = new Ajv2020({ strict: false }).compile(schema);
    expect([validate({ home: { street: "Main St" } }), validate({ home: { street: 1 } })]).to.deep.equal([true, false]);
  });

  it("two different schemas with one id: the second keeps its field's prefix", () => {
    const Home = z.object({ street: z.string() }).meta({ id: "address" });
    const Office = z.object({ floor: z.number() }).meta({ id: "address" });
    const Move = defineAxn({
      name: "Shop.Move",
      expects: { home: { schema: Home }, office: { schema: Office } },
      call: async () => {},
    });
    const schema = Move.inputSchema as { properties: Record<string, unknown>; $defs: Record<string, unknown> };
    expect([schema.properties, Object.keys(schema.$defs).sort()]).to.deep.equal([
      { home: { $ref: "#/$defs/address" }, office: { $ref: "#/$defs/office__address" } },
      ["address", "office__address"],
    ]);
  });
});
