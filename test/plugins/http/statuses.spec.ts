/**
 * Every status the adapter answers, over real HTTP on loopback, with the exact JSON body.
 */
import { connect } from "node:net";
import { expect } from "chai";
import { configureAxn } from "@axn/core";
import { createHttpApp, serve } from "axn-plugin-http";
import { servingPolicy } from "@axn/sdk/serving";
import { captureReports } from "../../support/reports.js";
import { ApproveLoanV1, ApproveLoanV2, Locate, LocateLoose, Ping } from "./fixtures.js";
import { postJson, postText, raw, send, withHttpHost, withServer } from "./support.js";

const tools = [ApproveLoanV1, ApproveLoanV2, Ping, Locate, LocateLoose];

describe("axn-plugin-http: statuses over loopback", () => {
  withHttpHost();
  const reports = captureReports();
  const server = withServer(() => ({
    tools,
    serving: servingPolicy({
      authenticate: (request) => (request.headers.get("authorization") === "Bearer ok" ? { id: "officer-7" } : null),
    }),
  }));
  const auth = { authorization: "Bearer ok" };
  const url = (path: string): string => `${server().url}/api${path}`;

  describe("200", () => {
    it("answers the rendered exposes, with the trusted ambient context applied", async () => {
      const reply = await postJson(url("/http_spec_approve_loan/v2"), { amount: 500 }, auth);
      expect(reply.status).to.equal(200);
      expect(reply.headers.get("content-type")).to.match(/^application\/json/);
      expect(reply.body).to.deep.equal({ approved: true, amount: 500, currency: "EUR", officerId: "officer-7" });
    });

    it("serves every version at its own URL", async () => {
      const v1 = await postJson(url("/http_spec_approve_loan/v1"), { amount: 5 }, auth);
      expect(v1).to.include({ status: 200 });
      expect(v1.body).to.deep.equal({ approved: true });
    });

    it("answers { message } when the tool exposes nothing", async () => {
      const reply = await postJson(url("/http_spec_ping/v1"), {}, auth);
      expect(reply.status).to.equal(200);
      expect(reply.body).to.deep.equal({ message: "pong" });
    });

    it("coerces wire strings, as every tool call does", async () => {
      const reply = await postJson(url("/http_spec_approve_loan/v2"), { amount: "42" }, auth);
      expect(reply.status).to.equal(200);
      expect(reply.body).to.deep.include({ amount: 42 });
    });

    it("never lets the body supply the ambient context", async () => {
      const reply = await postJson(
        url("/http_spec_approve_loan/v2"),
        { amount: 1, ambientContext: { principal: { id: "attacker" } } },
        auth,
      );
      expect(reply.status).to.equal(200);
      expect(reply.body).to.deep.include({ officerId: "officer-7" });
    });

    it("renders an opaque value when the tool overrides rejectOpaqueExposedValues", async () => {
      const reply = await postJson(url("/http_spec_locate_loose/v1"), {}, auth);
      expect(reply.status).to.equal(200);
      expect(reply.body).to.deep.equal({ point: { x: 1, y: 2 } });
    });
  });

  describe("400", () => {
    it("invalid input: { error, fieldErrors }", async () => {
      const reply = await postJson(url("/http_spec_approve_loan/v2"), { amount: "lots", currency: "GBP" }, auth);
      expect(reply.status).to.equal(400);
      expect(reply.body).to.deep.equal({
        error:
          "Could not approve the loan: amount: Expected number, received string; currency: Invalid enum value. Expected 'EUR' | 'USD', received 'GBP'",
        fieldErrors: [
          { field: "amount", message: "amount: Expected number, received string" },
          { field: "currency", message: "currency: Invalid enum value. Expected 'EUR' | 'USD', received 'GBP'" },
        ],
      });
      expect(reports).to.have.length(0);
    });

    it("an undeclared key is an invalid input", async () => {
      const reply = await postJson(url("/http_spec_approve_loan/v1"), { amount: 5, extra: true }, auth);
      expect(reply.status).to.equal(400);
      expect(reply.body).to.deep.equal({
        error: "Could not approve the loan: unknown input: extra",
        fieldErrors: [{ field: "extra", message: "unknown input: extra" }],
      });
    });

    it("a body that is JSON but not an object", async () => {
      const reply = await postText(url("/http_spec_approve_loan/v1"), "[1,2]", auth);
      expect(reply.status).to.equal(400);
      expect(reply.body).to.deep.equal({
        error: "Could not approve the loan: arguments must be an object",
        fieldErrors: [{ field: "(arguments)", message: "arguments must be an object" }],
      });
    });

    for (const [label, text] of [
      ["malformed JSON", '{"amount": 5'],
      ["an empty body", ""],
      ["trailing garbage", '{"amount": 5} x'],
      ["a byte-order mark", '\uFEFF{"amount": 5}'],
    ] as const) {
      it(`${label}: { error }`, async () => {
        const reply = await postText(url("/http_spec_approve_loan/v1"), text, auth);
        expect(reply.status).to.equal(400);
        expect(reply.body).to.deep.equal({ error: "Request body is not valid JSON" });
      });
    }

    for (const framing of ["chunked", "with a Content-Length"] as const) {
      it(`bytes that are not UTF-8 are answered as not UTF-8, as MCP answers them (${framing})`, async () => {
        const bytes = Uint8Array.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]);
        const reply = await raw(url("/http_spec_approve_loan/v1"), {
          headers: {
            "content-type": "application/json",
            ...auth,
            ...(framing === "chunked" ? {} : { "content-length": String(bytes.byteLength) }),
          },
          chunks: [bytes],
        });
        expect(reply.status).to.equal(400);
        expect(reply.body).to.deep.equal({ error: "Request body is not valid UTF-8" });
      });
    }

    it("a body that arrives in many packets under its Content-Length is read whole", async () => {
      const chunk = "x".repeat(64 * 1024);
      const text = JSON.stringify({ amount: 5, pad: chunk.repeat(12) });
      const reply = await raw(url("/http_spec_approve_loan/v1"), {
        headers: { "content-type": "application/json", "content-length": String(Buffer.byteLength(text)), ...auth },
        chunks: text.match(/[\s\S]{1,65536}/g)!,
      });
      // Parsed whole: the one complaint is the undeclared key at its very end.
      expect(reply.status).to.equal(400);
      expect(reply.body).to.deep.equal({
        error: "Could not approve the loan: unknown input: pad",
        fieldErrors: [{ field: "pad", message: "unknown input: pad" }],
      });
    });

    it("a body cut short answers 400 and pages nobody: the client's doing, not a server fault", async () => {
      const app = createHttpApp({ tools });
      const breaksHalfWay = (): ReadableStream<Uint8Array> => {
        let sent = false;
        return new ReadableStream<Uint8Array>({
          pull(controller) {
            if (sent) return controller.error(new Error("connection reset"));
            sent = true;
            controller.enqueue(new TextEncoder().encode('{"amount":'));
          },
        });
      };
      for (const framing of [{ "content-length": "40" }, {}]) {
        const request = new Request("http://localhost/api/http_spec_approve_loan/v1", {
          method: "POST",
          headers: { "content-type": "application/json", ...framing },
          body: breaksHalfWay(),
          duplex: "half",
        } as RequestInit);
        const response = await app.fetch(request);
        expect(response.status).to.equal(400);
        expect(await response.json()).to.deep.equal({ error: "Request body ended early" });
      }
      expect(reports).to.deep.equal([]);
    });

    it("a client that disconnects half-way through its body pages nobody, and the server answers the next request", async () => {
      const target = new URL(url("/http_spec_approve_loan/v1"));
      const socket = connect(Number(target.port), target.hostname);
      socket.write(
        `POST ${target.pathname} HTTP/1.1\r\nHost: ${target.host}\r\nAuthorization: Bearer ok\r\n` +
          `Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"amount":`,
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      await new Promise<void>((resolve) => socket.end(resolve));
      await new Promise((resolve) => socket.once("close", resolve).resume());
      const next = await postJson(url("/http_spec_approve_loan/v1"), { amount: 5 }, auth);
      expect(next.status).to.equal(200);
      expect(reports).to.deep.equal([]);
    });
  });

  it("401: serve.authenticate refused the request (before any routing)", async () => {
    for (const path of ["/http_spec_approve_loan/v2", "/nope/v1", "/openapi.json"]) {
      const reply = await postJson(url(path), { amount: 5 });
      expect(reply.status, path).to.equal(401);
      expect(reply.body).to.deep.equal({ error: "Unauthorized: send Authorization: Bearer <token>" });
    }
  });

  describe("404", () => {
    it("an unknown tool", async () => {
      const reply = await postJson(url("/nope/v1"), {}, auth);
      expect(reply.status).to.equal(404);
      expect(reply.body).to.deep.equal({ error: "Not found" });
    });

    it("a known tool at a version it does not have names the versions it has", async () => {
      const reply = await postJson(url("/http_spec_approve_loan/v3"), {}, auth);
      expect(reply.status).to.equal(404);
      expect(reply.body).to.deep.equal({ error: "Tool http_spec_approve_loan has no such version; available: v1, v2" });
    });

    it("there is no unversioned alias, and no other spelling of a version", async () => {
      for (const path of [
        "/http_spec_approve_loan",
        "/http_spec_approve_loan/latest",
        "/http_spec_approve_loan/V2",
        "/http_spec_approve_loan/v02",
        "/http_spec_approve_loan/v2/",
      ]) {
        const reply = await postJson(url(path), { amount: 5 }, auth);
        expect(reply.status, path).to.equal(404);
      }
    });

    it("outside the base path, hono's own 404 is JSON too", async () => {
      const reply = await send(`${server().url}/elsewhere`, { method: "GET" });
      expect(reply.status).to.equal(404);
      expect(reply.headers.get("content-type")).to.match(/^application\/json/);
      expect(reply.body).to.deep.equal({ error: "Not found" });
    });
  });

  it("405: a tool answers POST only, and says so in Allow", async () => {
    for (const method of ["GET", "PUT", "DELETE", "PATCH", "OPTIONS"]) {
      const reply = await send(url("/http_spec_approve_loan/v2"), { method, headers: auth });
      expect(reply.status, method).to.equal(405);
      expect(reply.headers.get("allow")).to.equal("POST");
      expect(reply.body, method).to.deep.equal({ error: "Method not allowed" });
    }
    const doc = await postJson(url("/openapi.json"), {}, auth);
    expect(doc.status).to.equal(405);
    expect(doc.headers.get("allow")).to.equal("GET, HEAD");
    expect(doc.body).to.deep.equal({ error: "Method not allowed" });
  });

  describe("413", () => {
    it("a declared Content-Length over the limit is refused unread", async () => {
      const big = JSON.stringify({ amount: 5, pad: "x".repeat(1024 * 1024) });
      const reply = await postText(url("/http_spec_approve_loan/v1"), big, auth);
      expect(reply.status).to.equal(413);
      expect(reply.body).to.deep.equal({ error: "Request body exceeds 1048576 bytes" });
    });

    it("a chunked body with no Content-Length is cut off at the limit while streaming", async () => {
      const chunk = "x".repeat(64 * 1024);
      const reply = await raw(url("/http_spec_approve_loan/v1"), {
        headers: { "content-type": "application/json", ...auth },
        chunks: ['{"pad":"', ...Array.from({ length: 20 }, () => chunk), '"}'],
      });
      expect(reply.status).to.equal(413);
      expect(reply.body).to.deep.equal({ error: "Request body exceeds 1048576 bytes" });
    });

    it("the limit is the maxBodyBytes setting", async () => {
      const small = await serve({ port: 0, tools, maxBodyBytes: 10 });
      try {
        const reply = await postText(`${small.url}/api/http_spec_approve_loan/v1`, '{"amount": 5 }');
        expect(reply.status).to.equal(413);
        expect(reply.body).to.deep.equal({ error: "Request body exceeds 10 bytes" });
        const over = await postText(`${small.url}/api/http_spec_approve_loan/v1`, '{"amount":5}');
        expect(over.status).to.equal(413); // 12 bytes
        const exact = await postText(`${small.url}/api/http_spec_ping/v1`, "{}");
        expect(exact.status).to.equal(200);
      } finally {
        await small.close();
      }
    });

    it("a fetch handler on another runtime cannot be fooled by a Content-Length smaller than the body", async () => {
      const app = createHttpApp({ tools, maxBodyBytes: 16 });
      const body = new TextEncoder().encode(JSON.stringify({ amount: 5, pad: "x".repeat(100) }));
      const request = new Request("http://localhost/api/http_spec_approve_loan/v1", {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": "2" },
        body,
      });
      const response = await app.fetch(request);
      expect(response.status).to.equal(413);
      expect(await response.json()).to.deep.equal({ error: "Request body exceeds 16 bytes" });
    });
  });

  describe("415", () => {
    for (const contentType of [
      undefined,
      "text/json",
      "text/plain",
      "application/json-patch+json",
      "application/merge-patch+json",
      "application/jsonx",
      "application/json; charset=latin1",
      "application/json; charset=utf-8; boundary=x",
      "application/json;",
      "multipart/form-data; boundary=x",
    ]) {
      it(`refuses ${contentType === undefined ? "a missing Content-Type" : JSON.stringify(contentType)}`, async () => {
        const headers: Record<string, string> = {
          ...auth,
          ...(contentType === undefined ? {} : { "content-type": contentType }),
        };
        const reply = await raw(url("/http_spec_approve_loan/v1"), { headers, chunks: ['{"amount":5}'] });
        expect(reply.status).to.equal(415);
        expect(reply.body).to.deep.equal({ error: "Content-Type must be application/json" });
      });
    }

    for (const contentType of [
      "application/json",
      "APPLICATION/JSON",
      "application/json; charset=utf-8",
      "application/json;charset=UTF-8",
      'application/json; charset="utf-8"',
    ]) {
      it(`accepts ${JSON.stringify(contentType)}, handled identically`, async () => {
        const reply = await postText(url("/http_spec_approve_loan/v1"), '{"amount":5}', {
          ...auth,
          "content-type": contentType,
        });
        expect(reply.status).to.equal(200);
        expect(reply.body).to.deep.equal({ approved: true });
      });
    }
  });

  it("422: a business failure answers the tool's own error", async () => {
    const reply = await postJson(url("/http_spec_approve_loan/v2"), { amount: 200_000 }, auth);
    expect(reply.status).to.equal(422);
    expect(reply.body).to.deep.equal({ error: "Could not approve the loan: the amount is over the limit" });
    expect(reports).to.have.length(0);
  });

  describe("500", () => {
    it("an exception answers the tool's error headline, never the exception's message; core reports it once", async () => {
      const reply = await postJson(url("/http_spec_approve_loan/v2"), { amount: 13 }, auth);
      expect(reply.status).to.equal(500);
      expect(reply.body).to.deep.equal({ error: "Could not approve the loan" });
      expect(JSON.stringify(reply.body)).not.to.include("hunter2");
      expect(reports).to.have.length(1);
      expect((reports[0]!.error as Error).message).to.equal("database password is hunter2");
    });

    it("an unrenderable result answers the adapter's generic error, reported once by the response guard", async () => {
      const reply = await postJson(url("/http_spec_locate/v1"), {}, auth);
      expect(reply.status).to.equal(500);
      expect(reply.body).to.deep.equal({ error: "The tool could not produce a valid response" });
      expect(reports).to.have.length(1);
      expect(reports[0]).to.include({ action: "HttpSpec.Locate", phase: "adapter response" });
      expect((reports[0]!.error as Error).name).to.equal("UnserializableValue");
    });

    it("in development the mapping bug is rethrown by the guard, still answered as JSON and reported only once", async () => {
      configureAxn({ env: "development" });
      try {
        const reply = await postJson(url("/http_spec_locate/v1"), {}, auth);
        expect(reply.status).to.equal(500);
        expect(reply.body).to.deep.equal({ error: "The tool could not produce a valid response" });
        expect(reports).to.have.length(1);
        expect(reports[0]).to.include({ action: "HttpSpec.Locate", phase: "adapter response" });
      } finally {
        configureAxn({ env: "test" });
      }
    });

    it("a throwing serve.authenticate answers a generic JSON 500 and is reported", async () => {
      const failing = await serve({
        port: 0,
        tools,
        serving: servingPolicy({
          authenticate: () => {
            throw new Error("token store is down at 10.0.0.3");
          },
        }),
      });
      try {
        const reply = await postJson(`${failing.url}/api/http_spec_ping/v1`, {});
        expect(reply.status).to.equal(500);
        expect(reply.body).to.deep.equal({ error: "Internal server error" });
        expect(reports).to.have.length(1);
        // Reported by the serving policy that ran it, under the transport it serves.
        expect(reports[0]).to.include({ action: "@axn/sdk", phase: "http authenticate" });
      } finally {
        await failing.close();
      }
    });
  });
});
