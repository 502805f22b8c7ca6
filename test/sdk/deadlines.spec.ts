/**
 * The tool pipeline's call deadlines (sdk/src/adapter/deadlines.ts): calls of one timeout length
 * share one timer instead of a `setTimeout` each. Pinned here through `toolPipeline`, the only way
 * a call gets a deadline: each call that runs past `serve.callTimeoutMs` is answered its timeout,
 * each that settles in time its own result — interleaved in one list, and after the list emptied —
 * and a call that settled leaves nothing holding the process open.
 */
import { spawn } from "node:child_process";
import { expect } from "chai";
import { z } from "zod";
import { Factory, type Result } from "@axn/core";
import { resetKernel } from "@axn/sdk/testing";
import { servingConfig } from "@axn/sdk/serving";
import { toolPipeline, type ToolFailure, type ToolFailureKind } from "@axn/sdk/adapter";

type Reply = { ok: true; value: unknown } | { ok: false; failure: ToolFailure; kind: ToolFailureKind };
const mapping = {
  success: (result: Result<Record<string, unknown>>): Reply => ({ ok: true, value: result.exposed }),
  failure: (failure: ToolFailure, kind: ToolFailureKind): Reply => ({ ok: false, failure, kind }),
};

/** Sleeps `ms` (ignoring its signal, as a body that does not honour it), then answers `ms`. */
function sleeper() {
  return Factory.build(
    { name: "DeadlinesSpec.Sleep", expects: { ms: z.number().int().min(0) }, exposes: { ms: z.number() } },
    async ({ ms }) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      return { ms };
    },
  );
}

const TIMED_OUT: Reply = { ok: false, failure: { error: "Tool DeadlinesSpec.Sleep timed out after 150 ms" }, kind: "timeout" };

describe("tool call deadlines (one timer per timeout length)", () => {
  beforeEach(resetKernel);
  afterEach(resetKernel);

  it("answers each call past its deadline its timeout, and each call in time its result, in one list", async () => {
    servingConfig.configure((c) => (c.callTimeoutMs = 150));
    const run = toolPipeline(sleeper(), mapping);
    const started = performance.now();
    const timedOutAt: number[] = [];
    const timed = (reply: Promise<Reply>): Promise<Reply> =>
      reply.then((answer) => {
        if (!answer.ok) timedOutAt.push(performance.now() - started);
        return answer;
      });
    // Oldest first: past the deadline, in time, past it, in time — the in-time ones leave the list
    // from its head and its middle while the others still wait.
    const replies = await Promise.all([timed(run({ ms: 2_000 })), timed(run({ ms: 0 })), timed(run({ ms: 2_000 })), timed(run({ ms: 40 }))]);
    expect(replies).to.deep.equal([TIMED_OUT, { ok: true, value: { ms: 0 } }, TIMED_OUT, { ok: true, value: { ms: 40 } }]);
    // Never before the deadline (the timer's millisecond rounding aside).
    for (const at of timedOutAt) expect(at).to.be.at.least(149);
  });

  it("times out a call started after the list emptied, and one started while an expiry is pending", async () => {
    servingConfig.configure((c) => (c.callTimeoutMs = 150));
    const run = toolPipeline(sleeper(), mapping);
    expect(await run({ ms: 0 })).to.deep.equal({ ok: true, value: { ms: 0 } });
    // The list is empty now, its timer still armed for the first call's deadline: a later call
    // must still get its own full deadline, then its timeout.
    await new Promise((resolve) => setTimeout(resolve, 60));
    const first = run({ ms: 2_000 });
    await new Promise((resolve) => setTimeout(resolve, 60));
    const second = run({ ms: 2_000 });
    expect(await Promise.all([first, second])).to.deep.equal([TIMED_OUT, TIMED_OUT]);
  });

  it("a call that settled in time leaves no timer holding the process open", async () => {
    // A child process: one call with a 60-second deadline that settles at once. The shared timer
    // stays armed but must not keep the process alive, so the child exits by itself.
    const script = `
      import { z } from "zod";
      import { Factory } from "@axn/core";
      import { servingConfig } from "@axn/sdk/serving";
      import { toolPipeline } from "@axn/sdk/adapter";
      servingConfig.configure((c) => (c.callTimeoutMs = 60000));
      const Echo = Factory.build({ name: "DeadlinesSpec.Echo", expects: { n: z.number() }, exposes: { n: z.number() } }, ({ n }) => ({ n }));
      const reply = await toolPipeline(Echo, { success: (r) => r.exposed, failure: (f) => f })({ n: 1 });
      process.stdout.write(JSON.stringify(reply));
    `;
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    // A hang guard only: a timer holding the process would keep it for the whole 60 s.
    const guard = setTimeout(() => child.kill(), 30_000);
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    clearTimeout(guard);
    expect(out).to.equal('{"n":1}');
    expect(code).to.equal(0);
  });
});
