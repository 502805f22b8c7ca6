/**
 * The OpenAPI 3.1 document, fetched from a running server: valid per `@apidevtools/swagger-parser`,
 * every schema compiles in ajv (2020-12), one operation per tool version, the reflected schemas
 * unchanged, and the bodies the server really sends validate against the schemas it publishes.
 */
import { expect } from "chai";
import SwaggerParser from "@apidevtools/swagger-parser";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { buildOpenApiDocument, HttpAdapter, serve } from "axn-plugin-http";
import { servingPolicy } from "@axn/sdk/serving";
import { ApproveLoanV1, ApproveLoanV2, Locate, Ping } from "./fixtures.js";
import { captureReports } from "../../support/reports.js";
import { postJson, postText, send, withHttpHost, withServer } from "./support.js";

const addFormats = addFormatsModule.default;
const tools = [ApproveLoanV1, ApproveLoanV2, Ping, Locate];

type Json = { [key: string]: unknown };
const at = (value: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>((node, key) => (node as Json | undefined)?.[key], value);

describe("axn-plugin-http: the OpenAPI document", () => {
  withHttpHost();
  captureReports(); // the 500 cases report; keep them out of the console

  describe("served with a serve.authenticate whose principal is ambient context", () => {
    const server = withServer(() => ({
      tools,
      openapi: { title: "Loans", version: "2026.1" },
      serving: servingPolicy({ authenticate: () => ({ id: "o1" }) }),
    }));
    let doc: Json;
    beforeEach(async () => {
      const reply = await send(`${server().url}/api/openapi.json`, { method: "GET" });
      expect(reply.status).to.equal(200);
      doc = reply.body as Json;
    });

    it("is a valid OpenAPI 3.1 document (swagger-parser)", async () => {
      const validated = await SwaggerParser.validate(structuredClone(doc) as never);
      expect(validated).to.have.property("openapi", "3.1.0");
      expect(doc["info"]).to.deep.equal({ title: "Loans", version: "2026.1" });
      expect(doc["jsonSchemaDialect"]).to.equal("https://json-schema.org/draft/2020-12/schema");
    });

    it("has one POST operation per tool version, and no unversioned path", () => {
      expect(Object.keys(doc["paths"] as Json)).to.deep.equal([
        "/api/http_spec_approve_loan/v1",
        "/api/http_spec_approve_loan/v2",
        "/api/http_spec_locate/v1",
        "/api/http_spec_ping/v1",
        "/api/jobs/{id}",
        "/api/openapi.json",
      ]);
      for (const [path, item] of Object.entries(doc["paths"] as Json)) {
        if (path === "/api/openapi.json" || path === "/api/jobs/{id}")
          expect(Object.keys(item as Json)).to.deep.equal(["get"]);
        else expect(Object.keys(item as Json), path).to.deep.equal(["post"]);
      }
    });

    it("describes an operation from the action's reflection, with the hints and version as extensions", () => {
      const op = at(doc, "paths", "/api/http_spec_approve_loan/v2", "post") as Json;
      expect(op["operationId"]).to.equal("http_spec_approve_loan_v2");
      expect(op["summary"]).to.equal("http_spec_approve_loan (version 2)");
      expect(op["description"]).to.equal("Approves a loan for the signed-in officer");
      expect(op["tags"]).to.deep.equal(["http_spec_approve_loan"]);
      expect(op["x-axn-tool-name"]).to.equal("http_spec_approve_loan");
      expect(op["x-axn-tool-version"]).to.equal(2);
      expect(op["x-axn-semantic-hints"]).to.deep.equal(["idempotent"]);
      expect(at(op, "requestBody", "required")).to.equal(true);
      expect(at(op, "requestBody", "content", "application/json", "schema")).to.deep.equal(ApproveLoanV2.inputSchema);
      // The retry of a call answered 428: its own media type, the same arguments inside.
      const answers = at(op, "requestBody", "content", "application/vnd.axn.answers+json", "schema") as Json;
      expect(at(answers, "properties", "arguments")).to.deep.equal(ApproveLoanV2.inputSchema);
      expect(answers["required"]).to.deep.equal(["arguments", "requestState", "inputResponses"]);
      expect(at(op, "responses", "200", "content", "application/json", "schema")).to.deep.equal(
        ApproveLoanV2.outputSchema,
      );
      expect(Object.keys(op["responses"] as Json)).to.deep.equal([
        "200",
        "202",
        "400",
        "401",
        "413",
        "415",
        "422",
        "428",
        "429",
        "500",
        "503",
      ]);
      // Background calls (docs/scaling.md): ?async=1 or Prefer: respond-async → 202 and the job's URL;
      // Idempotency-Key makes a retried one the same job.
      expect((op["parameters"] as Json[]).map((p) => p["$ref"])).to.deep.equal([
        "#/components/parameters/Async",
        "#/components/parameters/PreferAsync",
        "#/components/parameters/IdempotencyKey",
      ]);
      expect(at(doc, "paths", "/api/jobs/{id}", "get", "operationId")).to.equal("job_status");
      // Ambient context is the server's to supply: it never appears in the request schema.
      expect(JSON.stringify(at(op, "requestBody"))).not.to.include("principal");
      expect(at(doc, "paths", "/api/http_spec_ping/v1", "post", "x-axn-semantic-hints")).to.deep.equal(["readOnly"]);
      expect(
        at(doc, "paths", "/api/http_spec_ping/v1", "post", "responses", "200", "content", "application/json", "schema"),
      ).to.deep.equal({
        $ref: "#/components/schemas/Message",
      });
    });

    it("every schema compiles in ajv 2020, and the server's real bodies validate against them", async () => {
      const resolved = (await SwaggerParser.dereference(structuredClone(doc) as never)) as unknown as Json;
      const ajv = new Ajv2020({ strict: true, allErrors: true });
      addFormats(ajv);
      const schemaOf = (path: string, status: string) =>
        at(resolved, "paths", path, "post", "responses", status, "content", "application/json", "schema") as object;
      let compiled = 0;
      for (const [path, item] of Object.entries(resolved["paths"] as Json)) {
        for (const op of Object.values(item as Json)) {
          const request = at(op, "requestBody", "content", "application/json", "schema");
          if (request !== undefined) {
            ajv.compile(request as object);
            compiled++;
          }
          for (const [status, response] of Object.entries((op as Json)["responses"] as Json)) {
            const schema = at(response, "content", "application/json", "schema");
            expect(schema, `${path} ${status}`).not.to.equal(undefined);
            ajv.compile(schema as object);
            compiled++;
          }
        }
      }
      // 4 operations × (request + 11 responses), the job status's 6 responses, the document's 200 and 401.
      expect(compiled).to.equal(4 * 12 + 6 + 2);

      const base = `${server().url}/api`;
      const cases: [string, string, () => Promise<{ status: number; body: unknown }>][] = [
        ["/api/http_spec_approve_loan/v2", "200", () => postJson(`${base}/http_spec_approve_loan/v2`, { amount: 5 })],
        ["/api/http_spec_ping/v1", "200", () => postJson(`${base}/http_spec_ping/v1`, {})],
        [
          "/api/http_spec_approve_loan/v2",
          "202",
          () => postJson(`${base}/http_spec_approve_loan/v2?async=1`, { amount: 5 }),
        ],
        ["/api/http_spec_approve_loan/v2", "400", () => postJson(`${base}/http_spec_approve_loan/v2`, { amount: "x" })],
        ["/api/http_spec_approve_loan/v2", "400", () => postText(`${base}/http_spec_approve_loan/v2`, "{")],
        [
          "/api/http_spec_approve_loan/v2",
          "413",
          () => postText(`${base}/http_spec_approve_loan/v2`, "x".repeat(2 * 1024 * 1024)),
        ],
        [
          "/api/http_spec_approve_loan/v2",
          "415",
          () => postText(`${base}/http_spec_approve_loan/v2`, "{}", { "content-type": "text/json" }),
        ],
        [
          "/api/http_spec_approve_loan/v2",
          "422",
          () => postJson(`${base}/http_spec_approve_loan/v2`, { amount: 200_000 }),
        ],
        ["/api/http_spec_approve_loan/v2", "500", () => postJson(`${base}/http_spec_approve_loan/v2`, { amount: 13 })],
        ["/api/http_spec_locate/v1", "500", () => postJson(`${base}/http_spec_locate/v1`, {})],
      ];
      for (const [path, status, call] of cases) {
        const reply = await call();
        expect(String(reply.status), `${path} ${status}`).to.equal(status);
        const validate = ajv.compile(schemaOf(path, status));
        expect(validate(reply.body), `${path} ${status}: ${ajv.errorsText(validate.errors)}`).to.equal(true);
      }
    });

    it("says where it is served: servers is the document's own server, a relative '/' (issue 33, item 7)", () => {
      expect(doc["servers"]).to.deep.equal([{ url: "/", description: "The server this document is served from" }]);
    });

    it("carries a request example valid against each schema, and each sample request runs as shown", async () => {
      const ajv = new Ajv2020({ strict: true, allErrors: true });
      addFormats(ajv);
      const documentUrl = `${server().url}/api/openapi.json`;
      const samples: Record<string, [unknown, number]> = {};
      for (const [path, item] of Object.entries(doc["paths"] as Json)) {
        const media = at(item, "post", "requestBody", "content", "application/json") as Json | undefined;
        if (media === undefined) continue;
        const validate = ajv.compile(media["schema"] as object);
        expect(validate(media["example"]), `${path}: ${ajv.errorsText(validate.errors)}`).to.equal(true);
        // As a reference page builds its sample: the server's URL (relative: against the document's), the path, the example.
        const url = new URL(
          `${((doc["servers"] as Json[])[0]!["url"] as string).replace(/\/$/, "")}${path}`,
          documentUrl,
        );
        const reply = await postJson(url.href, media["example"]);
        samples[path] = [media["example"], reply.status];
      }
      expect(samples).to.deep.equal({
        "/api/http_spec_approve_loan/v1": [{ amount: 1 }, 200],
        "/api/http_spec_approve_loan/v2": [{ amount: 1 }, 200],
        // payload is z.unknown(), which the schema does not require: {} is valid, and the tool's own bug answers 500 (the fixture's point).
        "/api/http_spec_locate/v1": [{}, 500],
        "/api/http_spec_ping/v1": [{}, 200],
      });
    });

    it("answers HEAD with the headers only", async () => {
      const response = await fetch(`${server().url}/api/openapi.json`, { method: "HEAD" });
      expect(response.status).to.equal(200);
      expect(await response.text()).to.equal("");
    });
  });

  describe("with authentication", () => {
    const server = withServer(() => ({
      tools: [Ping],
      serving: servingPolicy({ authenticate: (r) => (r.headers.get("x-key") === "k" ? { id: "k" } : null) }),
    }));

    it("lists 401 on every operation and serves the document only to an authenticated caller", async () => {
      expect((await send(`${server().url}/api/openapi.json`, { method: "GET" })).status).to.equal(401);
      const reply = await send(`${server().url}/api/openapi.json`, { method: "GET", headers: { "x-key": "k" } });
      expect(Object.keys(at(reply.body, "paths", "/api/http_spec_ping/v1", "post", "responses") as Json)).to.deep.equal(
        ["200", "202", "400", "401", "413", "415", "422", "428", "429", "500", "503"],
      );
      await SwaggerParser.validate(structuredClone(reply.body) as never);
    });
  });

  it("the base path applies to every route and to the document; without serve.authenticate no 401 is listed", async () => {
    const op = HttpAdapter.wrap(Ping);
    const handle = await serve({ port: 0, tools: [op], basePath: "/v1/tools" });
    try {
      const doc = await send(`${handle.url}/v1/tools/openapi.json`, { method: "GET" });
      expect(Object.keys(at(doc.body, "paths") as Json)).to.deep.equal([
        "/v1/tools/http_spec_ping/v1",
        "/v1/tools/jobs/{id}",
        "/v1/tools/openapi.json",
      ]);
      expect((await postJson(`${handle.url}/v1/tools/http_spec_ping/v1`, {})).body).to.deep.equal({ message: "pong" });
      expect((await postJson(`${handle.url}/api/http_spec_ping/v1`, {})).status).to.equal(404);
      // No serve.authenticate configured: nothing can answer 401, so the document lists none.
      expect(
        Object.keys(at(doc.body, "paths", "/v1/tools/http_spec_ping/v1", "post", "responses") as Json),
      ).to.deep.equal(["200", "202", "400", "413", "415", "422", "428", "429", "500", "503"]);
    } finally {
      await handle.close();
    }
  });

  it("servers: the configured public URL (its trailing slash dropped); a URL that is neither http(s) nor a path is refused, named", async () => {
    const op = HttpAdapter.wrap(Ping);
    const options = { basePath: "/api", authenticated: false, maxBodyBytes: 1024 };
    const doc = buildOpenApiDocument([op], {
      ...options,
      info: { servers: [{ url: "https://tools.example.com/" }, { url: "/", description: "here" }] },
    });
    expect(doc["servers"]).to.deep.equal([{ url: "https://tools.example.com" }, { url: "/", description: "here" }]);
    expect(() =>
      buildOpenApiDocument([op], { ...options, info: { servers: [{ url: "tools.example.com" }] } }),
    ).to.throw(
      TypeError,
      'axn-plugin-http: openapi.servers[0].url must be an http(s) URL or a path starting with "/" (such as "https://api.example.com"), got "tools.example.com"',
    );
  });
});
