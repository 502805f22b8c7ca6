/**
 * A tools/call enters no `AsyncLocalStorage` scope of the plugin's own: on Node 20 the first
 * `AsyncLocalStorage.run` in a process switches on a hook that then runs for every promise, a
 * price a tool's live capabilities (`ctx.progress`, `ctx.signal`: the call context) never need.
 * Observed in a process of its own, since any earlier scope in a shared one leaves the hook on.
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect } from "chai";

describe("axn-plugin-mcp: no promise hook per call", () => {
  const probe = fileURLToPath(new URL("./fixtures/promise-hook-probe.ts", import.meta.url));

  it("a call that reports progress through the call context switches no promise hook on", async () => {
    const observed = await new Promise<unknown>((resolve, reject) =>
      execFile(process.execPath, ["--import", "tsx", probe], (error, stdout, stderr) =>
        error === null ? resolve(JSON.parse(stdout)) : reject(new Error(`probe failed: ${stderr}`)),
      ),
    );
    expect(observed).to.deep.equal({ structuredContent: { sum: 5 }, hookBefore: false, hookAfter: false });
  });
});
