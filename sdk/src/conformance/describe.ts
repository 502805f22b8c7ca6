/**
 * `describeAdapterConformance`: registers the checks as a mocha suite (or any runner with
 * `describe` / `it`), and `runConformanceChecks`, which runs them directly and returns which
 * passed — for tooling, and for proving the suite fails a broken adapter.
 *
 * @example
 * ```ts
 * import { describeAdapterConformance } from "@axn/sdk/conformance";
 * describeAdapterConformance({
 *   name: "axn-plugin-mcp", key: "mcp", wrap: (a) => McpAdapter.wrap(a), tools: McpAdapter.tools,
 *   advertised: async (tool) => (await listThroughClient(tool)),
 *   invoke: async (tool, args, { ambientContext }) => callThroughClient(tool, args, ambientContext),
 * });
 * ```
 */
import type { AdapterConformanceDriver } from "./driver.js";
import { conformanceChecks, type ConformanceCheckId } from "./checks.js";

/** The slice of a test runner the suite needs (mocha's globals fit it). */
export interface ConformanceRunner {
  describe(title: string, body: () => void): unknown;
  it(title: string, body: () => Promise<void>): unknown;
}

export interface ConformanceResult {
  readonly id: ConformanceCheckId;
  readonly title: string;
  readonly passed: boolean;
  /** The assertion message of a failed check. */
  readonly error?: string;
}

export function describeAdapterConformance<W>(driver: AdapterConformanceDriver<W>, runner: ConformanceRunner = globalRunner()): void {
  runner.describe(`${driver.name} adapter conformance${driver.probeSchemas === undefined ? "" : ` (${driver.probeSchemas.label} probes)`}`, () => {
    for (const check of conformanceChecks(driver)) runner.it(`${check.title} [${check.id}]`, () => check.run());
  });
}

/** Runs every check (or `only` those) in order and reports each one; never throws for a failed check. */
export async function runConformanceChecks<W>(
  driver: AdapterConformanceDriver<W>,
  options: { readonly only?: readonly ConformanceCheckId[] } = {},
): Promise<ConformanceResult[]> {
  const results: ConformanceResult[] = [];
  for (const check of conformanceChecks(driver)) {
    if (options.only !== undefined && !options.only.includes(check.id)) continue;
    try {
      await check.run();
      results.push({ id: check.id, title: check.title, passed: true });
    } catch (error) {
      results.push({ id: check.id, title: check.title, passed: false, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return results;
}

function globalRunner(): ConformanceRunner {
  const scope = globalThis as { describe?: unknown; it?: unknown };
  if (typeof scope.describe !== "function" || typeof scope.it !== "function") {
    throw new TypeError("describeAdapterConformance: no global describe/it; run it from a mocha spec or pass { describe, it } as the second argument");
  }
  return { describe: scope.describe as ConformanceRunner["describe"], it: scope.it as ConformanceRunner["it"] };
}
