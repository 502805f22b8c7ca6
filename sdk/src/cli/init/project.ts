/**
 * The project `axn init` writes: the getting-started files (templates.ts) plus a package.json
 * whose scripts run the app's own `axn` (`npm start`, `npm test`, `npm run mcp-config`), a README
 * saying what to run next and a .gitignore. Versions: the axn packages on the release line of the
 * CLI that writes them; zod 4; the TypeScript and tsx this release is tested with; the types of
 * the Node that runs `axn init`.
 */
import { SDK_VERSION } from "../sdk-version.js";
import { PROJECT_FILES } from "./templates.js";

// Every test file, on Node 20 and 22+ alike: the shell npm runs the script in expands the glob
// (Node 20's `--test` takes no globs, and in a folder finds only .js files); where no shell
// expands it (cmd.exe), Node 22+ expands it itself.
const TEST_SCRIPT = "tsc --noEmit && node --import tsx --test test/*.test.ts";

export function projectFiles(name: string): Record<string, string> {
  const axn = `^${SDK_VERSION}`;
  const manifest = {
    name,
    version: "0.1.0",
    private: true,
    type: "module",
    scripts: {
      start: "axn serve",
      dev: "axn dev",
      test: TEST_SCRIPT,
      tools: "axn tools",
      "mcp-config": "axn mcp-config",
    },
    dependencies: {
      "@axn/core": axn,
      "@axn/sdk": axn,
      "axn-plugin-http": axn,
      "axn-plugin-mcp": axn,
      zod: "^4.2.0",
    },
    devDependencies: {
      "@types/node": `^${process.versions.node.split(".")[0]}`,
      tsx: "^4.23.0",
      typescript: "^7.0.2",
    },
  };
  return {
    "package.json": `${JSON.stringify(manifest, null, 2)}\n`,
    ...PROJECT_FILES,
    "README.md": readme(name),
    ".gitignore": "node_modules/\n",
  };
}

function readme(name: string): string {
  return [
    `# ${name}`,
    "",
    "Tools written with [axn](https://www.npmjs.com/package/@axn/core): one action in `agent_tools/`,",
    "served over MCP and HTTP by the plugins listed in `axn.config.ts`.",
    "",
    "```sh",
    "npm install",
    "npm test                 # type-check, then the tests in test/",
    "npm start                # HTTP API + OpenAPI + MCP Streamable HTTP on http://127.0.0.1:3000",
    "npm run dev              # the same, restarting when a tool or the config changes",
    "npm run tools            # list the tools",
    "npm run mcp-config       # the JSON an MCP client (Claude Desktop, Cursor, VS Code…) needs",
    "```",
    "",
    "Add a tool: export another `defineAxn(...)` from a new file under `agent_tools/`.",
    "",
  ].join("\n");
}
