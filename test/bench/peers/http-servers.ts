/**
 * The HTTP servers a user would write instead of axn-plugin-http for the *Lookup* tool
 * (test/bench/fixtures.ts), each the way its own documentation teaches, each answering
 * `POST /api/lookup/v1` with the same JSON:
 *
 * - fastify 5 (the baseline): a JSON Schema for the body (ajv; defaults applied, undeclared keys
 *   refused rather than fastify's default of silently removing them) and a response schema
 *   (fast-json-stringify — it serializes by the schema but does not validate);
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

export function fastifyLookupApp(): FastifyInstance {
  // removeAdditional off: an undeclared key is refused (400), as the Invoker refuses it.
  const app = Fastify({ logger: false, ajv: { customOptions: { removeAdditional: false } } });
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
