#!/usr/bin/env node
/**
 * The `axn` executable. The app's `axn.config.ts`, TypeScript plugins and tool roots load through
 * the sdk's `importModule` (native `import()`, then jiti where Node cannot load a `.ts` file), which
 * hands them the running `@axn/core` and `@axn/sdk` — one instance of each in the process, so the
 * registries the config's plugins fill are the ones the commands read.
 *
 * No process-wide TypeScript loader is registered: on Node 20 that is tsx's off-thread hooks, and
 * every later import became a round trip to its worker (plus esbuild's start-up) — 2.7× the bare
 * SDK's start-up for `axn serve --mcp-stdio` against 1.5× without (test/bench, row 8).
 */
const { main } = await import("./main.js");
const code = await main(process.argv.slice(2));
process.exitCode = code;
// A plugin or app module may leave a handle open (a timer, a pool); the command is done, so do not
// wait on it. Unref'd: when nothing else is pending the process exits at once.
setTimeout(() => process.exit(code), 1000).unref();
