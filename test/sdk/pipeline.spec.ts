/**
 * `toolPipeline`: one tool call as every adapter makes it — the shared Invoker profile with the
 * trusted ambient context and signal, then the guarded mapping to the adapter's success payload or
 * its `{ error, fieldErrors? }` answer — and the helpers beside it (name resolution, `presentAs`,
 * `reportAdapterError`).
 */
import { expect } from "chai";
import { z } from "zod";
import { configureAxn, createConfigurable, Current, defineAxn, Factory, type Result } from "@axn/core";
import { resetKernel } from "@axn/sdk/testing";
import {
  ADAPTER_FAILURE_MESSAGE,
  assertPresentAs,
  declarePresentAs,
  declareRejectOpaqueExposedValues,
  reportAdapterError,
  resolveToolName,
  serializeExposed,
  toolInvoker,
  toolPipeline,
  toolPipelineInto,
  type ToolFailure,
  type ToolFailureKind,
} from "@axn/sdk/adapter";
import { captureReports } from "../support/reports.js";

const config = declareRejectOpaqueExposedValues(
  declarePresentAs(createConfigurable("axn-plugin-pipelinespec").configNamespace("pipelinespec")),
  {
    default: false,
  },
);

type Reply = { ok: true; value: unknown } | { ok: false; failure: ToolFailure; kind: ToolFailureKind };
const mapping = {
  success: (result: Result<Record<string, unknown>>): Reply => ({ ok: true, value: result.exposed }),
  failure: (failure: ToolFailure, kind: ToolFailureKind): Reply => ({ ok: false, failure, kind }),
};

const Lookup = Factory.build(
  {
    name: "PipelineSpec.Lookup",
    expects: { count: z.number().int().min(1), userId: { schema: z.string(), on: "ambientContext" } },
    exposes: { count: z.number(), userId: z.string() },
    messages: { error: "Lookup failed" },
  },
  ({ count, userId }, { fail }) => {
    if (count === 13) fail("unlucky");
    if (count === 99) throw new Error("database password is hunter2");
    return { count, userId };
  },
);

describe("toolPipeline", () => {
  const reports = captureReports();
  afterEach(() => resetKernel());
  const run = toolPipeline(Lookup, mapping);

  it("runs the action through the tool Invoker profile with the trusted context, and maps the success", async () => {
    expect(toolInvoker.options).to.deep.equal({ userFacingInputErrors: true, rejectUndeclaredInputs: true });
    // "3" coerced; an ambientContext argument smuggled by the model is ignored.
    const reply = await run(
      { count: "3", ambientContext: { userId: "attacker" } },
      { ambientContext: { userId: "u_1" } },
    );
    expect(reply).to.deep.equal({ ok: true, value: { count: 3, userId: "u_1" } });
  });

  it("answers the action's own error for each kind of failure, never the exception's message", async () => {
    expect(await run({ count: 13 }, { ambientContext: { userId: "u" } })).to.deep.equal({
      ok: false,
      failure: { error: "Lookup failed: unlucky" },
      kind: "failure",
    });
    expect(await run({ count: 99 }, { ambientContext: { userId: "u" } })).to.deep.equal({
      ok: false,
      failure: { error: "Lookup failed" },
      kind: "exception",
    });
    expect(reports.map((r) => [r.action, r.phase])).to.deep.equal([["PipelineSpec.Lookup", "call"]]);
  });

  it("adds the field errors, as plain { field, message } objects, only for arguments refused user-facing", async () => {
    const reply = await run({ count: 0, extra: true }, { ambientContext: { userId: "u" } });
    expect(reply).to.deep.equal({
      ok: false,
      failure: {
        error: "Lookup failed: count: Too small: expected number to be >=1; unknown input: extra",
        fieldErrors: [
          { field: "count", message: "count: Too small: expected number to be >=1" },
          { field: "extra", message: "unknown input: extra" },
        ],
      },
      kind: "input",
    });
  });

  it("passes {} when no ambient context is given — never the surrounding Current context", async () => {
    const reply = await Current.run({ userId: "from-server-state" }, () => run({ count: 1 }));
    expect(reply).to.have.property("ok", false);
    expect(JSON.stringify(reply)).not.to.include("from-server-state");
    const withSignal = await Current.run({ userId: "from-server-state" }, () =>
      run({ count: 1 }, { signal: new AbortController().signal }),
    );
    expect(JSON.stringify(withSignal)).not.to.include("from-server-state");
  });

  it("hands the call's signal to the action", async () => {
    const Watch = Factory.build(
      { name: "PipelineSpec.Watch", exposes: { aborted: z.boolean() } },
      (_args, { signal }) => ({ aborted: signal.aborted }),
    );
    const controller = new AbortController();
    controller.abort();
    expect(
      await toolPipeline(Watch, mapping)({}, { ambientContext: {}, signal: () => controller.signal }),
    ).to.deep.equal({ ok: true, value: { aborted: true } });
  });

  it("settles each call's own promise, however many are in flight and in whatever order they end", async () => {
    const Slow = Factory.build(
      { name: "PipelineSpec.Slow", expects: { ms: z.number() }, exposes: { ms: z.number() } },
      async ({ ms }) => {
        await new Promise((resolve) => setTimeout(resolve, ms));
        return { ms };
      },
    );
    const slow = toolPipeline(Slow, mapping);
    const replies = await Promise.all([30, 1, 15, 0].map((ms) => slow({ ms }, { ambientContext: {} })));
    expect(replies).to.deep.equal([30, 1, 15, 0].map((ms) => ({ ok: true, value: { ms } })));
  });

  it("answers a call whose body settled synchronously one turn later, never inside the pipeline's call", async () => {
    // `defineAxn` with a plain function: the call settles synchronously (a factory's body is async).
    const Echo = defineAxn({
      name: "PipelineSpec.Echo",
      expects: { count: z.number() },
      exposes: { count: z.number() },
      call: ({ count }, { fail }) => {
        if (count === 13) fail("unlucky");
        return { count };
      },
    });
    const into = toolPipelineInto(Echo, mapping);
    const answers: unknown[] = [];
    const receiver = {
      answered: (answer: Reply) => answers.push(answer),
      failed: (error: unknown) => answers.push(error),
    };
    into({ count: 2 }, { ambientContext: {} }, receiver);
    into({ count: 13 }, { ambientContext: {} }, receiver);
    expect(answers).to.deep.equal([]);
    await Promise.resolve();
    expect(answers).to.deep.equal([
      { ok: true, value: { count: 2 } },
      { ok: false, failure: { error: "unlucky" }, kind: "failure" },
    ]);
  });

  it("rejects, never throws, when the caller's options throw as they are read", async () => {
    const options = {
      get ambientContext(): never {
        throw new Error("the transport's getter broke");
      },
    };
    let returned: Promise<Reply> | undefined;
    expect(() => {
      returned = run({ count: 1 }, options);
    }).not.to.throw();
    let rejected: unknown;
    await returned!.catch((error: unknown) => {
      rejected = error;
    });
    expect((rejected as Error | undefined)?.message).to.equal("the transport's getter broke");
    // The next call is unaffected.
    expect(await run({ count: 2 }, { ambientContext: { userId: "u" } })).to.deep.equal({
      ok: true,
      value: { count: 2, userId: "u" },
    });
  });

  it("awaits an async success mapping", async () => {
    const asyncRun = toolPipeline(Lookup, {
      ...mapping,
      success: async (result: Result<Record<string, unknown>>) => ({ ok: true as const, value: result.message }),
    });
    expect(await asyncRun({ count: 1 }, { ambientContext: { userId: "u" } })).to.deep.equal({
      ok: true,
      value: "Action completed successfully",
    });
  });

  describe("a mapping that throws", () => {
    // A lone surrogate has no UTF-8 form: the renderer refuses it, naming the path.
    const Unrenderable = Factory.build({ name: "PipelineSpec.Unrenderable", exposes: { label: z.string() } }, () => ({
      label: "\udc00",
    }));
    const rendering = toolPipeline(Unrenderable, {
      ...mapping,
      success: (result: Result<Record<string, unknown>>) => ({
        ok: true as const,
        value: serializeExposed(config, result),
      }),
    });

    it("is reported once and answered with the adapter's own failure", async () => {
      configureAxn({ env: "production" });
      expect(await rendering({})).to.deep.equal({
        ok: false,
        failure: { error: "The tool could not produce a valid response" },
        kind: "adapter",
      });
      expect(ADAPTER_FAILURE_MESSAGE).to.equal("The tool could not produce a valid response");
      expect(reports.map((r) => [r.action, r.phase, (r.error as Error).name])).to.deep.equal([
        ["PipelineSpec.Unrenderable", "adapter response", "UnserializableValue"],
      ]);
    });

    it("rejects in development, after reporting, so the bug is loud", async () => {
      configureAxn({ env: "development" });
      let thrown: unknown;
      await rendering({}).catch((error: unknown) => (thrown = error));
      expect(thrown).to.have.property("name", "UnserializableValue");
      expect(reports).to.have.length(1);
    });

    it("a rejected async success mapping is handled the same way", async () => {
      configureAxn({ env: "production" });
      const boom = new Error("async mapping bug");
      const asyncRun = toolPipeline(Lookup, { ...mapping, success: () => Promise.reject(boom) });
      expect(await asyncRun({ count: 1 }, { ambientContext: { userId: "u" } })).to.deep.equal({
        ok: false,
        failure: { error: ADAPTER_FAILURE_MESSAGE },
        kind: "adapter",
      });
      expect(reports.map((r) => r.error)).to.deep.equal([boom]);
    });
  });

  it("refuses a mapping without both functions", () => {
    expect(() => toolPipeline(Lookup, { success: mapping.success } as never)).to.throw(
      TypeError,
      "toolPipeline(PipelineSpec.Lookup): the mapping needs a success and a failure function",
    );
  });
});

describe("resolveToolName", () => {
  const Named = Factory.build(
    { name: "PipelineSpec.ListCompanies", tool: { pipelinespec: { name: "companies" } } },
    () => undefined,
  );

  it("is the wrap option, else action.toolName(key) with its per-adapter override", () => {
    expect(resolveToolName(Named, "pipelinespec")).to.equal("companies");
    expect(resolveToolName(Named, "otherkey")).to.equal("pipeline_spec_list_companies");
    expect(resolveToolName(Named, "pipelinespec", { name: "custom_name" })).to.equal("custom_name");
  });

  it("refuses a name outside the provider-safe alphabet, naming the caller and the action", () => {
    expect(() => resolveToolName(Named, "pipelinespec", { name: "List Companies" })).to.throw(
      TypeError,
      'pipelinespec.wrap(PipelineSpec.ListCompanies): tool name "List Companies" must match /^[a-z0-9_]+$/',
    );
    expect(() => resolveToolName(Named, "pipelinespec", { name: 7 as never, caller: "SpecAdapter.wrap" })).to.throw(
      TypeError,
      "SpecAdapter.wrap(PipelineSpec.ListCompanies): tool name 7 must match /^[a-z0-9_]+$/",
    );
  });
});

describe("declarePresentAs / assertPresentAs", () => {
  it("declares an overridable presentAs, structured by default, resolved per action", () => {
    expect(config.describe().map((s) => [s.name, s.value, s.overridable, s.oneOf])).to.deep.equal([
      ["presentAs", "structured", true, ["structured", "message"]],
      ["rejectOpaqueExposedValues", false, true, [true, false]],
    ]);
    const Terse = Factory.build(
      { name: "PipelineSpec.Terse", configure: { pipelinespec: { presentAs: "message" } } },
      () => undefined,
    );
    expect(config.resolveOverrideFor(Terse, "presentAs")).to.equal("message");
    const other = declarePresentAs(createConfigurable("axn-plugin-pipelinespec2").configNamespace("pipelinespec2"), {
      default: "message",
    });
    expect(other.get("presentAs")).to.equal("message");
  });

  it("refuses a bad default and a bad option value", () => {
    expect(() =>
      declarePresentAs(createConfigurable("axn-plugin-pipelinespec3").configNamespace("pipelinespec3"), {
        default: "html" as never,
      }),
    ).to.throw(
      TypeError,
      'declarePresentAs(axn-plugin-pipelinespec3): `default` must be "structured" or "message", got "html"',
    );
    expect(() => assertPresentAs("html", Lookup, "SpecAdapter.wrap")).to.throw(
      TypeError,
      'SpecAdapter.wrap(PipelineSpec.Lookup): presentAs must be "structured" or "message", got "html"',
    );
    expect(() => assertPresentAs("message", Lookup, "SpecAdapter.wrap")).not.to.throw();
  });
});

describe("reportAdapterError", () => {
  const reports = captureReports();

  it("reports under the given phase, then returns outside development and rethrows in it", () => {
    const boom = new Error("context store offline");
    configureAxn({ env: "production" });
    reportAdapterError(Lookup, "adapter ambient context", boom);
    expect(reports.map((r) => [r.error, r.action, r.phase])).to.deep.equal([
      [boom, "PipelineSpec.Lookup", "adapter ambient context"],
    ]);
    configureAxn({ env: "development" });
    const again = new Error("again");
    expect(() => reportAdapterError(Lookup, "adapter ambient context", again)).to.throw(again);
    expect(() => reportAdapterError(Lookup, "x", new Error("forced"), false)).not.to.throw();
  });
});
