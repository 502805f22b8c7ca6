/**
 * `@opentelemetry/api` is loaded only once something registers with it (core/src/tracing/
 * open-telemetry.ts): a process that never installs a tracer provider calls actions without it —
 * ~10–20 ms of every cold start — and one that registers later still gets its `axn.call` spans.
 * Run in a child process, whose module cache no other spec has touched, with Node's module-loading
 * trace (`NODE_DEBUG=esm,module`) on stderr: it names every file loaded, ESM and CommonJS alike.
 */
import { expect } from "chai";
import { execFile } from "node:child_process";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

const SCRIPT = `
import { defineAxn } from "@axn/core";
const Echo = defineAxn({ name: "Lazy.Echo", call: () => undefined });
const first = await Echo.call({});
process.stderr.write("\\n--- first call done ---\\n");
const { trace } = await import("@opentelemetry/api");
const { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } = await import("@opentelemetry/sdk-trace-base");
const exporter = new InMemorySpanExporter();
trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
await Echo.call({});
trace.disable();
await Echo.call({});
console.log(JSON.stringify({ ok: first.ok, spans: exporter.getFinishedSpans().map((span) => span.attributes["axn.action"]) }));
`;

describe("tracing: @opentelemetry/api loads on first registration", () => {
  it("a call with no tracer registered leaves the API unloaded; a provider registered later gets its span, and none after disable()", async () => {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", SCRIPT], {
      cwd: repo,
      env: { ...process.env, NODE_DEBUG: "esm,module" },
      maxBuffer: 64 * 1024 * 1024,
    });
    const beforeFirstCall = stderr.split("--- first call done ---")[0]!;
    // The trace works (core itself is in it), and the API is not.
    expect(beforeFirstCall).to.include("core/dist/index.js");
    expect(beforeFirstCall).not.to.include("node_modules/@opentelemetry/api");
    expect(JSON.parse(stdout)).to.deep.equal({ ok: true, spans: ["Lazy.Echo"] });
  });
});
