/**
 * Captures what reaches the global `onException` during a spec. Each spec starts from the default
 * global config (whatever an earlier spec left configured) and hands the defaults back after.
 */
import { configureAxn } from "@axn/core";
import { resetAxnConfig } from "@axn/core/internal";

export interface Report {
  readonly error: unknown;
  readonly action: string;
  readonly phase: string;
}

export function captureReports(): Report[] {
  const reports: Report[] = [];
  beforeEach(() => {
    reports.length = 0;
    resetAxnConfig();
    configureAxn({ onException: (error, info) => reports.push({ error, action: info.action, phase: info.phase }) });
  });
  afterEach(() => resetAxnConfig());
  return reports;
}
