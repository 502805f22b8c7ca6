/**
 * The checks: the conventions of DESIGN section 5 an adapter can break, each observed through the
 * transport — the suite reads the transport's own listing and replies (../transports.ts), never an
 * author's account of them. A failing check throws an `AssertionError` whose message says what the
 * client saw, which convention broke, and which helper keeps it (../conventions.ts).
 *
 * One file per group of conventions; this one assembles them, in the order of `CHECK_IDS`.
 */
import type { AdapterConformanceDriver } from "../driver.js";
import { accessChecks } from "./access.js";
import { ambientChecks } from "./ambient.js";
import { authorOnceChecks } from "./author-once.js";
import { errorChecks } from "./errors.js";
import { createHarness } from "./harness.js";
import { inputChecks } from "./inputs.js";
import { lifetimeChecks } from "./lifetime.js";
import { liveChecks } from "./live.js";
import { loadingChecks } from "./loading.js";
import { namingChecks } from "./naming.js";
import { renderingChecks } from "./rendering.js";
import { schemaChecks } from "./schema.js";
import { settingChecks } from "./settings.js";
import { CHECK_IDS, type ConformanceCheck, type ConformanceSuite } from "./types.js";

export { CHECK_IDS, SKIPPED, type ConformanceCheck, type ConformanceCheckId, type ConformanceSuite } from "./types.js";

const GROUPS = [
  loadingChecks,
  authorOnceChecks,
  namingChecks,
  schemaChecks,
  ambientChecks,
  inputChecks,
  errorChecks,
  renderingChecks,
  settingChecks,
  liveChecks,
  lifetimeChecks,
  accessChecks,
];

export function conformanceChecks<W>(driver: AdapterConformanceDriver<W>): ConformanceCheck[] {
  return [...conformanceSuite(driver).checks];
}

export function conformanceSuite<W>(driver: AdapterConformanceDriver<W>): ConformanceSuite {
  const harness = createHarness(driver);
  const byId = new Map(GROUPS.flatMap((group) => group(harness)).map((check) => [check.id, check]));
  const checks = CHECK_IDS.map((id) => {
    const check = byId.get(id);
    // A check id without a check (or a group left out of GROUPS) is a bug in the suite itself.
    if (check === undefined) throw new Error(`conformance suite: no check is defined for the id "${id}"`);
    return check;
  });
  return { checks, ready: async () => void (await harness.ready()) };
}
