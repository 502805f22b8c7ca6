/**
 * docs/configuration.md — the global options. Loading this module configures axn for the process,
 * so test/docs/pages.spec.ts imports it inside a spec.
 */
import { configureAxn, axnConfig } from "@axn/core";

configureAxn({
  onException: (error, { action, phase }) => errorTracker.capture(error, { action, phase }),
  env: "production",          // "development" | "test" | "production"
  logger: pino(),             // { debug, info, warn, error }
  coerceInputTypes: false,    // coerce wire strings on direct calls (the Invoker always does)
});
axnConfig().env;

/** Stand-ins for an error tracker and a logging library. */
export const errorTracker = {
  captured: [] as [unknown, { action: string; phase: string }][],
  capture(error: unknown, info: { action: string; phase: string }): void {
    this.captured.push([error, info]);
  },
};
export const logged: string[] = [];
function pino() {
  const line = (level: string) => (message: string) => void logged.push(`${level} ${message}`);
  return { debug: line("debug"), info: line("info"), warn: line("warn"), error: line("error") };
}
