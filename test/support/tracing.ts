/**
 * An in-memory OpenTelemetry exporter for one spec suite. The global tracer provider can be set
 * only once per process and another spec file may already have set its own, so the suite swaps
 * its provider in for its duration (`before`) and puts the previous one back (`after`); mocha runs
 * suites one at a time, so neither sees the other's spans. `untraced(run)` runs with no provider
 * registered at all (what most processes are), and puts the suite's back after.
 */
import { ProxyTracerProvider, trace, type TracerProvider } from "@opentelemetry/api";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";

export interface InMemorySpans {
  readonly exporter: InMemorySpanExporter;
  untraced<T>(run: () => Promise<T>): Promise<T>;
}

export function useInMemorySpans(): InMemorySpans {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  let previous: TracerProvider | undefined;

  before(() => {
    if (trace.setGlobalTracerProvider(provider)) return;
    const global = trace.getTracerProvider();
    previous = global instanceof ProxyTracerProvider ? global.getDelegate() : global;
    trace.disable();
    trace.setGlobalTracerProvider(provider);
  });
  beforeEach(() => exporter.reset());
  after(() => {
    trace.disable();
    if (previous !== undefined) trace.setGlobalTracerProvider(previous);
  });
  return {
    exporter,
    async untraced(run) {
      trace.disable();
      try {
        return await run();
      } finally {
        trace.setGlobalTracerProvider(provider);
      }
    },
  };
}
