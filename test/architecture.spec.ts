/**
 * The architecture, pinned the way api-surface.spec.ts pins the public surface: the import graph
 * of each package (read with TypeScript's parser) has no cycle, and no module imports a layer
 * above its own. The layer orders below are the design (docs/architecture.md); a change to them
 * is a design change — make it here, on purpose, with the page.
 */
import { expect } from "chai";
import { architectureProblems, readImportGraph, type Layer } from "./support/import-graph.js";

describe("architecture", () => {
  describe("the checker itself", () => {
    // A small package with one of each fault: `model/types.ts` reaches up into the runtime, and
    // `model/a.ts` and `model/b.ts` import each other (one side type-only: it still counts).
    const LAYERS: readonly Layer[] = [
      { name: "model", modules: ["model/**"] },
      { name: "runtime", modules: ["runtime/**"] },
    ];
    const sources = {
      root: "(in memory)",
      files: {
        "model/types.ts": `import type { Run } from "../runtime/run.js";\nexport type Model = { run: Run };\n`,
        "model/a.ts": `import { b } from "./b.js";\nexport const a = () => b;\n`,
        "model/b.ts": `import type { a } from "./a.js";\nexport const b = 1; export type A = typeof a;\n`,
        "runtime/run.ts": `import type { Model } from "../model/types.js";\nexport type Run = (model: Model) => void;\nexport const lazy = () => import("../model/a.js");\n`,
        "stray.ts": `export {};\n`,
      },
    };

    it("reads static, type-only and dynamic imports as edges", () => {
      const graph = readImportGraph(sources);
      expect(Object.fromEntries(graph)).to.deep.equal({
        "model/a.ts": [{ to: "model/b.ts", typeOnly: false }],
        "model/b.ts": [{ to: "model/a.ts", typeOnly: true }],
        "model/types.ts": [{ to: "runtime/run.ts", typeOnly: true }],
        "runtime/run.ts": [
          { to: "model/types.ts", typeOnly: true },
          { to: "model/a.ts", typeOnly: false },
        ],
        "stray.ts": [],
      });
    });

    it("reports an upward import, a cycle and a module in no layer, each with its exact message", () => {
      expect(architectureProblems(readImportGraph(sources), LAYERS)).to.deep.equal([
        "import cycle: model/a.ts → model/b.ts → model/a.ts",
        "import cycle: model/types.ts → runtime/run.ts → model/types.ts",
        "stray.ts is in no layer; add it to the layer its imports put it in",
        'upward import: model/types.ts (layer "model") imports runtime/run.ts (layer "runtime") (type-only); the model layer may import only its own layer and those below it',
      ]);
    });

    it("lets a file entry override its folder's layer (the most specific pattern wins)", () => {
      const layers: readonly Layer[] = [
        { name: "model", modules: ["model/**", "runtime/run.ts"] },
        { name: "runtime", modules: ["runtime/**"] },
        { name: "rest", modules: ["**"] },
      ];
      const problems = architectureProblems(readImportGraph(sources), layers);
      expect(problems.filter((p) => p.startsWith("upward"))).to.deep.equal([]);
      expect(problems.filter((p) => p.includes("no layer"))).to.deep.equal([]);
    });
  });
});
