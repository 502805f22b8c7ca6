/**
 * Live capabilities: an action using the call context's progress, notify, elicit and sample is
 * answered as a success on any transport, its live calls never throwing.
 */
import { errorMessage } from "@axn/core/internal";
import { broken, show, showText } from "../conventions.js";
import type { Harness } from "./harness.js";
import type { ConformanceCheck } from "./types.js";

export function liveChecks<W>(h: Harness<W>): ConformanceCheck[] {
  const { label } = h;
  return [
    h.check(
      "live-safe",
      "an action using ctx.progress, ctx.notify, ctx.elicit and ctx.sample is answered as a success, its live calls never throwing",
      async ({ live }, _loaded, reports) => {
        const answer = await h.callAlone(live, {});
        if (!answer.ok) {
          throw broken(
            label,
            "liveSafe",
            `${live.name}, which reports progress, logs and asks the user and the client's model, was answered as a failure: ${showText(answer.text)}`,
          );
        }
        const thrown = reports.filter((report) => report.action === live.name);
        if (thrown.length > 0) {
          throw broken(
            label,
            "liveSafe",
            `the call's live channel threw while ${live.name} ran (reported ${thrown.map((report) => `in "${report.phase}": ${show(errorMessage(report.error))}`).join(", ")})`,
          );
        }
      },
    ),
  ];
}
