/**
 * Small helpers with one home each (issue 15): the error-message rule, the field-path formatter,
 * the identifier pattern, the well-formed-string test. A copy elsewhere in the shipped sources
 * (core, sdk, the plugins) fails here, naming the file and the home to import instead.
 */
import { expect } from "chai";
import { fileURLToPath } from "node:url";
import { sourceFiles } from "./support/import-graph.js";

interface Helper {
  readonly what: string;
  /** Where it lives (a core/src path), and how the other packages reach it. */
  readonly home: string;
  readonly reach: string;
  /** What a copy looks like. */
  readonly copy: RegExp;
}

const HELPERS: readonly Helper[] = [
  {
    what: "the error-message rule",
    home: "core/src/errors/message.ts",
    reach: "errorMessage from @axn/core/internal (a plugin: from @axn/sdk/adapter)",
    copy: /instanceof Error \? \w+\.message : String\(/,
  },
  {
    what: "the identifier pattern",
    home: "core/src/errors/field-path.ts",
    reach: "IDENTIFIER (core) or the registry's checks",
    copy: /\/\^\[A-Za-z_\$?\]\[A-Za-z0-9_\$?\]\*\$\//,
  },
  {
    what: "the field-path formatter",
    home: "core/src/errors/field-path.ts",
    reach: "appendPath from @axn/core/internal",
    copy: /`\$\{\w+\}\[\$\{JSON\.stringify\(/,
  },
  {
    what: "the well-formed-string test",
    home: "core/src/schema/json-value.ts",
    reach: "isWellFormed (core)",
    copy: /function isWellFormed\(|\.isWellFormed\(\)/,
  },
];

const PACKAGES = ["core/src", "sdk/src", "plugins/mcp/src", "plugins/langchain/src", "plugins/http/src"];

function copiesOf(helper: Helper): string[] {
  const found: string[] = [];
  for (const dir of PACKAGES) {
    const { files } = sourceFiles(fileURLToPath(new URL(`../${dir}`, import.meta.url)));
    for (const [file, text] of Object.entries(files)) {
      const path = `${dir}/${file}`;
      if (path !== helper.home && helper.copy.test(text))
        found.push(`${path} has its own copy of ${helper.what}; use ${helper.reach} (${helper.home})`);
    }
  }
  return found;
}

describe("one home for each small helper", () => {
  for (const helper of HELPERS) {
    it(`${helper.what} lives only in ${helper.home}`, () => {
      expect(copiesOf(helper)).to.deep.equal([]);
    });
  }

  it("the scan finds a copy (a checker that cannot fail proves nothing)", () => {
    for (const [helper, sample] of [
      [HELPERS[0]!, "const m = error instanceof Error ? error.message : String(error);"],
      [HELPERS[1]!, "const NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;"],
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a module's source text, template literal included
      [HELPERS[2]!, "return `${path}[${JSON.stringify(key)}]`;"],
      [HELPERS[3]!, "export function isWellFormed(text: string) {}"],
    ] as const) {
      expect(helper.copy.test(sample), helper.what).to.equal(true);
    }
  });
});
