/**
 * What a failed call answers: `result.error` exactly, with no headline of the adapter's own in
 * front of it, and never an exception's message or a stack trace.
 */
import type { AnyAxn } from "@axn/core";
import { broken, show, showText } from "../conventions.js";
import { SECRET_MESSAGE, type Probes } from "../probes.js";
import { headlined, type Harness } from "./harness.js";
import type { ConformanceCheck } from "./types.js";

const STACK_LINE = /\n\s+at\s/;

/**
 * The failures the error checks read: a business failure and an exception (whose result.error does
 * not depend on the Invoker's profile), and — for the headline check — invalid arguments.
 */
function failures(
  p: Probes,
  withInput: boolean,
): readonly { readonly what: string; readonly action: AnyAxn; readonly args: Readonly<Record<string, unknown>> }[] {
  return [
    { what: "a business failure", action: p.failing, args: {} },
    { what: "an exception", action: p.crashing, args: {} },
    ...(withInput ? [{ what: "invalid arguments", action: p.echo, args: { query: "q", limit: 0 } }] : []),
  ];
}

export function errorChecks<W>(h: Harness<W>): ConformanceCheck[] {
  const { label } = h;
  return [
    h.check("error-text", "a failed call is answered with result.error, exactly", async (p) => {
      for (const { what, action, args } of failures(p, false)) {
        const expected = await h.expectedError(action, args);
        const answer = await h.callAlone(action, args);
        if (answer.ok)
          throw broken(
            label,
            "resultError",
            `${what} (${action.name}) was answered as a success: ${showText(answer.text)}`,
          );
        if (answer.text === expected || headlined(answer.text, expected)) continue;
        throw broken(
          label,
          "resultError",
          `for ${what} the client read ${showText(answer.text)}, not result.error ${show(expected)}`,
        );
      }
    }),

    h.check("no-headline", "no adapter-wide headline in front of result.error", async (p) => {
      for (const { what, action, args } of failures(p, true)) {
        const expected = await h.expectedError(action, args);
        const answer = await h.callAlone(action, args);
        if (headlined(answer.text, expected)) {
          const headline = answer.text.slice(0, answer.text.length - expected.length);
          throw broken(
            label,
            "noHeadline",
            `for ${what} the client read ${showText(answer.text)}: result.error ${show(expected)} behind a headline of the adapter's own, ${show(headline)}`,
          );
        }
      }
    }),

    h.check(
      "exception-hidden",
      "an exception's message and stack trace never reach the client",
      async ({ crashing }) => {
        const answer = await h.callAlone(crashing, {});
        if (answer.ok)
          throw broken(
            label,
            "exceptionHidden",
            `a call whose body threw was answered as a success: ${showText(answer.text)}`,
          );
        if (answer.everything.includes(SECRET_MESSAGE)) {
          throw broken(
            label,
            "exceptionHidden",
            `the exception's message ${show(SECRET_MESSAGE)} reached the client: ${showText(answer.text)}`,
          );
        }
        if (STACK_LINE.test(answer.everything))
          throw broken(label, "exceptionHidden", `a stack trace reached the client: ${showText(answer.text)}`);
      },
    ),
  ];
}
