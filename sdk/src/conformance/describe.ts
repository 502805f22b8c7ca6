/**
 * `describeAdapterConformance`: registers the checks as a mocha suite (or any runner with
 * `describe` / `it`, and `before` if it has one: the plugin is loaded there, so a plugin that does
 * not load fails that one hook), and `runConformanceChecks`, which runs them directly and returns
 * which passed — for tooling, and for proving the suite fails a broken adapter.
 *
 * @example
 * ```ts
 * import { describeAdapterConformance } from "@axn/sdk/conformance";
 * import mcpPlugin, { McpAdapter } from "axn-plugin-mcp";
 * describeAdapterConformance({
 *   name: "axn-plugin-mcp", plugin: mcpPlugin, key: "mcp", wrap: (a) => McpAdapter.wrap(a), tools: McpAdapter.tools,
 *   transport: { kind: "mcp", connect: async (tools) => connectMcpClient(tools) }, // a real server and Client
 * });
 * ```
 */
import { errorMessage } from "@axn/core/internal";
import type { AdapterConformanceDriver } from "./driver.js";
import { conformanceSuite, SKIPPED, type ConformanceCheckId } from "./checks/index.js";

/** The slice of a test runner the suite needs (mocha's globals fit it). */
export interface ConformanceRunner {
  describe(title: string, body: () => void): unknown;
  /** `this` is the runner's test context: a `skip()` on it marks a check with nothing to check as pending. */
  it(title: string, body: (this: { skip?: () => void } | undefined) => Promise<void>): unknown;
  /** Runs once before the suite's checks: the plugin is loaded there. */
  before?(body: () => Promise<void>): unknown;
}

export interface ConformanceResult<Id extends string = ConformanceCheckId> {
  readonly id: Id;
  readonly title: string;
  /** True for a skipped check too. */
  readonly passed: boolean;
  /** The check had nothing to check (the adapter declares no such setting). */
  readonly skipped?: true;
  /** The assertion message of a failed check. */
  readonly error?: string;
}

export function describeAdapterConformance<W>(
  driver: AdapterConformanceDriver<W>,
  runner: ConformanceRunner = globalRunner(),
): void {
  const suite = conformanceSuite(driver);
  runner.describe(
    `${driver.name} adapter conformance${driver.probeSchemas === undefined ? "" : ` (${driver.probeSchemas.label} probes)`}`,
    () => {
      runner.before?.(() => suite.ready());
      for (const check of suite.checks) {
        runner.it(`${check.title} [${check.id}]`, async function (this: { skip?: () => void } | undefined) {
          if ((await check.run()) === SKIPPED) this?.skip?.();
        });
      }
    },
  );
}

/** Runs every check (or `only` those) in order and reports each one; never throws for a failed check. */
export async function runConformanceChecks<W>(
  driver: AdapterConformanceDriver<W>,
  options: { readonly only?: readonly ConformanceCheckId[] } = {},
): Promise<ConformanceResult[]> {
  const results: ConformanceResult[] = [];
  for (const check of conformanceSuite(driver).checks) {
    if (options.only !== undefined && !options.only.includes(check.id)) continue;
    try {
      const outcome = await check.run();
      results.push({
        id: check.id,
        title: check.title,
        passed: true,
        ...(outcome === SKIPPED ? { skipped: true as const } : {}),
      });
    } catch (error) {
      results.push({ id: check.id, title: check.title, passed: false, error: errorMessage(error) });
    }
  }
  return results;
}

function globalRunner(): ConformanceRunner {
  const scope = globalThis as { describe?: unknown; it?: unknown; before?: unknown };
  if (typeof scope.describe !== "function" || typeof scope.it !== "function") {
    throw new TypeError(
      "describeAdapterConformance: no global describe/it; run it from a mocha spec or pass { describe, it, before? } as the second argument",
    );
  }
  return {
    describe: scope.describe as ConformanceRunner["describe"],
    it: scope.it as ConformanceRunner["it"],
    ...(typeof scope.before === "function" ? { before: scope.before as NonNullable<ConformanceRunner["before"]> } : {}),
  };
}
