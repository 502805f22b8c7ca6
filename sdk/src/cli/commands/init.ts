/**
 * `axn init [DIR]`: writes a new axn project — the one docs/getting-started.md builds by hand — into
 * DIR (default: the current folder), refusing to overwrite anything. Run without installing
 * anything first: `npx @axn/sdk init my-tools` (npx runs the package's one bin; a bare `npx axn`
 * would fetch an unrelated npm package named `axn`).
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import type { Command } from "../command.js";
import { CliError, ExitCode } from "../errors.js";
import { println } from "../io.js";
import { projectFiles } from "../init/project.js";

/** An npm package name from a folder name: lower case, `[a-z0-9._-]`, not starting with `.` or `_`. */
export function packageNameFor(dir: string): string {
  const name = basename(dir)
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, "-")
    .replace(/^[._-]+|-+$/g, "");
  return name === "" ? "axn-app" : name;
}

/** A folder beside `dir` that does not exist yet (`my-tools-2`, …), never the one just refused. */
function freeFolder(cwd: string, dir: string): string {
  const base = basename(dir) === "" ? "my-tools" : basename(dir);
  let n = 2;
  while (existsSync(join(dirname(dir), `${base}-${n}`))) n += 1;
  const where = relative(cwd, join(dirname(dir), `${base}-${n}`));
  return where.includes(" ") ? JSON.stringify(where) : where;
}

export const initCommand: Command = {
  name: "init",
  usage: "init [DIR] [--name NAME]",
  summary: "Create a new axn project (an action, axn.config.ts, a test, npm scripts)",
  help: [
    "Writes a project into DIR (default: the current folder): agent_tools/greet.ts, axn.config.ts",
    "(the mcp and http plugins), test/greet.test.ts, tsconfig.json, package.json with the scripts",
    "start, dev, test, tools and mcp-config, a README and a .gitignore. Nothing is overwritten: a",
    "file that already exists stops it before anything is written. Then: npm install && npm test.",
    "",
    "Options:",
    "  --name NAME   the package name (default: from DIR's name)",
    "",
    "Without installing anything first:",
    "  npx @axn/sdk init my-tools",
  ].join("\n"),
  options: { name: { type: "string" } },
  loadsApp: false,
  maxPositionals: 1,
  async run({ io, values, positionals }) {
    const dir = resolve(io.cwd, positionals[0] ?? ".");
    const name = typeof values["name"] === "string" ? values["name"] : packageNameFor(dir);
    const files = projectFiles(name);
    const taken = Object.keys(files).filter((file) => existsSync(join(dir, file)));
    if (taken.length > 0) {
      throw new CliError(
        ExitCode.usage,
        `${dir} already has ${taken.join(", ")}; axn init never overwrites a file`,
        `Pick a new folder: axn init ${freeFolder(io.cwd, dir)}`,
      );
    }
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), text);
    }
    const where = relative(io.cwd, dir);
    println(
      io.stdout,
      `Created ${name} in ${dir}: ${Object.keys(files).join(", ")}`,
      "",
      "Next:",
      ...(where === "" ? [] : [`  cd ${where.includes(" ") ? JSON.stringify(where) : where}`]),
      "  npm install",
      "  npm test             # type-check, then the tests",
      "  npm start            # serve over HTTP and MCP on http://127.0.0.1:3000",
      "  npm run mcp-config   # the JSON an MCP client needs to launch it over stdio",
    );
    return ExitCode.ok;
  },
};
