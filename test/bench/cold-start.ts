/**
 * Row 8 alone, for trying a start-up change: alternating cold starts (spawn → MCP initialize → first
 * `tools/list`) of `axn serve --mcp-stdio` on test/bench/apps/add and of the bare v2 SDK server,
 * each side's wall time and its process's own CPU time (/proc), on the Node binary given (default:
 * this one):
 *
 *   node --import tsx test/bench/cold-start.ts [starts] [node binary]
 */
import { coldStartPair } from "./scenarios/stdio.js";

const [starts = "10", node = process.execPath] = process.argv.slice(2);
const { wall, cpu, bareMs, axnMs, bareCpuMs, axnCpuMs } = await coldStartPair(Number(starts), node);
const f = (n: number): string => n.toFixed(0);
process.stdout.write(
  `cold start on ${node}: bare ${f(bareMs)} ms (CPU ${f(bareCpuMs)}), axn ${f(axnMs)} ms (CPU ${f(axnCpuMs)}); ` +
    `ratio wall ${wall.median.toFixed(2)}× (${wall.min.toFixed(2)}–${wall.max.toFixed(2)}), CPU ${cpu === undefined ? "—" : `${cpu.median.toFixed(2)}×`}\n`,
);
