/** Captures what reaches the global `onException` during a spec, and restores defaults after. */
import { configureAxn } from "@axn/core";

export interface Report {
  readonly error: unknown;
  readonly action: string;
  readonly phase: string;
}

export function captureReports(): Report[] {
  const reports: Report[] = [];
  beforeEach(() => {
    reports.length = 0;
    configureAxn({ onException: (error, info) => reports.push({ error, action: info.action, phase: info.phase }) });
  });
  return reports;
}
