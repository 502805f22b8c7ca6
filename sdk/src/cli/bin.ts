#!/usr/bin/env node
/**
 * The `axn` executable. Before anything loads the app, it registers tsx's ESM loader, so the
 * app's `axn.config.ts` and its TypeScript tool roots load through Node's own `import()` — in the
 * same module graph as this CLI. That keeps exactly one `@axn/core` instance in the process: the
 * registries the config's plugins fill are the ones the commands read.
 */
import { register } from "tsx/esm/api";

// The CLI's own modules (and @axn/core, zod… they import) are plain JavaScript: loaded before the
// loader is registered, they skip its hooks — on Node 20 each import under a registered loader is
// a round trip to its worker thread, which more than doubled `axn serve`'s start-up (the bench's
// cold-start row). The app still loads after registration, into the same module graph.
const { main } = await import("./main.js");
register();
const code = await main(process.argv.slice(2));
process.exitCode = code;
// A plugin or app module may leave a handle open (a timer, a pool); the command is done, so do not
// wait on it. Unref'd: when nothing else is pending the process exits at once.
setTimeout(() => process.exit(code), 1000).unref();
