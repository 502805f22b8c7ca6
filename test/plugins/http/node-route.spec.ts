/**
 * `serve` answers the tool routes straight from Node's request (plugins/http/src/node-route.ts)
 * instead of through @hono/node-server and hono's middleware. The contract is the app's: every
 * request here is sent, over real loopback sockets, both to `serve({ tools })` (the Node-native
 * route) and to `serve({ app: createHttpApp({ tools }) })` (an app of the caller's own, which always
 * runs through hono), and the two answers must be the same — status, body and every header but the
 * date. Requests the native route leaves to hono (an event stream, a chunked body, a
 * percent-encoded path) are in the list too: whichever path answers, the answer is the same. (A
 * foreign Origin is not: `serve` answers it with the policy's own message, and the check `serve`
 * puts in front of a caller's app with the generic "Host not allowed" — both through hono.)
 */
import { expect } from "chai";
import { request as httpRequest } from "node:http";
import { defineAxn } from "@axn/core";
import { createHttpApp, serve, type HttpServerHandle } from "axn-plugin-http";
import { z } from "zod";
import { configureAxn } from "@axn/core";
import { captureReports, type Report } from "../../support/reports.js";
import { Locate } from "./fixtures.js";
import { withHttpHost } from "./support.js";

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** Exactly this method, path (query included), headers and body chunks; the answer as received. */
function exchange(
  origin: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  chunks: readonly string[],
): Promise<Answer> {
  const target = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: target.hostname, port: target.port, path, method, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on("data", (part: Buffer) => parts.push(part));
      res.on("end", () => {
        const { date: _date, ...rest } = res.headers;
        resolve({ status: res.statusCode ?? 0, headers: rest, body: Buffer.concat(parts).toString("utf8") });
      });
    });
    req.on("error", reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

function tools() {
  const Lookup = defineAxn({
    name: "NodeRouteSpec.Lookup",
    expects: { id: z.string().min(2), limit: z.number().int().optional() },
    exposes: { id: z.string(), limit: z.number() },
    call: ({ id, limit }) => ({ id, limit: limit ?? 10 }),
  });
  const Fails = defineAxn({
    name: "NodeRouteSpec.Fails",
    expects: {},
    call: () => {
      throw new Error("secret detail");
    },
  });
  return [Lookup, Fails, Locate];
}

const JSON_TYPE = { "content-type": "application/json" };
const body = (value: unknown): { headers: Record<string, string>; chunks: string[] } => text(JSON.stringify(value));
const text = (text: string): { headers: Record<string, string>; chunks: string[] } => {
  return { headers: { ...JSON_TYPE, "content-length": String(Buffer.byteLength(text)) }, chunks: [text] };
};

const CASES: readonly {
  name: string;
  status: number;
  method?: string;
  path: string;
  headers: Record<string, string>;
  chunks: readonly string[];
}[] = [
  { name: "a call", status: 200, path: "/api/node_route_spec_lookup/v1", ...body({ id: "ab", limit: 3 }) },
  {
    name: "a call with a query string",
    status: 200,
    path: "/api/node_route_spec_lookup/v1?trace=1",
    ...body({ id: "ab" }),
  },
  { name: "a refused input (400)", status: 400, path: "/api/node_route_spec_lookup/v1", ...body({ id: "a" }) },
  {
    name: "coerced wire strings",
    status: 200,
    path: "/api/node_route_spec_lookup/v1",
    ...body({ id: "ab", limit: "7" }),
  },
  { name: "an undeclared key", status: 400, path: "/api/node_route_spec_lookup/v1", ...body({ id: "ab", other: 1 }) },
  { name: "arguments that are not an object", status: 400, path: "/api/node_route_spec_lookup/v1", ...body([1]) },
  { name: "malformed JSON", status: 400, path: "/api/node_route_spec_lookup/v1", ...text("{nope") },
  {
    name: "an empty body",
    status: 400,
    path: "/api/node_route_spec_lookup/v1",
    headers: { ...JSON_TYPE, "content-length": "0" },
    chunks: [],
  },
  {
    name: "a prototype key",
    status: 400,
    path: "/api/node_route_spec_lookup/v1",
    ...text('{"id":"ab","__proto__":{"limit":1}}'),
  },
  {
    name: "a wrong Content-Type (415)",
    status: 415,
    path: "/api/node_route_spec_lookup/v1",
    headers: { "content-type": "text/plain", "content-length": "2" },
    chunks: ["{}"],
  },
  {
    name: "no Content-Type (415)",
    status: 415,
    path: "/api/node_route_spec_lookup/v1",
    headers: { "content-length": "2" },
    chunks: ["{}"],
  },
  {
    name: "a declared body over the limit (413)",
    status: 413,
    path: "/api/node_route_spec_lookup/v1",
    headers: { ...JSON_TYPE, "content-length": "2048" },
    chunks: ["x".repeat(2048)],
  },
  {
    name: "a chunked body (hono's path)",
    status: 200,
    path: "/api/node_route_spec_lookup/v1",
    headers: JSON_TYPE,
    chunks: ['{"id":', '"ab"}'],
  },
  { name: "a GET (405)", status: 405, method: "GET", path: "/api/node_route_spec_lookup/v1", headers: {}, chunks: [] },
  { name: "an unknown version (404)", status: 404, path: "/api/node_route_spec_lookup/v9", ...body({}) },
  {
    name: "a percent-encoded path (hono's path)",
    status: 200,
    path: "/api/node_route_spec_%6cookup/v1",
    ...body({ id: "ab" }),
  },
  {
    name: "a foreign Host (403)",
    status: 403,
    path: "/api/node_route_spec_lookup/v1",
    ...(() => {
      const b = body({ id: "ab" });
      return { ...b, headers: { ...b.headers, host: "evil.example" } };
    })(),
  },
  {
    name: "an event stream (hono's path)",
    status: 200,
    path: "/api/node_route_spec_lookup/v1",
    ...(() => {
      const b = body({ id: "ab" });
      return { ...b, headers: { ...b.headers, accept: "text/event-stream" } };
    })(),
  },
  { name: "an exception (500, no message)", status: 500, path: "/api/node_route_spec_fails/v1", ...body({}) },
  { name: "an unrenderable result (500)", status: 500, path: "/api/http_spec_locate/v1", ...body({}) },
];

describe("axn-plugin-http: serve's Node-native tool routes answer as the hono app does", () => {
  withHttpHost();
  const reports = captureReports();
  let native: HttpServerHandle | undefined;
  let viaHono: HttpServerHandle | undefined;
  beforeEach(async () => {
    const served = tools();
    native = await serve({ port: 0, tools: served, maxBodyBytes: 1024 });
    viaHono = await serve({ port: 0, maxBodyBytes: 1024, app: createHttpApp({ tools: served, maxBodyBytes: 1024 }) });
  });
  afterEach(async () => {
    await native?.close();
    await viaHono?.close();
  });

  /** The answer, and what was reported while it was made (each report once, named the same way). */
  async function answered(origin: string, sent: (typeof CASES)[number]): Promise<[Answer, Omit<Report, "error">[]]> {
    reports.length = 0;
    const answer = await exchange(origin, sent.method ?? "POST", sent.path, sent.headers, sent.chunks);
    return [answer, reports.map(({ action, phase, error }) => ({ action, phase, error: (error as Error).name }))];
  }

  it("in development an unrenderable result is still answered as JSON (the guard rethrows), reported once", async () => {
    configureAxn({ env: "development" });
    try {
      const sent = CASES.find((c) => c.name === "an unrenderable result (500)")!;
      const [fast, fastReports] = await answered(native!.url, sent);
      const [hono, honoReports] = await answered(viaHono!.url, sent);
      expect(fast).to.deep.equal(hono);
      expect(JSON.parse(fast.body)).to.deep.equal({ error: "The tool could not produce a valid response" });
      expect(fastReports).to.deep.equal(honoReports).and.to.have.length(1);
    } finally {
      configureAxn({ env: "test" });
    }
  });

  for (const sent of CASES) {
    it(sent.name, async () => {
      const [fast, fastReports] = await answered(native!.url, sent);
      const [hono, honoReports] = await answered(viaHono!.url, sent);
      expect(fast.status, fast.body).to.equal(sent.status);
      expect(fast).to.deep.equal(hono);
      expect(fastReports).to.deep.equal(honoReports);
      expect(fast.headers["x-content-type-options"]).to.equal("nosniff");
    });
  }

  it("a call answers 200 with the exposes, JSON and its length", async () => {
    const answer = await exchange(
      native!.url,
      "POST",
      "/api/node_route_spec_lookup/v1",
      ...(Object.values(body({ id: "ab", limit: "7" })) as [Record<string, string>, string[]]),
    );
    expect(answer.status).to.equal(200);
    expect(JSON.parse(answer.body)).to.deep.equal({ id: "ab", limit: 7 });
    expect(answer.headers["content-type"]).to.equal("application/json; charset=utf-8");
    expect(answer.headers["content-length"]).to.equal(String(Buffer.byteLength(answer.body)));
  });

  it("answers each Host by the policy's verdict, the same on every request and for more names than it remembers", async () => {
    const call = (host: string): Promise<Answer> => {
      const sent = body({ id: "ab" });
      return exchange(native!.url, "POST", "/api/node_route_spec_lookup/v1", { ...sent.headers, host }, sent.chunks);
    };
    const refused = { error: "Host not allowed" };
    // The policy remembers each Host value's verdict (sdk/src/serving/hosts.ts): a refused one stays
    // refused, before and after allowed ones.
    for (const host of ["evil.example", "127.0.0.1", "evil.example", "127.0.0.1", "evil.example"]) {
      const answer = await call(host);
      expect([host, answer.status, JSON.parse(answer.body)]).to.deep.equal(
        host === "evil.example" ? [host, 403, refused] : [host, 200, { id: "ab", limit: 10 }],
      );
    }
    // More loopback names than the policy remembers (64): each still answered by its rule.
    for (let last = 2; last <= 80; last++) expect((await call(`127.0.0.${last}`)).status).to.equal(200);
    expect((await call("evil.example")).status).to.equal(403);
  });
});
