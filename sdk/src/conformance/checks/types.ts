/**
 * What a conformance check is, and the ids of all of them in the order the suite runs them (the
 * order a runner lists them in; `runConformanceChecks({ only })` and the spec titles use the ids).
 */
export const CHECK_IDS = [
  "plugin-loads",
  "not-mutated",
  "direct-call",
  "name",
  "name-override",
  "input-schema",
  "ambient-absent",
  "ambient-smuggled",
  "ambient-concurrent",
  "coercion",
  "input-error",
  "error-text",
  "no-headline",
  "exception-hidden",
  "unrenderable-cycle",
  "unrenderable-surrogate",
  "present-as",
  "reject-opaque",
  "live-safe",
  "cancellation",
  "deadline",
  "tools-zero-arg",
  "tools-filtered",
  "late-taps",
  "access-refused",
] as const;

export type ConformanceCheckId = (typeof CHECK_IDS)[number];

/** What a check's `run` resolves to when it had nothing to check (the adapter has no such setting). */
export const SKIPPED = "skipped";

export interface ConformanceCheck {
  readonly id: ConformanceCheckId;
  /** What the check pins, as a spec title. */
  readonly title: string;
  /** Loads the plugin if needed, then checks; rejects with an `AssertionError` when the convention is broken. */
  run(): Promise<void | typeof SKIPPED>;
}

/** The checks, and the step that loads the plugin (a runner's `before` hook). */
export interface ConformanceSuite {
  readonly checks: readonly ConformanceCheck[];
  ready(): Promise<void>;
}
