/**
 * tool-adapter-authoring.txt, "Never let the mapping escape": a fault after the call settled is
 * reported, never let out as a throw. An observer is such a step: an async `onResult` observer
 * whose promise rejects is reported through `onException` like a throwing one — left alone it was
 * an unhandled rejection, and Node ends the process on one (issue 30, item 1).
 */
import { expect } from "chai";
import { defineAxn, type HookError } from "@axn/core";
import { createKernelHost } from "@axn/core/internal";
import { captureReports } from "../../support/reports.js";

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("host kernel: an async observer's rejection is reported, never an unhandled rejection", () => {
  const reports = captureReports();
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => void unhandled.push(reason);
  beforeEach(() => {
    unhandled.length = 0;
    process.on("unhandledRejection", onUnhandled);
  });
  afterEach(() => void process.off("unhandledRejection", onUnhandled));

  it("reports a rejecting async onResult observer once, naming the plugin and the hook; the result and later observers are unaffected", async () => {
    const host = createKernelHost();
    const later: boolean[] = [];
    host.hooks.onResult.tap("axn-plugin-metrics", async () => {
      await Promise.resolve();
      throw new Error("metrics down");
    });
    host.hooks.onResult.tap("axn-plugin-audit", ({ result }) => void later.push(result.ok));
    host.freeze();
    const result = await defineAxn({ name: "AsyncObservers.Greet", call: () => undefined }).call({});
    await settle();
    expect(result.ok).to.equal(true);
    expect(later).to.deep.equal([true]);
    expect(unhandled).to.deep.equal([]);
    expect(reports.map((r) => [r.action, r.phase, (r.error as HookError).message])).to.deep.equal([
      ["AsyncObservers.Greet", "onResult", 'Plugin "axn-plugin-metrics" failed in hook onResult: metrics down'],
    ]);
    expect((reports[0]!.error as HookError).plugin).to.equal("axn-plugin-metrics");
  });

  it("leaves a resolving async observer alone", async () => {
    const host = createKernelHost();
    const seen: string[] = [];
    host.hooks.onResult.tap("axn-plugin-audit", async ({ result }) => void seen.push(result.outcome));
    host.freeze();
    await defineAxn({ name: "AsyncObservers.Quiet", call: () => undefined }).call({});
    await settle();
    expect(seen).to.deep.equal(["success"]);
    expect(reports).to.deep.equal([]);
    expect(unhandled).to.deep.equal([]);
  });
});
