#!/usr/bin/env node
/**
 * The `axn` executable. The app's `axn.config.ts`, TypeScript plugins and tool roots must load in
 * the same module graph as this CLI — exactly one `@axn/core` in the process, so the registries the
 * config's plugins fill are the ones the commands read. Two ways, by what this Node can do:
 *
 * - Node without type stripping (20, early 22): no loader is registered. A `.ts` module Node cannot
 *   import goes through the sdk's `importModule` (one jiti, handed the running `@axn/core` and
 *   `@axn/sdk`, importing packages natively). A process-wide loader would be tsx's off-thread hooks,
 *   and every later import a round trip to its worker, which made `axn serve --mcp-stdio` start
 *   far behind the bare SDK (bench: row 8, cold start) and `axn tools` too (bench: row 21b).
 * - Node that strips types natively: it would import `axn.config.ts` itself and then fail on what
 *   stripping cannot do (a `.js` specifier naming a `.ts` file, an enum) instead of handing the file
 *   to jiti, so tsx's loader (a dependency of this package: an app need not install tsx) is
 *   registered — once, just before a command that loads the app (`--help`, `--version`, `init`
 *   and `mcp-config` load none).
 */
// `axn call … --json | head -3`: a reader that stops early ends the command, not with a stack.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code !== "EPIPE") throw error;
  process.exit(process.exitCode ?? 0);
});
const nativeTypeScript = (process.features as { readonly typescript?: unknown }).typescript !== undefined;
const { main } = await import("./main.js");
const code = await main(
  process.argv.slice(2),
  undefined,
  nativeTypeScript
    ? {
        beforeAppLoads: async () => {
          const { register } = await import("tsx/esm/api");
          register();
        },
      }
    : {},
);
process.exitCode = code;
// A plugin or app module may leave a handle open (a timer, a pool); the command is done, so do not
// wait on it. Unref'd: when nothing else is pending the process exits at once.
setTimeout(() => process.exit(code), 1000).unref();
