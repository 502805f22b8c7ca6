/**
 * Captures what reaches the global `onException` during a spec. Each spec starts from a fresh
 * kernel (whatever an earlier spec left behind) and hands a fresh one back after — the one reset
 * every spec uses. Call it before any `beforeEach` that loads a host, so the host loads into the
 * fresh kernel the capture is installed in.
 */
import { configureAxn } from "@axn/core";
import { resetKernel } from "@axn/sdk/testing";

export interface Report {
  readonly error: unknown;
  readonly action: string;
  readonly phase: string;
}

export function captureReports(): Report[] {
  const reports: Report[] = [];
  beforeEach(() => {
    reports.length = 0;
    resetKernel();
    configureAxn({ onException: (error, info) => reports.push({ error, action: info.action, phase: info.phase }) });
  });
  afterEach(() => resetKernel());
  return reports;
}
