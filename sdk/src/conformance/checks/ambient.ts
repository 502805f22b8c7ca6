/**
 * Ambient context: only the adapter's trusted context reaches a call (an argument smuggling one in
 * is ignored), and one call's context is never visible to a concurrent call.
 */
import { broken, showText } from "../conventions.js";
import { AMBIENT_FIELD, SLOW_PREFIX } from "../probes.js";
import type { Answer } from "../transports.js";
import type { Harness } from "./harness.js";
import type { ConformanceCheck } from "./types.js";

export function ambientChecks<W>(h: Harness<W>): ConformanceCheck[] {
  const { label, key } = h;
  return [
    h.check(
      "ambient-smuggled",
      "an ambientContext / ambient_context argument is ignored; the trusted context is used",
      async ({ echo }) => {
        const native = await h.wrap(echo);
        await h.withSession([native], async (session) => {
          for (const smuggled of ["ambientContext", "ambient_context"]) {
            const answer = await session.call(
              echo.toolName(key),
              { query: "who", [smuggled]: { [AMBIENT_FIELD]: "attacker" } },
              { [AMBIENT_FIELD]: "trusted_user" },
            );
            if (!answer.ok)
              throw broken(
                label,
                "ambientTrusted",
                `a call whose arguments carry "${smuggled}" failed: ${showText(answer.text)}`,
              );
            if (answer.everything.includes("attacker")) {
              throw broken(
                label,
                "ambientTrusted",
                `the call used the ambient context smuggled in its "${smuggled}" argument: ${showText(answer.text)}`,
              );
            }
            if (!answer.everything.includes("trusted_user")) {
              throw broken(
                label,
                "ambientTrusted",
                `the trusted ambient context { ${AMBIENT_FIELD}: "trusted_user" } never reached the call, which answered ${showText(answer.text)}`,
              );
            }
          }
        });
      },
    ),

    h.check(
      "ambient-concurrent",
      "ambient context set for one call is never visible to a concurrent call",
      async ({ echo }) => {
        const native = await h.wrap(echo);
        const name = echo.toolName(key);
        const [a, b] = await h.withSession([native], (session) =>
          Promise.all([
            session.call(name, { query: `${SLOW_PREFIX}a` }, { [AMBIENT_FIELD]: "user_a" }),
            session.call(name, { query: `${SLOW_PREFIX}b` }, { [AMBIENT_FIELD]: "user_b" }),
          ]),
        );
        const own = (answer: Answer, mine: string, theirs: string): boolean =>
          answer.everything.includes(mine) && !answer.everything.includes(theirs);
        if (!own(a, "user_a", "user_b") || !own(b, "user_b", "user_a")) {
          throw broken(
            label,
            "ambientPerCall",
            `two concurrent calls, for user_a and for user_b, answered ${showText(a.text)} and ${showText(b.text)}`,
          );
        }
      },
    ),
  ];
}
