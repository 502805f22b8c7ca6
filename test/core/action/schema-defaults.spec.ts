/**
 * A schema's own default (`z.number().default(1)`, valibot's `v.optional(s, 1)`) fills a missing
 * top-level field — on a direct call, through the Invoker, and on exposes — for every kind that can
 * declare one standalone. (Found by the kinds matrix: the field was skipped as optional, so the body
 * saw `undefined` while its type said `number` and the input schema advertised the default.)
 */
import { expect } from "chai";
import { defineAxn, Invoker } from "@axn/core";
import { SCHEMA_KINDS } from "../../support/schema-kinds.js";

for (const kind of SCHEMA_KINDS) {
  const withDefault = kind.withDefault;
  if (withDefault === undefined) continue;
  describe(`schema defaults: ${kind.name}`, () => {
    const seen: unknown[] = [];
    const A = defineAxn({
      name: `SchemaDefaults.${kind.name.replace(/\W+/g, "_")}`,
      expects: { page: kind.field(withDefault(kind.int(), 1)) },
      exposes: { label: kind.field(withDefault(kind.string(), "none")), page: kind.field(kind.int()) },
      call: (input) => {
        seen.push(input.page);
        return { page: input.page as number };
      },
    });

    it("fills a missing argument and a missing exposed value", async () => {
      seen.length = 0;
      const direct = await A.call({});
      const invoked = await new Invoker().call(A, {});
      for (const result of [direct, invoked]) {
        expect(result.ok, result.error).to.equal(true);
        expect((result as unknown as { page: number; label: string }).page).to.equal(1);
        expect((result as unknown as { page: number; label: string }).label).to.equal("none");
      }
      expect(seen).to.deep.equal([1, 1]);
    });

    it("still takes the value given", async () => {
      const result = await new Invoker().call(A, { page: "3" });
      expect((result as unknown as { page: number }).page).to.equal(3);
    });
  });
}
