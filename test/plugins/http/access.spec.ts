/**
 * Access over HTTP, with real requests on loopback: a route whose action the caller may not call
 * answers 401 (no principal; `WWW-Authenticate: Bearer` naming the RFC 9728 metadata) or 403 (the principal falls short; an RFC
 * 6750 `insufficient_scope` challenge naming missing scopes) with the refusal's sentence, and the
 * OpenAPI document lists to each caller the operations it may call, declaring the bearer scheme
 * and each operation's requirement (valid per swagger-parser).
 */
import { expect } from "chai";
import SwaggerParser from "@apidevtools/swagger-parser";
import type { AxnPrincipal } from "@axn/core";
import { staticTokens } from "@axn/sdk/auth";
import { servingPolicy } from "@axn/sdk/serving";
import { ACCESS_ACTIONS, AGENT, READER, REFUSALS, WRITER } from "../../fixtures/access/actions.js";
import { captureReports } from "../../support/reports.js";
import { postJson, send, withHttpHost, withServer } from "./support.js";

type Json = { [key: string]: unknown };
const TOKENS: Record<string, AxnPrincipal> = { "t-reader": READER, "t-writer": WRITER, "t-agent": AGENT };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe("axn-plugin-http: access", () => {
  withHttpHost();
  const reports = captureReports();
  const server = withServer(() => ({
    tools: ACCESS_ACTIONS,
    // No header: an anonymous caller (reads stay open); a known token: its principal; else 401.
    serving: servingPolicy({ authenticate: staticTokens(TOKENS), anonymous: true }),
  }));
  const metadata = () => `resource_metadata="${server().url}/.well-known/oauth-protected-resource/api"`;
  const url = (tool: string) => `${server().url}/api/${tool}/v1`;

  it("200 for a public tool with no credentials", async () => {
    const reply = await postJson(url("list_notes"), {});
    expect([reply.status, reply.body]).to.deep.equal([200, { notes: ["first"] }]);
  });

  it("401 with a Bearer challenge when the tool needs a caller and none was given", async () => {
    const reply = await postJson(url("who_am_i"), {});
    expect([reply.status, reply.body]).to.deep.equal([401, { error: REFUSALS.anonymous.who_am_i }]);
    expect(reply.headers.get("www-authenticate")).to.equal(`Bearer ${metadata()}`);
    const scoped = await postJson(url("write_note"), { text: "hi" });
    expect([scoped.status, scoped.body]).to.deep.equal([401, { error: REFUSALS.anonymous.write_note }]);
    expect(scoped.headers.get("www-authenticate")).to.equal(`Bearer scope="notes:write", ${metadata()}`);
  });

  it("403 for a principal the policy does not admit; insufficient_scope names the missing scope", async () => {
    const scoped = await postJson(url("write_note"), { text: "hi" }, bearer("t-reader"));
    expect([scoped.status, scoped.body]).to.deep.equal([403, { error: REFUSALS.reader.write_note }]);
    expect(scoped.headers.get("www-authenticate")).to.equal('Bearer error="insufficient_scope", scope="notes:write"');
    const role = await postJson(url("assign_note"), {}, bearer("t-reader"));
    expect([role.status, role.body, role.headers.get("www-authenticate")]).to.deep.equal([
      403,
      { error: REFUSALS.reader.assign_note },
      null,
    ]);
    const predicate = await postJson(url("tenant_report"), {}, bearer("t-reader"));
    expect([predicate.status, predicate.body]).to.deep.equal([403, { error: REFUSALS.reader.tenant_report }]);
  });

  it("200 for the allowed principal of each kind", async () => {
    expect((await postJson(url("who_am_i"), {}, bearer("t-reader"))).body).to.deep.equal({ id: "u_reader" });
    expect((await postJson(url("write_note"), { text: "hi" }, bearer("t-writer"))).body).to.deep.equal({
      written: "hi",
    });
    expect((await postJson(url("assign_note"), {}, bearer("t-agent"))).body).to.deep.equal({ message: "Assigned" });
    expect((await postJson(url("tenant_report"), {}, bearer("t-agent"))).body).to.deep.equal({
      message: "Report ready",
    });
    expect(reports).to.deep.equal([]);
  });

  it("refuses before validating: a refused caller learns nothing about the arguments", async () => {
    const reply = await postJson(url("write_note"), { text: 42, extra: true }, bearer("t-reader"));
    expect([reply.status, reply.body]).to.deep.equal([403, { error: REFUSALS.reader.write_note }]);
  });

  describe("the OpenAPI document", () => {
    const docFor = async (token?: string): Promise<Json> =>
      (
        await send(`${server().url}/api/openapi.json`, {
          method: "GET",
          headers: token === undefined ? {} : bearer(token),
        })
      ).body as Json;
    const tools = (doc: Json) =>
      Object.keys(doc["paths"] as Json)
        .filter((path) => path.endsWith("/v1"))
        .map((path) => path.split("/")[2]);
    const op = (doc: Json, tool: string) => (doc["paths"] as Json)[`/api/${tool}/v1`] as { post: Json };

    it("lists to each caller what it may call, as tools/list does", async () => {
      expect(tools(await docFor())).to.deep.equal(["list_notes"]);
      expect(tools(await docFor("t-reader"))).to.deep.equal(["list_notes", "who_am_i"]);
      expect(tools(await docFor("t-writer"))).to.deep.equal(["list_notes", "who_am_i", "write_note"]);
      expect(tools(await docFor("t-agent"))).to.deep.equal(["assign_note", "list_notes", "tenant_report", "who_am_i"]);
    });

    it("declares the bearer scheme and each operation's requirement from its policy", async () => {
      const anonymous = await docFor();
      const writer = await docFor("t-writer");
      const agent = await docFor("t-agent");
      // The anonymous caller's document still says how to authenticate.
      for (const doc of [anonymous, writer, agent]) {
        expect((doc["components"] as Json)["securitySchemes"]).to.deep.equal({
          bearer: { type: "http", scheme: "bearer", description: "A token the app's `authenticate` verifies" },
        });
      }
      expect(op(anonymous, "list_notes").post["security"]).to.deep.equal([{}, { bearer: [] }]);
      expect(op(anonymous, "list_notes").post["x-axn-access"]).to.equal(undefined);
      expect(op(writer, "who_am_i").post["security"]).to.deep.equal([{ bearer: [] }]);
      expect(op(writer, "who_am_i").post["x-axn-access"]).to.equal("authenticated");
      expect(op(writer, "write_note").post["security"]).to.deep.equal([{ bearer: ["notes:write"] }]);
      expect(op(writer, "write_note").post["x-axn-access"]).to.deep.equal({ scopes: ["notes:write"] });
      expect(op(agent, "assign_note").post["x-axn-access"]).to.deep.equal({ roles: ["agent", "admin"] });
      expect(op(agent, "tenant_report").post["x-axn-access"]).to.deep.equal({ predicate: true });
      const statuses = (doc: Json, tool: string) => Object.keys(op(doc, tool).post["responses"] as Json);
      expect(statuses(anonymous, "list_notes")).to.include("401").and.not.include("403");
      expect(statuses(writer, "who_am_i")).to.include("401").and.not.include("403");
      expect(statuses(writer, "write_note")).to.include.members(["401", "403"]);
      for (const doc of [anonymous, writer, agent]) await SwaggerParser.validate(structuredClone(doc) as never);
    });
  });

  describe("without authenticate", () => {
    const open = withServer(() => ({ tools: ACCESS_ACTIONS.filter((action) => action.name === "ListNotes") }));
    it("an all-public API declares no security at all", async () => {
      const doc = (await send(`${open().url}/api/openapi.json`, { method: "GET" })).body as Json;
      expect((doc["components"] as Json)["securitySchemes"]).to.equal(undefined);
      const post = ((doc["paths"] as Json)["/api/list_notes/v1"] as { post: Json }).post;
      expect(post["security"]).to.equal(undefined);
      expect(Object.keys(post["responses"] as Json)).to.not.include("401");
    });
  });
});
