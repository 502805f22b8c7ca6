/**
 * The workloads every scenario shares, each built twice: as an axn action and as the equivalent a
 * developer would write by hand (the same zod schemas, the same body). Factories, not module-level
 * constants: `defineAxn` adds to the catalog, and scenarios clear it between runs.
 */
import { Hono } from "hono";
import { z } from "zod";
import { defineAxn } from "@axn/core";
import type { IncomingMessage, ServerResponse } from "node:http";

// --- "Lookup": a small tool call (three inputs, three outputs) ---------------------------------

export const lookupInput = {
  id: z.string().min(1).max(64),
  limit: z.number().int().min(1).max(100),
  verbose: z.boolean(),
};
export const lookupOutput = {
  id: z.string(),
  total: z.number().int(),
  label: z.string(),
};

export interface LookupIn {
  readonly id: string;
  readonly limit: number;
  readonly verbose: boolean;
}

export function lookupBody({ id, limit, verbose }: LookupIn): { id: string; total: number; label: string } {
  return { id, total: limit * 2, label: verbose ? `item ${id} (verbose)` : `item ${id}` };
}

/** Arguments as TypeScript would pass them, and as a model/transport sends them (strings). */
export const lookupArgs = { id: "cust-42", limit: 25, verbose: true } as const;
export const lookupWireArgs = { id: "cust-42", limit: "25", verbose: "true" } as const;

export function defineLookup(name = "Bench.Lookup") {
  return defineAxn({
    name,
    description: "Look a customer up",
    expects: {
      id: { schema: lookupInput.id, description: "Customer id" },
      limit: { schema: lookupInput.limit, default: 10 },
      verbose: { schema: lookupInput.verbose, default: false },
    },
    exposes: lookupOutput,
    call: (input) => lookupBody(input),
  });
}

/** The same input/output contract as one zod object each, the way a hand-wired tool declares it. */
export const lookupInputObject = z.object({
  id: lookupInput.id,
  limit: lookupInput.limit.default(10),
  verbose: lookupInput.verbose.default(false),
});
export const lookupOutputObject = z.object(lookupOutput);

export type HandResult = { ok: true; id: string; total: number; label: string } | { ok: false; error: string };

/** The hand-written twin of `defineLookup`: parse in, run the body, parse out, never throw. */
export async function lookupByHand(args: unknown): Promise<HandResult> {
  const input = lookupInputObject.safeParse(args);
  if (!input.success)
    return { ok: false, error: input.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") };
  const output = lookupOutputObject.safeParse(lookupBody(input.data));
  if (!output.success) return { ok: false, error: "invalid output" };
  return { ok: true, ...output.data };
}

/** The route of {@link bareLookupApp}. */
export const BARE_LOOKUP_ROUTE = "/api/lookup/v1";

/**
 * The floor under every HTTP server in the bench: Node's own request and response with nothing on
 * top — the body read from its events, `JSON.parse`, the Lookup body, `JSON.stringify`, one
 * `writeHead` + `end`; no validation, no checks. A server's figure minus this one is what it adds.
 */
export function floorListener(incoming: IncomingMessage, outgoing: ServerResponse): void {
  const chunks: Buffer[] = [];
  incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
  incoming.on("end", () => {
    const answer = JSON.stringify(lookupBody(JSON.parse(Buffer.concat(chunks).toString()) as LookupIn));
    outgoing.writeHead(200, {
      "content-type": "application/json; charset=utf-8",
      "content-length": Buffer.byteLength(answer),
    });
    outgoing.end(answer);
  });
}

/** The HTTP baseline (scenario 5): a bare hono route doing the same zod validation and body. */
export function bareLookupApp(): Hono {
  const app = new Hono();
  const strictInput = lookupInputObject.strict();
  app.post(BARE_LOOKUP_ROUTE, async (c) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return c.json({ error: "invalid JSON" }, 400);
    }
    const input = strictInput.safeParse(body);
    if (!input.success) return c.json({ error: input.error.issues.map((i) => i.message).join("; ") }, 400);
    const output = lookupOutputObject.safeParse(lookupBody(input.data));
    if (!output.success) return c.json({ error: "invalid output" }, 500);
    return c.json(output.data);
  });
  return app;
}

// --- "AddNumbers": the MCP tool (two integers in, their sum out, structured) ----------------------

/** The tool a user would write first (docs/schemas.md): zod 4 integers in, their sum out. */
export const addInput = { a: z.number().int(), b: z.number().int() };
export const addOutput = { sum: z.number().int() };
export const addArgs = { a: 20, b: 22 } as const;

export function defineAddNumbers(name = "Bench.AddNumbers") {
  return defineAxn({
    name,
    description: "Add two integers",
    expects: addInput,
    exposes: addOutput,
    call: ({ a, b }) => ({ sum: a + b }),
  });
}

// --- "Report": a 1,000-record payload -----------------------------------------------------------

const recordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  active: z.boolean(),
  score: z.number(),
  tags: z.array(z.string()),
  createdAt: z.date(),
  address: z.object({ street: z.string(), city: z.string(), zip: z.string() }),
});
export type BenchRecord = z.infer<typeof recordSchema>;

export function makeRecords(n: number): BenchRecord[] {
  const records: BenchRecord[] = [];
  for (let i = 0; i < n; i++) {
    records.push({
      id: i,
      name: `Customer ${i}`,
      email: `customer${i}@example.com`,
      active: i % 3 !== 0,
      score: ((i * 7919) % 1000) / 10,
      tags: i % 2 === 0 ? ["gold", "eu"] : ["silver"],
      createdAt: new Date(Date.UTC(2024, i % 12, (i % 28) + 1)),
      address: { street: `${i} Main St`, city: i % 2 === 0 ? "Lyon" : "Porto", zip: String(10000 + i) },
    });
  }
  return records;
}

export function defineReport(records: readonly BenchRecord[], name = "Bench.Report") {
  return defineAxn({
    name,
    description: "Export customer records",
    exposes: { records: z.array(recordSchema) },
    call: () => ({ records: [...records] }),
  });
}
