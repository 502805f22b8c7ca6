// scratch: axn's tool.call alone vs the bare handler's work (not committed)
import type { AnyAxn } from "@axn/core";
import { clearCatalog } from "@axn/core/internal";
import { addArgs, defineAddNumbers } from "./fixtures.js";
import { bootHost, fn, loadPlugin } from "./lib/plugins.js";
import { AddArguments, AddResult } from "./peers/mcp-servers.js";
clearCatalog();
const loaded = await loadPlugin("axn-plugin-mcp", ["createMcpServer", "McpAdapter"]);
if (!loaded.ok) throw new Error(loaded.reason);
const wrap = fn<(action: AnyAxn) => { call: (a: unknown, r?: object) => Promise<unknown> }>(loaded.module, ["McpAdapter", "wrap"])!;
bootHost([loaded.plugin]);
const tool = wrap(defineAddNumbers());
const signal = new AbortController().signal;
const sendNotification = async () => {};
const sendRequest = async () => ({});
const req = () => ({ signal, requestId: 1, sendNotification, sendRequest });
const bare = async () => {
  const args = AddArguments.safeParse({ ...addArgs });
  if (!args.success) throw new Error();
  const result = AddResult.safeParse({ sum: args.data.a + args.data.b });
  const structuredContent = { sum: result.data!.sum };
  return { content: [{ type: "text", text: JSON.stringify(structuredContent) }], structuredContent };
};
const createServer = fn<(o: object) => any>(loaded.module, ["createMcpServer"])!;
const server = createServer({ name: "axn", version: "1.0.0", tools: [tool] });
const handler = server._requestHandlers.get("tools/call");
const name = (tool as any).name;
const handlerCall = () => handler({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: { ...addArgs } } }, req());
const axn = process.env.HANDLER ? handlerCall : () => tool.call({ ...addArgs }, req());
const n = Number(process.argv[2] ?? 200000);
const which = process.argv[3];
for (let i = 0; i < 20000; i++) { await bare(); await axn(); }
if (which) { const f = which === "axn" ? axn : bare; const t0 = performance.now(); for (let i = 0; i < n; i++) await f(); console.log(which, ((performance.now() - t0) * 1000 / n).toFixed(3), "µs"); process.exit(0); }
const res: Record<string, number[]> = { bare: [], axn: [] };
for (let r = 0; r < 16; r++) for (const [name, f] of (r % 2 ? [["axn", axn], ["bare", bare]] : [["bare", bare], ["axn", axn]]) as [string, () => Promise<unknown>][]) {
  const c0 = process.cpuUsage(); for (let i = 0; i < n; i++) await f(); const c = process.cpuUsage(c0);
  res[name]!.push((c.user + c.system) / n);
}
for (const [name, v] of Object.entries(res)) { v.sort((a, b) => a - b); console.log(name, "min", v[0]!.toFixed(3), "q1", v[4]!.toFixed(3), "median", v[8]!.toFixed(3)); }
process.exit(0);
