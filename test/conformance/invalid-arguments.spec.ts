/**
 * Issue 16, item 24, across the three transports. The seed (Invocation & result mapping): the
 * client sees `result.error` — "Impose no gem-wide error headline". So for one action and one set
 * of refused arguments, what the model or client reads is the same sentence everywhere: the MCP
 * `isError` text, the HTTP 400 body's `error`, and the LangChain error ToolMessage's content (in a
 * real `createAgent` loop). Where a transport has room for the per-field detail it carries the
 * same list: HTTP's `fieldErrors`, LangChain's `artifact.fieldErrors`.
 */
import { expect } from "chai";
import { z } from "zod/v3";
import { defineAxn, InboundValidationError, type AnyAxn } from "@axn/core";
import { LangchainAdapter } from "axn-plugin-langchain";
import { runAgent } from "../plugins/langchain/support/agent.js";
import { callHttp, callMcp, httpApp, linkMcp, type McpLink } from "../reliability/support/transports.js";

const Custom = defineAxn({
  name: "InvalidArguments.Custom",
  expects: {
    n: z.number(),
    mode: { schema: z.enum(["fast", "slow"]), optional: true },
    point: { schema: z.object({ x: z.number().int() }), optional: true },
  },
  messages: { error: "Custom failed", errors: [{ when: InboundValidationError, message: "please check your inputs" }] },
  call: () => undefined,
});

const Plain = defineAxn({
  name: "InvalidArguments.Plain",
  expects: {
    n: z.number(),
    mode: { schema: z.enum(["fast", "slow"]), optional: true },
    point: { schema: z.object({ x: z.number().int() }), optional: true },
  },
  call: () => undefined,
});

/** The 8 invalid-argument cases, with the violations each one is (the same for both actions). */
const CASES: readonly (readonly [string, Record<string, unknown>, readonly { field: string; message: string }[]])[] = [
  ["wrong type", { n: "x" }, [{ field: "n", message: "n: Expected number, received string" }]],
  ["missing", {}, [{ field: "n", message: "n: Required" }]],
  ["null", { n: null }, [{ field: "n", message: "n: Expected number, received null" }]],
  ["undeclared key", { n: 1, extra: 1 }, [{ field: "extra", message: "unknown input: extra" }]],
  [
    "enum",
    { n: 1, mode: "warp" },
    [{ field: "mode", message: "mode: Invalid enum value. Expected 'fast' | 'slow', received 'warp'" }],
  ],
  ["nested", { n: 1, point: { x: "a" } }, [{ field: "point.x", message: "point.x: Expected number, received string" }]],
  [
    "not an integer",
    { n: 1, point: { x: 1.5 } },
    [{ field: "point.x", message: "point.x: Expected integer, received float" }],
  ],
  [
    "two at once",
    { n: "x", extra: 1 },
    [
      { field: "n", message: "n: Expected number, received string" },
      { field: "extra", message: "unknown input: extra" },
    ],
  ],
];

interface Seen {
  readonly text: string;
  readonly fieldErrors: unknown;
}

async function viaLangchain(action: AnyAxn): Promise<Seen[]> {
  const tool = LangchainAdapter.wrap(action);
  const messages = await runAgent(
    [tool],
    CASES.map(([, args], i) => [{ name: tool.name, args, id: `call_${i}` }]),
  );
  expect(messages.map((m) => m.status)).to.deep.equal(CASES.map(() => "error"));
  return messages.map((m) => ({
    text: String(m.content),
    fieldErrors: (m.artifact as { fieldErrors?: unknown } | undefined)?.fieldErrors,
  }));
}

describe("conformance: invalid arguments read the same on MCP, HTTP and LangChain", () => {
  let mcp: McpLink;
  before(async () => {
    mcp = await linkMcp([Custom, Plain]);
  });
  after(() => mcp.close());

  for (const [action, expectedText] of [
    [Custom, () => "Custom failed: please check your inputs"],
    [Plain, (fieldErrors: readonly { message: string }[]) => fieldErrors.map((e) => e.message).join("; ")],
  ] as const) {
    it(`${action.name}: result.error on every transport, for all ${CASES.length} cases; the field list where there is room`, async () => {
      const http = httpApp([action]);
      const langchain = await viaLangchain(action);
      for (const [i, [label, args, fieldErrors]] of CASES.entries()) {
        const text = expectedText(fieldErrors);
        const overMcp = await callMcp(mcp, action, args);
        const overHttp = await callHttp(http, action, args);
        expect([overMcp.failure, overMcp.text], `${label}: MCP`).to.deep.equal(["tool", text]);
        expect([overHttp.code, overHttp.text], `${label}: HTTP`).to.deep.equal([400, text]);
        expect(langchain[i]!.text, `${label}: LangChain`).to.equal(text);
        expect(overHttp.fields, `${label}: HTTP fieldErrors`).to.deep.equal(fieldErrors.map((e) => e.field));
        expect(langchain[i]!.fieldErrors, `${label}: LangChain artifact`).to.deep.equal(fieldErrors);
      }
    });
  }
});
