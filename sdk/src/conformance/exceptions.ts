/**
 * Runs a check with the global `onException` captured (so the suite can count reports, and the
 * probes' deliberate exceptions do not flood the console) and the environment set to `test` (in
 * development an adapter rethrows its own bugs by design). The previous effective configuration
 * is restored afterwards.
 */
import { axnConfig, configureAxn } from "@axn/core";
import { resetAxnConfig } from "@axn/core/internal";

export interface Report {
  readonly error: unknown;
  readonly action: string;
  readonly phase: string;
}

export async function capturingExceptions<T>(fn: (reports: readonly Report[]) => Promise<T>): Promise<T> {
  const previous = axnConfig();
  const reports: Report[] = [];
  configureAxn({ env: "test", onException: (error, info) => reports.push({ error, ...info }) });
  try {
    return await fn(reports);
  } finally {
    resetAxnConfig();
    configureAxn({
      onException: previous.onException,
      logger: previous.logger,
      coerceInputTypes: previous.coerceInputTypes,
    });
    if (axnConfig().env !== previous.env) configureAxn({ env: previous.env });
  }
}
