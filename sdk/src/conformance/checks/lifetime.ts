/**
 * A call's lifetime: the client's cancellation reaches the action (the suite aborts a call and
 * watches the action's own signal), and the call's deadline holds (an action that ignores its
 * signal, under a short `serve.callTimeoutMs`, is answered as timed out while it still runs).
 * Neither measures time: each waits for an event, with a generous bound only against a hang.
 */
import { broken, showText } from "../conventions.js";
import { PROBE_PATIENCE_MS, PROBE_TIMEOUT_MS } from "../probes.js";
import type { Harness } from "./harness.js";
import type { ConformanceCheck } from "./types.js";

export function lifetimeChecks<W>(h: Harness<W>): ConformanceCheck[] {
  const { label, key } = h;
  return [
    h.check(
      "cancellation",
      "a call the client cancels aborts the action's signal",
      async ({ cancellable, cancellableBody: body }) => {
        const native = await h.wrap(cancellable);
        await h.withSession([native], async (session) => {
          const client = new AbortController();
          // The reply to a cancelled call is the client's own business (most reject): only the action's signal is read.
          const answered = session.call(cancellable.toolName(key), {}, {}, client.signal).then(
            (answer) => answer,
            () => undefined,
          );
          // A call answered before its body ran (a refusal, an unrouted name) would leave nothing to cancel.
          const early = await Promise.race([body.started().then(() => "started" as const), answered]);
          if (early !== "started") {
            throw broken(
              label,
              "cancellation",
              `a call to ${cancellable.name} was answered before the action ran: ${early === undefined ? "the call failed" : showText(early.text)}`,
            );
          }
          client.abort();
          const outcome = await body.ended();
          await answered;
          if (outcome !== "aborted") {
            throw broken(
              label,
              "cancellation",
              `the client cancelled a call to ${cancellable.name}, and the action's signal never aborted (the suite let it run ${PROBE_PATIENCE_MS} ms)`,
            );
          }
        });
      },
    ),

    h.check(
      "deadline",
      `a call past its serve.callTimeoutMs is answered as timed out while the action (ignoring its signal) still runs`,
      async ({ overrunning, overrunningBody: body }) => {
        const native = await h.wrap(overrunning);
        const name = overrunning.toolName(key);
        await h.withSession([native], async (session) => {
          let ended = false;
          void body.ended().then(() => {
            ended = true;
          });
          try {
            const answer = await session.call(name, {});
            if (ended) {
              throw broken(
                label,
                "deadline",
                `${overrunning.name} declares serve.callTimeoutMs: ${PROBE_TIMEOUT_MS} and ignores its signal, and its call was answered only once its body ended (the suite let it run ${PROBE_PATIENCE_MS} ms)`,
              );
            }
            const expected = [name, overrunning.name].map(
              (tool) => `Tool ${tool} timed out after ${PROBE_TIMEOUT_MS} ms`,
            );
            if (answer.ok || !expected.includes(answer.text)) {
              throw broken(
                label,
                "deadline",
                `${overrunning.name} ran past its serve.callTimeoutMs of ${PROBE_TIMEOUT_MS} ms and the call was answered ${answer.ok ? "as a success" : showText(answer.text)}, not "${expected[0]}"`,
              );
            }
          } finally {
            body.release();
          }
        });
      },
    ),
  ];
}
