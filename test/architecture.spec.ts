/**
 * The architecture, pinned the way api-surface.spec.ts pins the public surface: the import graph
 * of each package (read with TypeScript's parser) has no cycle, and no module imports a layer
 * above its own. The layer orders below are the design (docs/architecture.md); a change to them
 * is a design change — make it here, on purpose, with the page.
 */
import { expect } from "chai";
import { fileURLToPath } from "node:url";
import { architectureProblems, readImportGraph, sourceFiles, type Layer } from "./support/import-graph.js";

/**
 * core/src, bottom first: a module may import its own layer and the ones below it. Each layer is
 * whole folders, and each folder sits in exactly one layer — so the tree itself shows the layering
 * (docs/architecture.md has the same table).
 */
export const CORE_LAYERS: readonly Layer[] = [
  // Errors, with Failure: imported by everything, importing nothing.
  { name: "errors", modules: ["errors/**"] },
  // One module per schema kind behind one interface (zod 4, zod 3, Standard JSON Schema), and the
  // JSON Schema / JSON value helpers they share. No action concept: reflection sits above the model.
  { name: "schema", modules: ["schema/**"] },
  // Media values (image, audio, file, resource link, resource) as Standard Schemas for exposes.
  { name: "media", modules: ["media/**"] },
  // The action model: what an action, a field, a result, a call policy are; the opaque handle and
  // the internal record behind it; the pure tool-name rule `A.toolName()` applies.
  { name: "action model", modules: ["action/**"] },
  // The one process-wide state object and its reset, with what it stores app-wide and the accessors
  // that read it: the global options (their types are part of the state's shape, so they live at
  // this layer, not above it) and where discovery put an action (its tool name derives from it).
  { name: "kernel", modules: ["kernel/**", "options/**"] },
  // What the runtime consults per call or per definition: the extension vocabulary, the execution
  // context (AsyncLocalStorage), tracing and deprecators.
  { name: "services", modules: ["extensions/**", "context/**", "tracing/**"] },
  // Access: the one decision over an action's policy and the call's principal (read from the
  // ambient context), and the error a refusal carries. The runtime settles refusals, the registry
  // and adapters filter listings with it, the Invoker gates calls with it.
  { name: "access", modules: ["access/**"] },
  // Reflection: an action's normalized fields as JSON Schema (above the model it reads).
  { name: "reflection", modules: ["reflection/**"] },
  // The action runtime: defineAxn, the catalog, one call end to end. It receives a call policy
  // from its caller and reports finished results to the sink the host installed.
  { name: "action runtime", modules: ["runtime/**"] },
  // Package settings and per-action overrides (they read the catalog).
  { name: "settings", modules: ["config/**"] },
  // The tool registry: adapters, membership, enumeration, discovery of tool roots.
  { name: "tools", modules: ["tools/**"] },
  { name: "invoke", modules: ["invoke/**"] },
  { name: "render", modules: ["render/**"] },
  // Background calls: the enqueuer A.enqueue reaches through the kernel, the job handle, the
  // backends' interface, the embedded queue, one job run the way a worker runs it.
  { name: "queue", modules: ["queue/**"] },
  { name: "host", modules: ["host/**"] },
  { name: "entry points", modules: ["index.ts", "internal/**"] },
];

/** sdk/src, bottom first. */
export const SDK_LAYERS: readonly Layer[] = [
  // What a plugin is, and the error its loading raises.
  { name: "plugin model", modules: ["plugin.ts", "deprecator.ts", "host/plugin-error.ts"] },
  // The BullMQ backend and worker (@axn/sdk/queue): @axn/core's queue on Redis; the config names its settings.
  { name: "queue", modules: ["queue/**"] },
  // Who is calling: the authenticate contract and the shipped verifiers (jose), for every transport.
  // Below config: the config type names the `serve` settings, whose `authenticate` is this contract.
  { name: "auth", modules: ["auth/**"] },
  { name: "config", modules: ["config/**"] },
  // What every HTTP-served transport applies alike: the `serve` settings, the Host/Origin policy,
  // authentication of a request, the call cap, body limits. The adapter kit reads its timeout here.
  { name: "serving", modules: ["serving/**"] },
  { name: "host loading", modules: ["host/**"] },
  { name: "adapter kit", modules: ["adapter/**", "testing/**"] },
  { name: "cli", modules: ["cli/**"] },
  // Above the CLI: the served suite runs a plugin's endpoint under the CLI's own shared server.
  { name: "conformance", modules: ["conformance/**"] },
  { name: "entry points", modules: ["index.ts"] },
];

/**
 * The example app (docs/examples/helpdesk), bottom first — the shape we recommend to app teams:
 * the domain and its policies below the tools, the tools below the files that load them.
 */
export const EXAMPLE_APP_LAYERS: readonly Layer[] = [
  // The domain: the store, the shared schemas, who counts as an agent, how a request says who it is.
  { name: "domain", modules: ["src/**"] },
  // The tools: one action a module under the tool root, importing only the domain.
  { name: "tools", modules: ["agent_tools/**"] },
  // What loads the tools: the config (`axn serve`) and the two agent loops.
  { name: "entry points", modules: ["axn.config.ts", "agent.ts", "agent-hosted.ts"] },
];

/** plugins/mcp/src, bottom first: a folder a layer, the plugin's entry files at the root. */
export const MCP_LAYERS: readonly Layer[] = [
  // One request and its client, in the SDK's terms: the JSON-RPC error a handler throws, what the
  // server knows of its peer, the trusted ambient context built from a request. Below everything
  // that answers a request.
  { name: "protocol", modules: ["protocol/**"] },
  // The Streamable HTTP sessions' table and records (memory, Redis) and their replay: plain data
  // and the SDK's transport, nothing of tools or settings, so the store setting can name them.
  { name: "sessions", modules: ["sessions/**"] },
  // Resources, prompts and completions: their definitions (defineResource, definePrompt), and
  // their registration and access on one SDK server. The settings list them, so they sit below.
  { name: "surface", modules: ["surface/**"] },
  // The `mcp` config namespace and the configureServer seam it holds: read by every layer above.
  { name: "settings", modules: ["settings/**"] },
  // One action → one MCP tool: its definition, result and media mapping, live channel, and the
  // registry's tools wrapped (what the servers serve by default).
  { name: "tools", modules: ["tools/**"] },
  // Long-running tools as MCP tasks on the app's queue: a tool call turned into a job and back.
  { name: "tasks", modules: ["tasks/**"] },
  // One SDK server over a tool set, resources and prompts; and where axn serve finds them.
  { name: "server", modules: ["server/**"] },
  // The transports a server is connected to: stdio, and Streamable HTTP (sessions, auth, limits).
  { name: "transports", modules: ["stdio/**", "http/**"] },
  // What the host loads: the axn serve registrations, the plugin, the adapter pair, the package entry.
  { name: "entry points", modules: ["transports.ts", "plugin.ts", "adapter.ts", "index.ts"] },
];

/** plugins/langchain/src, bottom first (flat files: each layer lists its own). */
export const LANGCHAIN_LAYERS: readonly Layer[] = [
  // The `langchain` config namespace: what a tool's presentation and background mode read.
  { name: "settings", modules: ["config.ts"] },
  // What a LangChain run hands a call, as axn's call options: the abort signal, the trusted
  // ambient context, live events, the run's span, media as content blocks. Each imports nothing here.
  { name: "run context", modules: ["abort.ts", "ambient.ts", "live.ts", "graph-questions.ts", "span.ts", "media.ts"] },
  // A Result (or a background job) as a tool's content and artifact.
  { name: "result mapping", modules: ["map-result.ts", "job-call.ts", "job-handle.ts"] },
  // One call of an action from a tool invocation: run context in, mapped result out.
  { name: "call", modules: ["call-action.ts"] },
  // The StructuredTools: one action's tool, wrap, and the job-status companion; tool-kit.ts, the
  // LangChain side the plugin loads on first use.
  { name: "tools", modules: ["action-tool.ts", "wrap.ts", "job-status-tool.ts", "tool-kit.ts"] },
  { name: "entry points", modules: ["plugin.ts", "index.ts"] },
];

/**
 * plugins/http/src, bottom first: the wire contract, the operation a tool version becomes, what
 * describes and enqueues operations, the one tool-call pipeline, then the listeners that convert
 * their runtime's request to it — the Node fast path below the hono app (which reads Node's
 * bindings when it runs on @hono/node-server) — the servers that run them, the plugin object.
 */
export const HTTP_LAYERS: readonly Layer[] = [
  // The `http` settings: the adapter key, the plugin name, every setting's default.
  { name: "settings", modules: ["config.ts"] },
  // Every reply the adapter writes itself (status, JSON body, headers): the wire contract.
  { name: "replies", modules: ["replies.ts"] },
  // One tool version as an HTTP operation: wrap, the result → reply mapping, the registered set.
  { name: "operation", modules: ["operation/**"] },
  { name: "openapi", modules: ["openapi/**"] },
  // Background calls: enqueue (202 + job URL) and the job status reply.
  { name: "jobs", modules: ["jobs/**"] },
  // The one pipeline that answers a tool call, and the seam a listener hands it a request through.
  { name: "pipeline", modules: ["pipeline/**"] },
  // Listeners: each converts its runtime's request and reply, and calls the pipeline.
  { name: "node listener", modules: ["node/**"] },
  { name: "hono app", modules: ["hono/**"] },
  // `serve` and the transport `axn serve` mounts: an app on a Node server.
  { name: "servers", modules: ["server/**"] },
  { name: "plugin", modules: ["plugin.ts"] },
  { name: "entry points", modules: ["index.ts"] },
];

const packageSources = (dir: string) => sourceFiles(fileURLToPath(new URL(`../${dir}`, import.meta.url)));

describe("architecture", () => {
  it("core/src: no cycle, no upward import, every module in a layer", () => {
    expect(architectureProblems(readImportGraph(packageSources("core/src")), CORE_LAYERS)).to.deep.equal([]);
  });

  it("core/src: each layer is whole folders, and each folder sits in one layer (the tree shows the layers)", () => {
    const patterns = CORE_LAYERS.flatMap((layer) => layer.modules.map((pattern) => ({ layer: layer.name, pattern })));
    // The package's entry file is the one module outside a folder.
    expect(patterns.filter(({ pattern }) => pattern !== "index.ts" && !/^[a-z-]+\/\*\*$/.test(pattern))).to.deep.equal(
      [],
    );
    const folders = patterns.map(({ pattern }) => pattern.split("/")[0]);
    expect(folders.filter((folder, i) => folders.indexOf(folder) !== i)).to.deep.equal([]);
    const onDisk = [
      ...new Set(
        Object.keys(packageSources("core/src").files)
          .filter((f) => f.includes("/"))
          .map((f) => f.split("/")[0]!),
      ),
    ].sort();
    expect(onDisk.filter((folder) => !folders.includes(folder))).to.deep.equal([]);
  });

  it("sdk/src: no cycle, no upward import, every module in a layer", () => {
    expect(architectureProblems(readImportGraph(packageSources("sdk/src")), SDK_LAYERS)).to.deep.equal([]);
  });

  it("docs/examples/helpdesk: no cycle, no upward import, every module in a layer", () => {
    expect(
      architectureProblems(readImportGraph(packageSources("docs/examples/helpdesk")), EXAMPLE_APP_LAYERS),
    ).to.deep.equal([]);
  });

  it("plugins/mcp/src: no cycle, no upward import, every module in a layer", () => {
    expect(architectureProblems(readImportGraph(packageSources("plugins/mcp/src")), MCP_LAYERS)).to.deep.equal([]);
  });

  it("plugins/langchain/src: no cycle, no upward import, every module in a layer", () => {
    expect(
      architectureProblems(readImportGraph(packageSources("plugins/langchain/src")), LANGCHAIN_LAYERS),
    ).to.deep.equal([]);
  });

  it("plugins/http/src: no cycle, no upward import, every module in a layer", () => {
    expect(architectureProblems(readImportGraph(packageSources("plugins/http/src")), HTTP_LAYERS)).to.deep.equal([]);
  });

  describe("the checker itself", () => {
    // A small package with one of each fault: `model/types.ts` reaches up into the runtime, and
    // `model/a.ts` and `model/b.ts` import each other (one side type-only: it still counts).
    const LAYERS: readonly Layer[] = [
      { name: "model", modules: ["model/**"] },
      { name: "runtime", modules: ["runtime/**"] },
    ];
    const sources = {
      root: "(in memory)",
      files: {
        "model/types.ts": `import type { Run } from "../runtime/run.js";\nexport type Model = { run: Run };\n`,
        "model/a.ts": `import { b } from "./b.js";\nexport const a = () => b;\n`,
        "model/b.ts": `import type { a } from "./a.js";\nexport const b = 1; export type A = typeof a;\n`,
        "runtime/run.ts": `import type { Model } from "../model/types.js";\nexport type Run = (model: Model) => void;\nexport const lazy = () => import("../model/a.js");\n`,
        "stray.ts": `export {};\n`,
      },
    };

    it("reads static, type-only and dynamic imports as edges", () => {
      const graph = readImportGraph(sources);
      expect(Object.fromEntries(graph)).to.deep.equal({
        "model/a.ts": [{ to: "model/b.ts", typeOnly: false }],
        "model/b.ts": [{ to: "model/a.ts", typeOnly: true }],
        "model/types.ts": [{ to: "runtime/run.ts", typeOnly: true }],
        "runtime/run.ts": [
          { to: "model/types.ts", typeOnly: true },
          { to: "model/a.ts", typeOnly: false },
        ],
        "stray.ts": [],
      });
    });

    it("reports an upward import, a cycle and a module in no layer, each with its exact message", () => {
      expect(architectureProblems(readImportGraph(sources), LAYERS)).to.deep.equal([
        "import cycle: model/a.ts → model/b.ts → model/a.ts",
        "import cycle: model/types.ts → runtime/run.ts → model/types.ts",
        "stray.ts is in no layer; add it to the layer its imports put it in",
        'upward import: model/types.ts (layer "model") imports runtime/run.ts (layer "runtime") (type-only); the model layer may import only its own layer and those below it',
      ]);
    });

    it("lets a file entry override its folder's layer (the most specific pattern wins)", () => {
      const layers: readonly Layer[] = [
        { name: "model", modules: ["model/**", "runtime/run.ts"] },
        { name: "runtime", modules: ["runtime/**"] },
        { name: "rest", modules: ["**"] },
      ];
      const problems = architectureProblems(readImportGraph(sources), layers);
      expect(problems.filter((p) => p.startsWith("upward"))).to.deep.equal([]);
      expect(problems.filter((p) => p.includes("no layer"))).to.deep.equal([]);
    });
  });
});
