#!/usr/bin/env node
/**
 * The `axn` executable. Before a command loads the app, it registers tsx's ESM loader, so the
 * app's `axn.config.ts` and its TypeScript tool roots load through Node's own `import()` — in the
 * same module graph as this CLI. That keeps exactly one `@axn/core` in the process: the registries
 * the config's plugins fill are the ones the commands read. Registered only then, not first thing:
 * `--help`, `--version`, `init` and `mcp-config` load no TypeScript, and every module imported
 * after the loader is in place pays for its hooks (a third of `axn --help`'s start-up).
 */
const { main } = await import("./main.js");
const code = await main(process.argv.slice(2), undefined, {
  beforeAppLoads: async () => {
    const { register } = await import("tsx/esm/api");
    register();
  },
});
process.exitCode = code;
// A plugin or app module may leave a handle open (a timer, a pool); the command is done, so do not
// wait on it. Unref'd: when nothing else is pending the process exits at once.
setTimeout(() => process.exit(code), 1000).unref();
