/**
 * Actions the http specs serve. Names are prefixed `HttpSpec` so they never collide with other
 * specs' actions in the shared catalog; their tool names therefore start with `http_spec_`.
 */
import { z } from "zod/v3";
import { defineAxn } from "@axn/core";

class Point {
  constructor(
    readonly x: number,
    readonly y: number,
  ) {}
}

/** Two versions of one tool: both are served, at their own URLs. */
export const ApproveLoanV1 = defineAxn({
  name: "HttpSpec.ApproveLoan.V1",
  description: "Approves a loan (first contract: amount in whole units)",
  tool: ["http"],
  toolVersion: 1,
  messages: { error: "Could not approve the loan" },
  expects: { amount: z.number().int().positive() },
  exposes: { approved: z.boolean() },
  call: ({ amount }, ctx) => {
    if (amount > 1000) ctx.fail("the amount is over the limit");
    return { approved: true };
  },
});

export const ApproveLoanV2 = defineAxn({
  name: "HttpSpec.ApproveLoan.V2",
  description: "Approves a loan for the signed-in officer",
  tool: ["http"],
  toolVersion: 2,
  semanticHints: ["idempotent"],
  messages: { error: "Could not approve the loan" },
  expects: {
    amount: { schema: z.number().int().positive(), description: "In cents" },
    currency: { schema: z.enum(["EUR", "USD"]), default: "EUR" },
    // The signed-in officer: the principal `serve.authenticate` established, never the body.
    principal: { schema: z.object({ id: z.string() }), on: "ambientContext" },
  },
  exposes: { approved: z.boolean(), amount: z.number(), currency: z.string(), officerId: z.string() },
  call: ({ amount, currency, principal }, ctx) => {
    if (amount > 100_000) ctx.fail("the amount is over the limit");
    if (amount === 13) throw new Error("database password is hunter2");
    return { approved: true, amount, currency, officerId: principal.id };
  },
});

/** Exposes nothing: a 200 answers `{ message }`. */
export const Ping = defineAxn({
  name: "HttpSpec.Ping",
  tool: ["http"],
  semanticHints: ["readOnly"],
  messages: { success: "pong" },
  call: () => undefined,
});

/** Exposes a class instance without a declared rendering: opaque under rejectOpaque. */
export const Locate = defineAxn({
  name: "HttpSpec.Locate",
  tool: ["http"],
  exposes: { point: z.instanceof(Point) },
  call: () => ({ point: new Point(1, 2) }),
});

/** The same body, with the per-tool override the HTTP default can be relaxed by. */
export const LocateLoose = defineAxn({
  name: "HttpSpec.LocateLoose",
  tool: { http: { rejectOpaqueExposedValues: false } },
  exposes: { point: z.instanceof(Point) },
  call: () => ({ point: new Point(1, 2) }),
});

/** Reports what reached the body, to show a `__proto__` key stayed data. */
export const Inspect = defineAxn({
  name: "HttpSpec.Inspect",
  tool: ["http"],
  expects: { payload: z.unknown() },
  exposes: { keys: z.array(z.string()), prototypeIsNull: z.boolean(), polluted: z.boolean() },
  call: ({ payload }) => {
    const value = payload as object;
    return {
      keys: Object.keys(value),
      prototypeIsNull: Object.getPrototypeOf(value) === null,
      polluted: "polluted" in ({} as object),
    };
  },
});
