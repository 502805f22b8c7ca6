/**
 * The HTTP servers a user would write instead of axn-plugin-http for the *Lookup* tool
 * (test/bench/fixtures.ts), each the way its own documentation teaches, each answering
 * `POST /api/lookup/v1` with the same JSON:
 *
 * - fastify 5 (the baseline): a JSON Schema for the body (ajv; defaults applied, undeclared keys
 *   refused rather than fastify's default of silently removing them) and a response schema
 *   (fast-json-stringify — it serializes by the schema but does not validate); with `hostCheck`,
 *   also the DNS-rebinding guard axn-plugin-http keeps on loopback (row 5d): an `onRequest` hook
 *   answering only loopback Host names, each Host value's verdict remembered as axn's check does;
 * - `@hono/zod-openapi`: a `createRoute` with the zod input object (validated by its zod
 *   validator) and the output object, parsed in the handler (the library does not check responses);
 * - a bare hono route with the same zod validation (`bareLookupApp`, fixtures.ts).
 */
import Fastify, { type FastifyInstance } from "fastify";
import { OpenAPIHono, createRoute } from "@hono/zod-openapi";
import { BARE_LOOKUP_ROUTE, lookupBody, lookupInputObject, lookupOutputObject, type LookupIn } from "../fixtures.js";

/** Lookup's contract as JSON Schema, the way a fastify user writes it (the same bounds and defaults as the zod fields). */
const lookupBodySchema = {
  type: "object",
  properties: {
    id: { type: "string", minLength: 1, maxLength: 64 },
    limit: { type: "integer", minimum: 1, maximum: 100, default: 10 },
    verbose: { type: "boolean", default: false },
  },
  required: ["id"],
  additionalProperties: false,
} as const;

const lookupReplySchema = {
  type: "object",
  properties: { id: { type: "string" }, total: { type: "integer" }, label: { type: "string" } },
  required: ["id", "total", "label"],
} as const;

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** The Host header's name without its port (`[::1]:8080` → `[::1]`), lower-cased. */
function hostName(host: string): string {
  const end = host.startsWith("[") ? host.indexOf("]") + 1 : host.indexOf(":");
  return (end > 0 ? host.slice(0, end) : host).toLowerCase();
}

export function fastifyLookupApp(options: { readonly hostCheck?: boolean } = {}): FastifyInstance {
  // removeAdditional off: an undeclared key is refused (400), as the Invoker refuses it.
  const app = Fastify({ logger: false, ajv: { customOptions: { removeAdditional: false } } });
  if (options.hostCheck === true) {
    const verdicts = new Map<string, boolean>();
    app.addHook("onRequest", async (request, reply) => {
      const host = request.headers.host ?? "";
      let allowed = verdicts.get(host);
      if (allowed === undefined) {
        allowed = LOOPBACK_NAMES.has(hostName(host));
        // Bounded, as a hostile client may send any number of distinct Host values.
        if (verdicts.size < 1000) verdicts.set(host, allowed);
      }
      if (!allowed) return reply.code(403).send({ error: `Host ${JSON.stringify(host)} is not served here` });
    });
  }
  app.post(
    BARE_LOOKUP_ROUTE,
    { schema: { body: lookupBodySchema, response: { 200: lookupReplySchema } } },
    async (request) => lookupBody(request.body as LookupIn),
  );
  return app;
}

export function zodOpenApiLookupApp(): OpenAPIHono {
  const app = new OpenAPIHono();
  const route = createRoute({
    method: "post",
    path: BARE_LOOKUP_ROUTE,
    request: { body: { content: { "application/json": { schema: lookupInputObject.strict() } }, required: true } },
    responses: {
      200: { content: { "application/json": { schema: lookupOutputObject } }, description: "The customer" },
    },
  });
  app.openapi(route, (c) => c.json(lookupOutputObject.parse(lookupBody(c.req.valid("json"))), 200));
  return app;
}
