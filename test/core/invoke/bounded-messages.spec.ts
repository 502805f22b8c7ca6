/**
 * A violation message never echoes unbounded input. tool-invoker.txt: "result.error is the composed
 * sentence … (base headline plus reason)", and `field_errors` lists each violation — both go back to
 * the caller, so a 200,000-character value must not come back as a 200,000-character sentence.
 *
 * The rule (docs/invoker.md, "Bounded messages"): a message quotes at most 100 characters of a
 * received string or key, then "…"; a violation's text, and a field path, is cut at 500 characters
 * whatever worded it (zod, an author's refine or validate). The cap does not depend on how a
 * message quotes: a verbatim occurrence of the received value is shortened in place, anything else
 * is caught by the length bound.
 */
import { expect } from "chai";
import { z } from "zod/v3";
import { defineAxn, Invoker, type OutboundValidationError } from "@axn/core";
import { captureReports } from "../../support/reports.js";

const HUGE = 200_000;
const quoted = (text: string): string => `${text.slice(0, 100)}…`;

describe("violation messages quote a bounded part of what was received", () => {
  captureReports();
  const invoker = new Invoker({ userFacingInputErrors: true, rejectUndeclaredInputs: true });

  const Catalog = defineAxn({
    name: "BoundedMessages.Catalog",
    messages: { error: "Could not search the catalog" },
    expects: {
      sort: { schema: z.enum(["name", "size"]), optional: true },
      scores: { schema: z.record(z.number()), optional: true },
      sku: {
        schema: z.string().refine(
          (v) => v.startsWith("SKU-"),
          (v) => ({ message: `"${v}" is not a SKU; SKUs start with SKU-` }),
        ),
        optional: true,
      },
      note: {
        schema: z.string(),
        optional: true,
        validate: (v: string) => (v.length > 10 ? `${v} is too long for a note` : undefined),
      },
      blob: {
        schema: z.string(),
        optional: true,
        validate: (v: string) => (v.length > 10 ? `bad blob: ${JSON.stringify(v)}` : undefined),
      },
    },
    call: () => undefined,
  });

  it("a 200,000-character enum value: result.error and fieldErrors quote 100 characters of it", async () => {
    const value = "a".repeat(HUGE);
    const result = await invoker.call(Catalog, { sort: value });
    const message = `sort: Invalid enum value. Expected 'name' | 'size', received '${quoted(value)}'`;
    expect(result.error).to.equal(`Could not search the catalog: ${message}`);
    expect(Invoker.fieldErrors(result)).to.deep.equal([{ field: "sort", message }]);
  });

  it("an undeclared key of 200,000 characters", async () => {
    const key = "k".repeat(HUGE);
    const result = await invoker.call(Catalog, { [key]: 1 });
    expect(Invoker.fieldErrors(result)).to.deep.equal([
      { field: quoted(key), message: `unknown input: ${quoted(key)}` },
    ]);
  });

  it("a received key in a field path", async () => {
    const key = "k".repeat(HUGE);
    const result = await invoker.call(Catalog, { scores: { [key]: "high" } });
    const path = `scores.${quoted(key)}`;
    expect(Invoker.fieldErrors(result)).to.deep.equal([
      { field: path, message: `${path}: Expected number, received string` },
    ]);
  });

  it("an author's refine message quoting the value keeps its advice after the quote", async () => {
    const value = "b".repeat(HUGE);
    const result = await invoker.call(Catalog, { sku: value });
    expect(Invoker.fieldErrors(result)).to.deep.equal([
      { field: "sku", message: `sku: "${quoted(value)}" is not a SKU; SKUs start with SKU-` },
    ]);
  });

  it("a validate message quoting the value", async () => {
    const value = "c".repeat(HUGE);
    const result = await invoker.call(Catalog, { note: value });
    expect(Invoker.fieldErrors(result)).to.deep.equal([
      { field: "note", message: `note: ${quoted(value)} is too long for a note` },
    ]);
  });

  it("a message that quotes the value in its own way (escaped) is cut at 500 characters", async () => {
    const value = 'say "hi"\n'.repeat(HUGE / 10);
    const result = await invoker.call(Catalog, { blob: value });
    const text = `bad blob: ${JSON.stringify(value)}`;
    expect(Invoker.fieldErrors(result)).to.deep.equal([{ field: "blob", message: `blob: ${text.slice(0, 500)}…` }]);
  });

  it("never cuts a surrogate pair in half (the message stays valid UTF-8)", async () => {
    const value = "😀".repeat(HUGE);
    const result = await invoker.call(Catalog, { sort: value });
    const message = Invoker.fieldErrors(result)[0]!.message;
    expect(message).to.equal(`sort: Invalid enum value. Expected 'name' | 'size', received '${"😀".repeat(50)}…'`);
    expect((message as string & { isWellFormed(): boolean }).isWellFormed()).to.equal(true);
    const odd = `x${"😀".repeat(HUGE)}`;
    const oddMessage = Invoker.fieldErrors(await invoker.call(Catalog, { sort: odd }))[0]!.message;
    expect(oddMessage).to.equal(
      `sort: Invalid enum value. Expected 'name' | 'size', received '${`x${"😀".repeat(49)}`}…'`,
    );
  });

  it("stays small however many huge values arrive at once", async () => {
    const args = {
      sort: "a".repeat(HUGE),
      sku: "b".repeat(HUGE),
      note: "c".repeat(HUGE),
      blob: '"'.repeat(HUGE),
      scores: { ["k".repeat(HUGE)]: "x" },
    };
    const result = await invoker.call(Catalog, { ...args, ["z".repeat(HUGE)]: 1 });
    expect(Invoker.fieldErrors(result)).to.have.length(6);
    expect(result.error!.length).to.be.below(3_000);
  });

  it("a huge key in a wire-value problem's path", async () => {
    const key = "k".repeat(HUGE);
    const Scores = defineAxn({
      name: "BoundedMessages.Scores",
      expects: { scores: z.record(z.number()) },
      call: () => undefined,
    });
    const result = await invoker.call(Scores, { scores: { [key]: Infinity } });
    const path = `scores.${quoted(key)}`;
    expect(Invoker.fieldErrors(result)).to.deep.equal([{ field: path, message: `${path}: must be a finite number` }]);
  });

  it("outbound (exposes) violations are bounded too (they reach reports and logs)", async () => {
    const Leaky = defineAxn({
      name: "BoundedMessages.Leaky",
      exposes: { kind: z.enum(["a", "b"]) },
      call: () => ({ kind: "d".repeat(HUGE) as "a" }),
    });
    const result = await Leaky.call({});
    const error = result.exception as OutboundValidationError;
    expect(error.fieldErrors).to.deep.equal([
      {
        field: "kind",
        message: `kind: Invalid enum value. Expected 'a' | 'b', received '${quoted("d".repeat(HUGE))}'`,
      },
    ]);
  });
});
