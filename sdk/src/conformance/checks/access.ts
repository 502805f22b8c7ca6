/** Who may call: a caller the access policy refuses is answered with the refusal, and the tool never runs. */
import { broken, show, showText } from "../conventions.js";
import { headlined, type Harness } from "./harness.js";
import type { ConformanceCheck } from "./types.js";

export function accessChecks<W>(h: Harness<W>): ConformanceCheck[] {
  const { label } = h;
  return [
    h.check(
      "access-refused",
      "a caller the access policy refuses (no principal) is answered with the refusal, and the tool never runs",
      async ({ guarded, guardedRuns }) => {
        const expected = await h.expectedError(guarded, {});
        const before = guardedRuns();
        const answer = await h.callAlone(guarded, {});
        if (guardedRuns() !== before)
          throw broken(
            label,
            "accessChecked",
            `${guarded.name} declares access: "authenticated", and its body ran for a call with no principal`,
          );
        if (answer.ok)
          throw broken(
            label,
            "accessChecked",
            `${guarded.name} declares access: "authenticated", and a call with no principal was answered as a success: ${showText(answer.text)}`,
          );
        if (answer.text !== expected && !headlined(answer.text, expected)) {
          throw broken(
            label,
            "accessChecked",
            `a call with no principal to ${guarded.name} was answered ${showText(answer.text)}, not the refusal ${show(expected)}`,
          );
        }
      },
    ),
  ];
}
