/**
 * The typing example of docs/plugins.md ("Typing what you add") compiles in an adapter package that
 * imports only `@axn/sdk/adapter` — the shape a third-party adapter has, where the test project (which
 * loads all of `@axn/sdk` anyway) cannot show it. The page's block is written, as the page shows it,
 * into a fresh project beside the Slack settings it names, with `@axn/core` and `@axn/sdk` linked in as
 * an installed package would be, and checked by the real `tsc`; the same block without its
 * `import type {} from "@axn/sdk"` line is TS2664, which the spec pins so the line stays explained.
 */
import { expect } from "chai";
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");

/** The page's ts block that augments "@axn/sdk". */
function typingBlock(): string {
  const page = readFileSync(join(ROOT, "docs/plugins.md"), "utf8");
  const block = page.split("```ts\n").find((part) => part.includes('declare module "@axn/sdk"'));
  if (block === undefined) throw new Error('docs/plugins.md has no ts block declaring module "@axn/sdk"');
  return block.slice(0, block.indexOf("```"));
}

/** `tsc` over a project of an adapter importing only @axn/sdk/adapter, with `types` as its types file; tsc's output. */
function compile(types: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "axn-adapter-typing-"));
  mkdirSync(join(dir, "node_modules/@axn"), { recursive: true });
  symlinkSync(join(ROOT, "core"), join(dir, "node_modules/@axn/core"));
  symlinkSync(join(ROOT, "sdk"), join(dir, "node_modules/@axn/sdk"));
  symlinkSync(join(ROOT, "node_modules/zod"), join(dir, "node_modules/zod"));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "axn-plugin-slack", type: "module" }));
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: { module: "nodenext", strict: true, noEmit: true, skipLibCheck: true, target: "es2022" },
      files: ["adapter.ts"],
    }),
  );
  writeFileSync(join(dir, "config.ts"), readFileSync(join(ROOT, "docs/examples/snippets/slack/config.ts"), "utf8"));
  writeFileSync(join(dir, "types.ts"), types);
  writeFileSync(
    join(dir, "adapter.ts"),
    [
      'import "./types.js";',
      'import { defineAdapterPlugin } from "@axn/sdk/adapter";',
      'import { slackConfig } from "./config.js";',
      "export default defineAdapterPlugin({",
      '  name: "axn-plugin-slack", version: "1.0.0", host: "^0.1.0", key: "slack", settings: slackConfig,',
      '  wrap: (action) => ({ name: action.toolName("slack") }),',
      "});",
      "",
    ].join("\n"),
  );
  return new Promise((resolve) => {
    execFile(join(ROOT, "node_modules/.bin/tsc"), ["-p", "."], { cwd: dir }, (_error, stdout, stderr) => {
      rmSync(dir, { recursive: true, force: true });
      resolve(`${stdout}${stderr}`);
    });
  });
}

describe("docs/plugins.md typing example in an adapter importing only @axn/sdk/adapter", () => {
  it("compiles as the page shows it", async function () {
    this.timeout(60_000);
    expect(await compile(typingBlock())).to.equal("");
  });

  it('is TS2664 without its import type {} from "@axn/sdk" line', async function () {
    this.timeout(60_000);
    const without = typingBlock().replace('import type {} from "@axn/sdk";\n', "");
    expect(await compile(without)).to.equal(
      `types.ts(17,16): error TS2664: Invalid module name in augmentation, module '@axn/sdk' cannot be found.\n`,
    );
  });
});
