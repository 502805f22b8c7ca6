/**
 * How much each reliability spec runs. docs/reliability.md quotes these numbers, and
 * docs.spec.ts checks that it still does, so the document never drifts from the suite.
 */

/** `AXN_SOAK=1` turns the 5,000-call soak into the full 100,000-call one. */
export const SOAK_MODE = process.env["AXN_SOAK"] === "1";

/** fast-check runs of broken near-valid arguments, per transport (one call each). */
export const FUZZ_RUNS_PER_TRANSPORT = 150;

/** Concurrent calls with distinct users, split across the three transports. */
export const LOAD_CALLS = 10_000;

export const SOAK_CALLS_DEFAULT = 5_000;
export const SOAK_CALLS_FULL = 100_000;
export const SOAK_CALLS = SOAK_MODE ? SOAK_CALLS_FULL : SOAK_CALLS_DEFAULT;
/** Calls in flight at once during the soak. */
export const SOAK_CONCURRENCY = 50;

/** Heap growth allowed across all the bad-input runs (1 MiB strings and 100,000-element arrays included). */
export const FUZZ_HEAP_BOUND_MIB = 64;
/** Heap growth allowed across the soak, measured after a full collection. */
export const SOAK_HEAP_BOUND_MIB = 16;
