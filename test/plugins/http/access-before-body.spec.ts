/**
 * Over HTTP the route names its action, so a caller the action's access policy refuses is answered
 * 401/403 before the body is read: a malformed, mistyped or oversized body does not turn the refusal
 * into a 400/415/413 (which would tell an unauthorised caller about the tool's input). The refusal
 * still goes through the Invoker, so the audit hook sees it; a public tool parses its body as before.
 */
import { expect } from "chai";
import { request as httpRequest } from "node:http";
import type { AxnPrincipal } from "@axn/core";
import { createKernelHost } from "@axn/core/internal";
import { servingPolicy } from "@axn/sdk/serving";
import { resetKernel } from "@axn/sdk/testing";
import { staticTokens } from "@axn/sdk/auth";
import httpPlugin from "axn-plugin-http";
import { ACCESS_ACTIONS, READER, REFUSALS, WRITER } from "../../fixtures/access/actions.js";
import { postText, withServer } from "./support.js";

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A body with a Content-Length, written in full whatever the server answers (the 401 must still arrive). */
function postDeclared(
  url: string,
  size: number,
  headers: Record<string, string>,
): Promise<{ status: number; body: string } | { error: string }> {
  return new Promise((resolve) => {
    const req = httpRequest(
      url,
      { method: "POST", headers: { "content-type": "application/json", "content-length": String(size), ...headers } },
      (res) => {
        let body = "";
        res
          .setEncoding("utf8")
          .on("data", (chunk: string) => (body += chunk))
          .on("end", () => resolve({ status: res.statusCode!, body }));
      },
    );
    req.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    req.end(Buffer.alloc(size, 0x20));
  });
}

describe("axn-plugin-http: access is decided before the body is read", () => {
  let denied: string[] = [];
  beforeEach(() => {
    resetKernel();
    denied = [];
    const host = createKernelHost();
    httpPlugin.apply(host, undefined);
    host.hooks.onAccessDenied.tap(
      "spec-audit",
      ({ tool, reason, principal }) =>
        void denied.push(`${tool}:${reason}:${(principal as AxnPrincipal | undefined)?.id ?? "anonymous"}`),
    );
    host.freeze();
  });
  afterEach(resetKernel);
  const server = withServer(() => ({
    tools: ACCESS_ACTIONS,
    serving: servingPolicy({ authenticate: staticTokens({ "t-reader": READER, "t-writer": WRITER }), anonymous: true }),
  }));
  const url = (tool: string) => `${server().url}/api/${tool}/v1`;

  it("401 (not 400) for an anonymous caller sending malformed JSON to a tool that needs a principal", async () => {
    const reply = await postText(url("who_am_i"), "{not json");
    // Under serve.authenticate the challenge names the RFC 9728 metadata, as authentication's own 401 does.
    const metadata = `resource_metadata="${server().url}/.well-known/oauth-protected-resource/api"`;
    expect([reply.status, reply.body, reply.headers.get("www-authenticate")]).to.deep.equal([
      401,
      { error: REFUSALS.anonymous.who_am_i },
      `Bearer ${metadata}`,
    ]);
    const scoped = await postText(url("write_note"), "");
    expect([scoped.status, scoped.headers.get("www-authenticate")]).to.deep.equal([
      401,
      `Bearer scope="notes:write", ${metadata}`,
    ]);
  });

  it("403 insufficient_scope (not 400/415) for a principal lacking the scope, whatever its body", async () => {
    const malformed = await postText(url("write_note"), "{not json", bearer("t-reader"));
    expect([malformed.status, malformed.body, malformed.headers.get("www-authenticate")]).to.deep.equal([
      403,
      { error: REFUSALS.reader.write_note },
      'Bearer error="insufficient_scope", scope="notes:write"',
    ]);
    const mistyped = await fetch(url("write_note"), {
      method: "POST",
      headers: { "content-type": "text/plain", ...bearer("t-reader") },
      body: "hi",
    });
    expect([mistyped.status, await mistyped.json()]).to.deep.equal([403, { error: REFUSALS.reader.write_note }]);
    const role = await postText(url("assign_note"), "[", bearer("t-reader"));
    expect([role.status, role.body]).to.deep.equal([403, { error: REFUSALS.reader.assign_note }]);
  });

  // (A declared length over the limit is refused with 413 by the listener before anything else: a
  // size says nothing about any tool.)
  it("the refusal reaches a node:http client still sending its unread body (drained), 5 of 5", async () => {
    const replies = [];
    for (let i = 0; i < 5; i++) replies.push(await postDeclared(url("who_am_i"), 768 * 1024, {}));
    expect(replies).to.deep.equal(
      Array(5).fill({ status: 401, body: JSON.stringify({ error: REFUSALS.anonymous.who_am_i }) }),
    );
  });

  it("every early refusal is reported to the audit hook, as a refusal after parsing is", async () => {
    await postText(url("who_am_i"), "{not json");
    await postText(url("write_note"), "{not json", bearer("t-reader"));
    await postText(url("write_note"), '{"text":"hi"}', bearer("t-reader"));
    expect(denied).to.deep.equal([
      "who_am_i:unauthenticated:anonymous",
      "write_note:forbidden:u_reader",
      "write_note:forbidden:u_reader",
    ]);
  });

  it("an admitted caller and a public tool still get their body checked: 400 for malformed JSON", async () => {
    const allowed = await postText(url("write_note"), "{not json", bearer("t-writer"));
    const open = await postText(url("list_notes"), "{not json");
    expect([allowed.status, allowed.body, open.status, open.body]).to.deep.equal([
      400,
      { error: "Request body is not valid JSON" },
      400,
      { error: "Request body is not valid JSON" },
    ]);
    const written = await postText(url("write_note"), '{"text":"hi"}', bearer("t-writer"));
    expect([written.status, written.body]).to.deep.equal([200, { written: "hi" }]);
  });
});
