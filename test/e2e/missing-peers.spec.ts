/**
 * Missing peers and missing imports (issue 33, item 6), as a user meets them: the packed packages
 * installed with `npm install --legacy-peer-deps` into a folder outside the workspace, so npm
 * leaves the peers out — zod (which @axn/core imports) and the LangChain plugin's @langchain/core.
 * Every CLI verb then says one line naming the package and the install command, with the code and
 * exit 3, and no stack; after `npm install zod`, a plugin whose own peer is missing says so, and a
 * tool module importing a package or a file that is not there says it in ESM terms — never
 * CommonJS's "Require stack:" — for a `.ts` tool (loaded through jiti on Node 20) and a `.mjs` one
 * (Node's own import) alike.
 */
import { expect } from "chai";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { ErrorCodes } from "@axn/core";
import { MODULE_MISSING, PACKAGE_MISSING } from "../../sdk/dist/config/missing-module.js";
import { repo } from "../support/axn-child.js";
import { freshRoot, NPM_FLAGS, Shell } from "../support/fresh-project.js";
import { packedPackages } from "../support/packed.js";

const shell = new Shell();
const CLI_PAGE = readFileSync(join(repo, "docs/cli.md"), "utf8");

/** docs/cli.md shows the line as printed, for an app in /home/you/my-tools. */
function expectShownInDocs(line: string, app: string): void {
  expect(CLI_PAGE, "docs/cli.md shows it").to.contain(line.replaceAll(app, "/home/you/my-tools").trimEnd());
}

/** Every verb that loads @axn/core (`init`, `--help` and `--version` need none of it), with arguments it accepts. */
const VERBS: readonly (readonly string[])[] = [
  ["tools"],
  ["schema", "greet"],
  ["call", "greet"],
  ["serve", "--port", "0"],
  ["dev", "--port", "0"],
  ["openapi"],
  ["mcp-config"],
  ["worker"],
  ["jobs", "job_1"],
  ["doctor"],
  ["help", "call"],
];

describe("missing peers and imports: one line naming the package and the install command", function () {
  this.timeout(400_000); // a hang guard for a cold npm cache on a loaded machine, not a budget

  let root: string;
  let app: string;
  let bin: string;

  before(async () => {
    root = freshRoot("axn-missing-peers-");
    app = join(root, "app");
    bin = join(app, "node_modules/@axn/sdk/bin/axn.js");
    mkdirSync(join(app, "agent_tools"), { recursive: true });
    const tarballs = (await packedPackages()).map((entry) => entry.tarball);
    await shell.npm(["init", "-y"], { cwd: app });
    await shell.npm(["pkg", "set", "type=module"], { cwd: app });
    // As `npm i --legacy-peer-deps` leaves them: no zod, no @langchain/core.
    await shell.npm(
      [
        "install",
        ...NPM_FLAGS,
        "--legacy-peer-deps",
        ...tarballs.filter((t) => !basename(t).includes("axn-plugin-mcp")),
      ],
      { cwd: app, timeoutMs: 300_000 },
    );
    writeFileSync(
      join(app, "axn.config.mjs"),
      'export default { plugins: ["http"], http: { toolRoots: ["agent_tools"] } };\n',
    );
    writeFileSync(
      join(app, "agent_tools/greet.mjs"),
      'import { defineAxn } from "@axn/core";\nexport const Greet = defineAxn({ name: "Greet", call: () => ({}) });\n',
    );
  });

  afterEach(function () {
    shell.reportIfFailed(this.currentTest, app);
    shell.killAll();
  });

  after(() => {
    if (root !== undefined) rmSync(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  });

  const axn = (args: readonly string[]) => shell.run(process.execPath, [bin, ...args], { cwd: app, timeoutMs: 60_000 });

  it("spells the codes as @axn/core does", () => {
    expect([PACKAGE_MISSING, MODULE_MISSING]).to.deep.equal([ErrorCodes.PackageMissing, ErrorCodes.ModuleMissing]);
  });

  it("without zod, every verb says @axn/core needs it and how to install it (exit 3, no stack)", async () => {
    const line = `axn: @axn/core needs zod (its peer dependency ^3.25.0 || ^4.2.0), which is not installed: run \`npm install zod\` in ${app} [AXN_PACKAGE_MISSING]\n`;
    for (const verb of VERBS) {
      const run = await axn(verb);
      expect([run.code, run.stdout, run.stderr], `axn ${verb.join(" ")}`).to.deep.equal([3, "", line]);
    }
    expectShownInDocs(line, app);
  });

  describe("with zod installed", () => {
    before(async () => {
      await shell.npm(["install", ...NPM_FLAGS, "--legacy-peer-deps", "zod"], { cwd: app, timeoutMs: 300_000 });
    });

    afterEach(() => {
      writeFileSync(
        join(app, "axn.config.mjs"),
        'export default { plugins: ["http"], http: { toolRoots: ["agent_tools"] } };\n',
      );
      rmSync(join(app, "agent_tools/when.ts"), { force: true });
      rmSync(join(app, "agent_tools/when.mjs"), { force: true });
    });

    it("a plugin whose own peer is missing names the plugin, the package and the install command", async () => {
      writeFileSync(join(app, "axn.config.mjs"), 'export default { plugins: ["http", "langchain"] };\n');
      const run = await axn(["tools"]);
      expect([run.code, run.stdout, run.stderr]).to.deep.equal([
        3,
        "",
        `axn: axn-plugin-langchain needs @langchain/core (its peer dependency ^1.4.0), which is not installed: run \`npm install @langchain/core\` in ${app} [AXN_PACKAGE_MISSING]\n`,
      ]);
      expectShownInDocs(run.stderr, app);
    });

    for (const extension of ["ts", "mjs"]) {
      it(`a .${extension} tool importing a package that is not installed: who imports what, and the install`, async () => {
        writeFileSync(
          join(app, `agent_tools/when.${extension}`),
          'import dayjs from "dayjs";\nexport const now = dayjs;\n',
        );
        const run = await axn(["tools"]);
        expect([run.code, run.stdout, run.stderr]).to.deep.equal([
          3,
          "",
          `axn: agent_tools/when.${extension} imports dayjs, which is not installed: run \`npm install dayjs\` in ${app} [AXN_PACKAGE_MISSING]\n`,
        ]);
        if (extension === "ts") expectShownInDocs(run.stderr, app);
      });

      it(`a .${extension} tool importing a file that does not exist: the path, in ESM terms`, async () => {
        writeFileSync(join(app, `agent_tools/when.${extension}`), 'export { clock } from "./clock.js";\n');
        const run = await axn(["tools"]);
        expect([run.code, run.stdout, run.stderr]).to.deep.equal([
          3,
          "",
          `axn: agent_tools/when.${extension} imports ./clock.js, which does not exist (no file ${join(app, "agent_tools/clock.js")}): check the path [AXN_MODULE_MISSING]\n`,
        ]);
        if (extension === "ts") expectShownInDocs(run.stderr, app);
      });
    }
  });
});
