/**
 * Recursive field schemas, for every kind that can declare one: the field's `$ref`s are hoisted into
 * one `$defs` at the action's root, so the published input schema is valid JSON Schema 2020-12 that
 * accepts a nested tree and refuses a bad node deep inside it — and the Invoker coerces wire values at
 * every depth.
 */
import { expect } from "chai";
import { z } from "zod";
import { z as z3 } from "zod3";
import * as v from "valibot";
import { toStandardJsonSchema } from "@valibot/to-json-schema";
import { scope } from "arktype";
import { Ajv2020 } from "ajv/dist/2020.js";
import { defineAxn, Invoker, type FieldSchema } from "@axn/core";

interface Tree {
  name: string;
  size: number;
  kids: Tree[];
}

const zod4Tree: z.ZodType<Tree> = z.object({
  name: z.string(),
  size: z.number(),
  get kids() {
    return z.array(zod4Tree);
  },
});
const zod3Tree: z3.ZodType<Tree> = z3.lazy(() =>
  z3.object({ name: z3.string(), size: z3.number(), kids: z3.array(zod3Tree) }),
);
const valibotTree: v.GenericSchema<Tree> = v.object({
  name: v.string(),
  size: v.number(),
  kids: v.array(v.lazy(() => valibotTree)),
});
const arkTree = scope({ tree: { name: "string", size: "number", kids: "tree[]" } }).export().tree;

const KINDS: readonly (readonly [string, FieldSchema])[] = [
  ["zod 4 (getters)", zod4Tree],
  ["zod 3.25 (z.lazy)", zod3Tree],
  ["valibot (v.lazy)", toStandardJsonSchema(valibotTree) as unknown as FieldSchema],
  ["ArkType (a scope)", arkTree as unknown as FieldSchema],
];

const good = { name: "root", size: 1, kids: [{ name: "leaf", size: 2, kids: [] }] };
const bad = { name: "root", size: 1, kids: [{ name: "leaf", size: "big", kids: [] }] };

for (const [label, tree] of KINDS) {
  describe(`a recursive field: ${label}`, () => {
    const A = defineAxn({
      name: `Recursive.${label.replace(/\W+/g, "_")}`,
      expects: { tree, spare: { schema: tree, optional: true } },
      exposes: { leaves: z.number() },
      call: (input) => {
        const count = (node: Tree): number =>
          node.kids.length === 0 ? 1 : node.kids.reduce((sum, kid) => sum + count(kid), 0);
        return { leaves: count(input.tree as Tree) };
      },
    });

    it("publishes one $defs at the action's root, every $ref resolving inside the document", () => {
      const schema = A.inputSchema as { $defs?: Record<string, unknown> };
      expect(schema.$defs, JSON.stringify(schema)).to.be.an("object");
      const refs = JSON.stringify(schema).match(/"\$ref":"([^"]+)"/g) ?? [];
      expect(refs.length).to.be.greaterThan(0);
      for (const ref of refs) expect(ref).to.match(/"\$ref":"#\/\$defs\/(tree|spare)(__[^"/]+)?"/);
      const validate = new Ajv2020({ strict: false }).compile(A.inputSchema);
      expect(validate({ tree: good }), JSON.stringify(validate.errors)).to.equal(true);
      expect(validate({ tree: good, spare: good })).to.equal(true);
      expect(validate({ tree: bad })).to.equal(false);
      expect(validate({ tree: good, spare: bad })).to.equal(false);
    });

    it("the Invoker coerces wire values at every depth", async () => {
      const result = await new Invoker().call(A, {
        tree: {
          name: "root",
          size: "1",
          kids: [
            { name: "a", size: "2", kids: [] },
            { name: "b", size: "3", kids: [] },
          ],
        },
      });
      expect(result.ok, result.error).to.equal(true);
      expect((result as unknown as { leaves: number }).leaves).to.equal(2);
    });
  });
}
