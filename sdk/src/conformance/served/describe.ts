/**
 * `describeServedConformance` registers the served checks as a mocha suite (the endpoint is served
 * once, in `before`, and stopped in `after`); `runServedChecks` runs them directly and reports each.
 *
 * @example
 * ```ts
 * describeServedConformance({
 *   name: "axn-plugin-chat", plugin: chatPlugin, key: "chat", transport: "chat", maxBodyBytes: 65_536,
 *   request: ({ tool, args }) => ({ headers: { "content-type": "application/json" }, body: JSON.stringify({ tool, args }) }),
 *   reply: ({ status, body }) => ({ ok: status === 200, text: String(JSON.parse(body).text ?? JSON.parse(body).error) }),
 * });
 * ```
 */
import { errorMessage } from "@axn/core/internal";
import { capturingExceptions } from "../exceptions.js";
import type { ConformanceResult, ConformanceRunner } from "../describe.js";
import { buildProbes, ZOD_PROBE_SCHEMAS, type Probes } from "../probes.js";
import type { ServedEndpointDriver } from "./driver.js";
import { servedChecks, type ServedCheckId } from "./checks.js";
import { serveEndpoint, type ServedEndpoint } from "./server.js";

/** The runner of `describeAdapterConformance`, with `after` to stop the endpoint. */
export interface ServedConformanceRunner extends ConformanceRunner {
  after?(body: () => Promise<void>): unknown;
}

interface Served {
  readonly endpoint: ServedEndpoint;
  readonly probes: Probes;
}

async function served(driver: ServedEndpointDriver): Promise<Served> {
  let probes: Probes | undefined;
  // The probes join the catalog before the transport starts: a transport may list its tools once, at start.
  const endpoint = await serveEndpoint(driver, driver.name, () => {
    probes = buildProbes(`${driver.name} served`, ZOD_PROBE_SCHEMAS, {
      key: driver.key,
      presentAs: false,
      rejectOpaque: false,
    });
  });
  return { endpoint, probes: probes! };
}

export function describeServedConformance(
  driver: ServedEndpointDriver,
  runner: ServedConformanceRunner = globalRunner(),
): void {
  const checks = servedChecks(driver, driver.name);
  let current: Promise<Served> | undefined;
  runner.describe(`${driver.name} served endpoint conformance (${driver.transport})`, () => {
    runner.before?.(async () => void (await (current = served(driver))));
    runner.after?.(async () => (await current?.catch(() => undefined))?.endpoint.stop());
    for (const check of checks) {
      runner.it(`${check.title} [${check.id}]`, async () => {
        const { endpoint, probes } = await (current ??= served(driver));
        await capturingExceptions(() => check.run(endpoint, probes));
      });
    }
  });
}

/** Serves the endpoint, runs every served check (or `only` those) in order, stops it; never throws for a failed check. */
export async function runServedChecks(
  driver: ServedEndpointDriver,
  options: { readonly only?: readonly ServedCheckId[] } = {},
): Promise<ConformanceResult<ServedCheckId>[]> {
  const checks = servedChecks(driver, driver.name).filter(
    (check) => options.only === undefined || options.only.includes(check.id),
  );
  let serving: Served;
  try {
    serving = await served(driver);
  } catch (error) {
    return checks.map((check) => ({ id: check.id, title: check.title, passed: false, error: errorMessage(error) }));
  }
  const results: ConformanceResult<ServedCheckId>[] = [];
  try {
    for (const check of checks) {
      try {
        await capturingExceptions(() => check.run(serving.endpoint, serving.probes));
        results.push({ id: check.id, title: check.title, passed: true });
      } catch (error) {
        results.push({ id: check.id, title: check.title, passed: false, error: errorMessage(error) });
      }
    }
  } finally {
    await serving.endpoint.stop();
  }
  return results;
}

function globalRunner(): ServedConformanceRunner {
  const scope = globalThis as { describe?: unknown; it?: unknown; before?: unknown; after?: unknown };
  if (typeof scope.describe !== "function" || typeof scope.it !== "function") {
    throw new TypeError(
      "describeServedConformance: no global describe/it; run it from a mocha spec or pass { describe, it, before?, after? } as the second argument",
    );
  }
  return {
    describe: scope.describe as ServedConformanceRunner["describe"],
    it: scope.it as ServedConformanceRunner["it"],
    ...(typeof scope.before === "function"
      ? { before: scope.before as NonNullable<ServedConformanceRunner["before"]> }
      : {}),
    ...(typeof scope.after === "function"
      ? { after: scope.after as NonNullable<ServedConformanceRunner["after"]> }
      : {}),
  };
}
