/**
 * docs/actions.md — the global `onException`, sending every report to an error tracker. Loading
 * this module configures axn, so test/docs/snippets.spec.ts imports it inside a spec.
 */
import { configureAxn } from "@axn/core";
configureAxn({ onException: (error, { action, phase }) => sentry.captureException(error, { extra: { action, phase } }) });

/** A stand-in for the tracker's client. */
export const sentry = {
  captured: [] as [unknown, { extra: { action: string; phase: string } }][],
  captureException(error: unknown, context: { extra: { action: string; phase: string } }): void {
    this.captured.push([error, context]);
  },
};
