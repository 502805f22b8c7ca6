/**
 * Wire arguments: strings coerced to the declared type, and invalid or undeclared arguments
 * answered with the Invoker's user-facing `result.error`, naming the field.
 */
import { broken, show, showText } from "../conventions.js";
import { headlined, type Harness } from "./harness.js";
import type { ConformanceCheck } from "./types.js";

export function inputChecks<W>(h: Harness<W>): ConformanceCheck[] {
  const { label, key } = h;
  return [
    h.check("coercion", 'wire arguments are coerced ("3" → 3)', async ({ echo }) => {
      const answer = await h.callAlone(echo, { query: "coerce", limit: "3" });
      if (!answer.ok)
        throw broken(
          label,
          "coercion",
          `a call with limit: "3" for an integer field was refused: ${showText(answer.text)}`,
        );
      const limit = (answer.data as { limit?: unknown } | undefined)?.limit;
      if (limit !== 3)
        throw broken(
          label,
          "coercion",
          `a call with limit: "3" answered ${show(answer.data ?? answer.text)}, not limit: 3`,
        );
    }),

    h.check(
      "input-error",
      "invalid arguments are answered with the Invoker's user-facing result.error, naming the field",
      async ({ echo }) => {
        const native = await h.wrap(echo);
        await h.withSession([native], async (session) => {
          for (const [args, field, what] of [
            [{ query: "q", limit: 0 }, "limit", `the invalid argument limit: 0`],
            [{ query: "q", stray: 1 }, "stray", `the undeclared argument "stray"`],
          ] as const) {
            const expected = await h.expectedError(echo, args);
            const answer = await session.call(echo.toolName(key), args);
            if (answer.ok) throw broken(label, "inputErrors", `${what} was accepted: ${showText(answer.text)}`);
            if (answer.text !== expected && !headlined(answer.text, expected)) {
              throw broken(
                label,
                "inputErrors",
                answer.text.includes(field)
                  ? `${what} was answered ${showText(answer.text)}, not the Invoker's user-facing result.error ${show(expected)}`
                  : `${what} was answered ${showText(answer.text)}, which does not name the field "${field}" (the Invoker's user-facing result.error is ${show(expected)})`,
              );
            }
          }
        });
      },
    ),
  ];
}
