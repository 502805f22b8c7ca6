/**
 * Scenario 7: scale. Each size runs in a child process (`scale-child.ts`, `--expose-gc`) so heaps
 * never mix. Growth is judged between the two largest sizes by the exponent
 * log(t₂/t₁) / log(n₂/n₁) — 1 is linear; up to 1.15 is accepted as linear within noise. Small
 * sizes are dominated by fixed costs, so they are shown but not judged.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { ScaleCheck, ScaleReport, ScaleSize, ScenarioContext } from "../lib/types.js";

const CHILD = fileURLToPath(new URL("../scale-child.ts", import.meta.url));

/** Accepted growth exponent (1 = linear) between the two largest sizes. */
const LINEAR_EXPONENT = 1.15;
/** Warm `Tools.for` must answer under this at 1,000 actions. */
const WARM_TOOLS_FOR_MS = 1;

function runChild(actions: number, boots: number): Promise<ScaleSize & { plugins: string[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--expose-gc", "--import", "tsx", CHILD, String(actions), String(boots)], {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, NODE_ENV: "production" },
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    child.once("error", reject);
    child.once("exit", (code) => {
      const line = out.trim().split("\n").at(-1);
      if (code !== 0 || line === undefined || line === "") {
        reject(new Error(`scale child (${actions}) exited ${code}: ${err.trim().split("\n").slice(-5).join(" | ")}`));
        return;
      }
      resolve(JSON.parse(line) as ScaleSize & { plugins: string[] });
    });
  });
}

function exponent(n1: number, v1: number, n2: number, v2: number): number {
  return Math.log(v2 / v1) / Math.log(n2 / n1);
}

export function scaleChecks(sizes: readonly ScaleSize[]): ScaleCheck[] {
  const sorted = [...sizes].sort((a, b) => a.actions - b.actions);
  const checks: ScaleCheck[] = [];
  const hi = sorted.at(-1);
  const lo = sorted.at(-2);
  if (hi !== undefined && lo !== undefined) {
    const metrics: [string, (s: ScaleSize) => number | undefined][] = [
      ["define actions", (s) => s.defineMs],
      ["host boot", (s) => s.bootMs],
      ["Tools.for cold", (s) => s.toolsForColdMs],
      ["tools/list cold", (s) => s.toolsListColdMs],
      ["tools/list warm", (s) => s.toolsListWarmMs],
      ["heap", (s) => s.heapBytes],
    ];
    for (const [metric, read] of metrics) {
      const a = read(lo);
      const b = read(hi);
      if (a === undefined || b === undefined) {
        checks.push({ metric, exponent: Number.NaN, verdict: "skipped", note: "skipped: plugin not built" });
        continue;
      }
      const e = exponent(lo.actions, a, hi.actions, b);
      checks.push({
        metric,
        exponent: e,
        verdict: e <= LINEAR_EXPONENT ? "pass" : "MISS",
        note: `${lo.actions.toLocaleString("en-US")} → ${hi.actions.toLocaleString("en-US")} actions`,
      });
    }
  }
  const at1k = sorted.find((s) => s.actions === 1000) ?? sorted.at(-1);
  if (at1k !== undefined) {
    checks.push({
      metric: `Tools.for warm < ${WARM_TOOLS_FOR_MS} ms at ${at1k.actions.toLocaleString("en-US")}`,
      exponent: Number.NaN,
      verdict: at1k.toolsForWarmMs < WARM_TOOLS_FOR_MS ? "pass" : "MISS",
      note: `${(at1k.toolsForWarmMs * 1000).toFixed(2)} µs`,
    });
  }
  return checks;
}

export async function scaleScenario(
  ctx: ScenarioContext,
  sizes: readonly number[],
  boots: number,
): Promise<ScaleReport> {
  const results: ScaleSize[] = [];
  let plugins: string[] = [];
  for (const actions of sizes) {
    ctx.log(`7 scale: ${actions} actions`);
    const { plugins: loaded, ...size } = await runChild(actions, boots);
    plugins = loaded;
    results.push(size);
  }
  return { sizes: results, checks: scaleChecks(results), plugins };
}
