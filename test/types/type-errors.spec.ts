/**
 * Runs the compiler on test/fixtures/config/type-errors/ and checks that exactly the lines marked
 * `// error` fail: proof, from inside the test suite, that a misspelt setting value, an unknown
 * semantic hint, a mistyped metadata key, a misspelt field option or a body returning only
 * undeclared keys is a compile error in app code.
 */
import { expect } from "chai";
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, "../..");
const folder = join(repo, "test/fixtures/config/type-errors");

describe("app code that must not compile", () => {
  it("fails on exactly the marked lines", async () => {
    const source = readFileSync(join(folder, "app-code.ts"), "utf8").split("\n");
    const marked = source.flatMap((line, i) => (line.trimEnd().endsWith("// error") ? [i + 1] : []));
    let output = "";
    try {
      await promisify(execFile)(join(repo, "node_modules/.bin/tsc"), ["-p", join(folder, "tsconfig.json")], {
        cwd: repo,
      });
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? "");
    }
    const failing = [...output.matchAll(/app-code\.ts\((\d+),\d+\): error TS\d+/g)].map((m) => Number(m[1]));
    expect(marked).to.have.length(8);
    expect(
      [...new Set(failing)].sort((a, b) => a - b),
      output,
    ).to.deep.equal(marked);
  });
});
