/**
 * The guarded mapping: a result with no JSON rendering (a cycle, a lone surrogate) is answered with
 * the adapter's own error, reported once through onException, and never thrown at the transport.
 */
import { UnserializableValue, type AnyAxn } from "@axn/core";
import { broken, show, showText } from "../conventions.js";
import type { Probes } from "../probes.js";
import type { Harness } from "./harness.js";
import type { ConformanceCheck, ConformanceCheckId } from "./types.js";

export function renderingChecks<W>(h: Harness<W>): ConformanceCheck[] {
  return [
    unrenderable(h, "unrenderable-cycle", "an exposed cycle", (p) => p.cyclic),
    unrenderable(h, "unrenderable-surrogate", "an exposed lone surrogate", (p) => p.surrogate),
  ];
}

function unrenderable<W>(
  h: Harness<W>,
  id: ConformanceCheckId,
  what: string,
  pick: (p: Probes) => AnyAxn,
): ConformanceCheck {
  const { label } = h;
  return h.check(
    id,
    `${what} is answered with the adapter's own error, reported once, never thrown`,
    async (p, _loaded, reports) => {
      const target = pick(p);
      const answer = await h.callAlone(target, {});
      if (answer.ok)
        throw broken(
          label,
          "guardedMapping",
          `a result with no JSON rendering (${what}) was answered as a success: ${showText(answer.text)}`,
        );
      const rendering = reports.filter((report) => report.error instanceof UnserializableValue);
      if (rendering.length !== 1) {
        throw broken(
          label,
          "guardedMapping",
          rendering.length === 0
            ? `a result with no JSON rendering (${what}) was answered ${showText(answer.text)} without being reported through onException`
            : `a result with no JSON rendering (${what}) was reported ${rendering.length} times through onException, not once`,
        );
      }
      const detail = (rendering[0]!.error as Error).message;
      if (answer.everything.includes(detail))
        throw broken(label, "guardedMapping", `the serializer's message ${show(detail)} reached the client`);
    },
  );
}
