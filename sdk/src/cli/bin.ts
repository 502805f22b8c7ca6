#!/usr/bin/env node
/**
 * The `axn` executable. Two things before anything else loads, both for start-up time (bench:
 * row 8, cold start, and row 21b):
 *
 * - Node's module compile cache (Node ≥ 22.1; Node 20 has none): V8's compiled code of every module
 *   the process loads after this line is kept on disk and reused by the next start. Node's own
 *   default place (`NODE_COMPILE_CACHE`, else the OS temp folder), keyed by file content and Node
 *   version, so a rebuilt file or another Node never reads a stale entry; `NODE_DISABLE_COMPILE_CACHE=1`
 *   turns it off.
 * - The app's `axn.config.ts`, TypeScript plugins and tool roots must load in the same module graph
 *   as this CLI, every file of the app one way (config/import-module.ts): with Node's own type
 *   stripping when the app's tsconfig.json sets `erasableSyntaxOnly` (and no `paths`) on a Node that
 *   strips types, a resolve hook letting a `./x.js` specifier name `./x.ts` (config/native-typescript.ts);
 *   otherwise through the sdk's one jiti, handed the running `@axn/core` and `@axn/sdk`. Not a
 *   process-wide loader (tsx's hooks), whose hooks run for every later module of the process — the
 *   plugins, the MCP SDK, zod — and made `axn serve --mcp-stdio` start ~4× slower than the bare SDK
 *   on Node 24; the one hook here acts only on a resolution Node already failed.
 */
import * as nodeModule from "node:module";

// Absent before Node 22.1 (and from the project's @types/node 20): read off the namespace, not
// imported by name, which would fail to link on Node 20.
(nodeModule as { readonly enableCompileCache?: () => unknown }).enableCompileCache?.();
// `axn call … --json | head -3`: a reader that stops early ends the command, not with a stack.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code !== "EPIPE") throw error;
  process.exit(process.exitCode ?? 0);
});
const { main } = await import("./main.js");
const { loadTypeScriptAsTheCli } = await import("../config/import-module.js");
const code = await main(process.argv.slice(2), undefined, {
  beforeAppLoads: async () => loadTypeScriptAsTheCli(),
});
process.exitCode = code;
// A plugin or app module may leave a handle open (a timer, a pool); the command is done, so do not
// wait on it. Unref'd: when nothing else is pending the process exits at once.
setTimeout(() => process.exit(code), 1000).unref();
