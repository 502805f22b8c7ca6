#!/usr/bin/env node
/**
 * The `axn` executable. The app's `axn.config.ts` and TypeScript tool roots must load in the same
 * module graph as this CLI — exactly one `@axn/core` in the process, so the registries the
 * config's plugins fill are the ones the commands read. Two ways, by what this Node can do:
 *
 * - Node without type stripping (20, early 22): nothing is registered. A `.ts` module Node cannot
 *   import goes through one jiti (config/import-module.ts), which hands it the running
 *   `@axn/core`/`@axn/sdk` and imports packages natively. No loader hooks: under Node 20 a hook
 *   thread answers every module the process imports, plugins and their SDKs included, which was
 *   most of `axn tools`' start-up.
 * - Node that strips types natively: it would import `axn.config.ts` itself and then fail on what
 *   stripping cannot do (a `.js` specifier naming a `.ts` file, an enum), so tsx's loader is
 *   registered — once, just before a command that loads the app (`--help`, `--version`, `init`
 *   and `mcp-config` load none).
 */
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
