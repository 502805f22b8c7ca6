#!/usr/bin/env node
/**
 * The `axn` executable. Before anything loads the app, it registers tsx's ESM loader, so the
 * app's `axn.config.ts` and its TypeScript tool roots load through Node's own `import()` — in the
 * same module graph as this CLI. That keeps exactly one `@axn/core` instance in the process: the
 * registries the config's plugins fill are the ones the commands read.
 */
import { register } from "tsx/esm/api";

register();

const { main } = await import("./main.js");
const code = await main(process.argv.slice(2));
process.exitCode = code;
// A plugin or app module may leave a handle open (a timer, a pool); the command is done, so do not
// wait on it. Unref'd: when nothing else is pending the process exits at once.
setTimeout(() => process.exit(code), 1000).unref();
