/**
 * What the reliability specs watch besides each answer: process-level faults (an unhandled
 * rejection or an uncaught exception anywhere while a block runs), the global `onException`
 * handler, the built-in prototypes, the heap and the event loop's open resources.
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { axnConfig, configureAxn, type ExceptionHandler, type ExceptionInfo } from "@axn/core";

export interface ProcessFault {
  readonly kind: "unhandledRejection" | "uncaughtException";
  readonly error: unknown;
}

/**
 * Records every unhandled rejection and uncaught exception while the enclosing `describe` runs.
 * `uncaughtExceptionMonitor` observes without changing how mocha handles the exception.
 */
export function recordProcessFaults(): ProcessFault[] {
  const faults: ProcessFault[] = [];
  const onRejection = (error: unknown): void => {
    faults.push({ kind: "unhandledRejection", error });
  };
  const onException = (error: unknown): void => {
    faults.push({ kind: "uncaughtException", error });
  };
  before(() => {
    process.on("unhandledRejection", onRejection);
    process.on("uncaughtExceptionMonitor", onException);
  });
  after(() => {
    process.off("unhandledRejection", onRejection);
    process.off("uncaughtExceptionMonitor", onException);
  });
  return faults;
}

export interface Page {
  readonly error: unknown;
  readonly info: ExceptionInfo;
}

/** Every `onException` page in the enclosing `describe`, reset before each spec. */
export function recordPages(): Page[] {
  const pages: Page[] = [];
  let previous: ExceptionHandler | undefined;
  before(() => {
    previous = axnConfig().onException;
  });
  // Hand the process back with the handler it had, so later specs see no trace of this one.
  after(() => {
    if (previous !== undefined) configureAxn({ onException: previous });
  });
  beforeEach(() => {
    pages.length = 0;
    configureAxn({ onException: (error, info) => pages.push({ error, info }) });
  });
  return pages;
}

/** `action: phase: message` per page, for readable assertion failures. */
export function describePages(pages: readonly Page[]): string[] {
  return pages.map(
    (page) =>
      `${page.info.action}: ${page.info.phase}: ${page.error instanceof Error ? page.error.message.slice(0, 200) : String(page.error)}`,
  );
}

const PROTOTYPES: readonly [string, object][] = [
  ["Object.prototype", Object.prototype],
  ["Array.prototype", Array.prototype],
  ["Function.prototype", Function.prototype],
  ["String.prototype", String.prototype],
  ["Number.prototype", Number.prototype],
];

/** Every own key of the built-in prototypes with the identity of its value: any write changes it. */
export function prototypeFingerprint(): Map<string, unknown> {
  const fingerprint = new Map<string, unknown>();
  for (const [name, proto] of PROTOTYPES) {
    for (const key of Reflect.ownKeys(proto)) {
      const descriptor = Object.getOwnPropertyDescriptor(proto, key)!;
      fingerprint.set(`${name}.${String(key)}`, descriptor.value ?? descriptor.get);
    }
    fingerprint.set(`${name} [[Prototype]]`, Object.getPrototypeOf(proto));
  }
  return fingerprint;
}

/** Keys whose value differs between two fingerprints (added, removed or replaced). */
export function prototypeChanges(before: Map<string, unknown>, after: Map<string, unknown>): string[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys].filter((key) => before.get(key) !== after.get(key));
}

/**
 * A full garbage collection, reached without `--expose-gc` on the command line: the flag is set at
 * run time and a fresh context picks up the `gc` global it defines.
 */
const collectGarbage: () => void = (() => {
  setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as () => void;
})();

/** `heapUsed` after a full collection. */
export function settledHeap(): number {
  collectGarbage();
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

export const MiB = 1024 * 1024;

/** Open resources by type (`TCPWrap: 2`, `Timeout: 1`), for before/after comparisons. */
export function activeResources(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const type of process.getActiveResourcesInfo()) counts[type] = (counts[type] ?? 0) + 1;
  return counts;
}

/** Resource types that grew between two snapshots, with their growth. */
export function resourceGrowth(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  const grown: Record<string, number> = {};
  for (const [type, count] of Object.entries(after)) {
    const delta = count - (before[type] ?? 0);
    if (delta > 0) grown[type] = delta;
  }
  return grown;
}
