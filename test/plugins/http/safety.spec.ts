/**
 * Safe by default: prototype keys in bodies stay data, no CORS unless configured, and a server on
 * loopback answers only loopback Host names (DNS rebinding).
 */
import { expect } from "chai";
import { createHttpApp, serve } from "axn-plugin-http";
import { ApproveLoanV1, Inspect, Ping } from "./fixtures.js";
import { postText, raw, send, withHttpHost, withServer } from "./support.js";

const tools = [ApproveLoanV1, Inspect, Ping];

describe("axn-plugin-http: safe by default", () => {
  withHttpHost();

  describe("prototype keys in a body", () => {
    const server = withServer(() => ({ tools }));
    const url = (path: string): string => `${server().url}/api${path}`;

    for (const key of ["__proto__", "constructor", "prototype"]) {
      it(`a top-level ${key} key is reported as an unknown input`, async () => {
        const reply = await postText(url("/http_spec_approve_loan/v1"), `{"amount": 5, "${key}": {"polluted": true}}`);
        expect(reply.status).to.equal(400);
        expect(reply.body).to.deep.equal({
          error: `Could not approve the loan: unknown input: ${key}`,
          fieldErrors: [{ field: key, message: `unknown input: ${key}` }],
        });
        expect(Object.prototype).not.to.have.property("polluted");
        expect(({} as Record<string, unknown>)["polluted"]).to.equal(undefined);
      });
    }

    it("a nested __proto__ key reaches the action as data on an object with no prototype", async () => {
      const reply = await postText(
        url("/http_spec_inspect/v1"),
        '{"payload": {"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}}',
      );
      expect(reply.status).to.equal(200);
      expect(reply.body).to.deep.equal({ keys: ["__proto__", "constructor"], prototypeIsNull: true, polluted: false });
      expect(Object.prototype).not.to.have.property("polluted");
    });
  });

  describe("CORS", () => {
    describe("not configured", () => {
      const server = withServer(() => ({ tools }));

      it("sends no CORS headers, answers no preflight, and refuses a foreign origin by the server's one Origin policy", async () => {
        const call = await send(`${server().url}/api/http_spec_ping/v1`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: "https://app.example" },
          body: "{}",
        });
        expect(call.status).to.equal(403);
        expect(call.body).to.deep.equal({ error: 'Forbidden: origin "https://app.example" is not allowed' });
        expect(call.headers.get("access-control-allow-origin")).to.equal(null);
        const sameOrigin = await send(`${server().url}/api/http_spec_ping/v1`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: server().url },
          body: "{}",
        });
        expect(sameOrigin.status).to.equal(200);
        const preflight = await send(`${server().url}/api/http_spec_ping/v1`, {
          method: "OPTIONS",
          headers: { origin: "https://app.example", "access-control-request-method": "POST" },
        });
        expect(preflight.status).to.equal(403);
        expect(preflight.headers.get("access-control-allow-origin")).to.equal(null);
      });
    });

    describe("configured", () => {
      const server = withServer(() => ({ tools, cors: { origin: ["https://app.example"] } }));

      it("answers the preflight and marks responses for the configured origin only", async () => {
        const preflight = await send(`${server().url}/api/http_spec_ping/v1`, {
          method: "OPTIONS",
          headers: {
            origin: "https://app.example",
            "access-control-request-method": "POST",
            "access-control-request-headers": "content-type",
          },
        });
        expect(preflight.status).to.equal(204);
        expect(preflight.headers.get("access-control-allow-origin")).to.equal("https://app.example");
        expect(preflight.headers.get("access-control-allow-methods")).to.equal("GET,HEAD,POST");
        expect(preflight.headers.get("access-control-allow-headers")).to.equal("Content-Type,Authorization");

        const call = await send(`${server().url}/api/http_spec_ping/v1`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: "https://app.example" },
          body: "{}",
        });
        expect(call.status).to.equal(200);
        expect(call.headers.get("access-control-allow-origin")).to.equal("https://app.example");
        expect(call.body).to.deep.equal({ message: "pong" });

        const other = await send(`${server().url}/api/http_spec_ping/v1`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: "https://evil.example" },
          body: "{}",
        });
        expect(other.headers.get("access-control-allow-origin")).to.equal(null);
      });
    });
  });

  describe("Host header on loopback (DNS rebinding)", () => {
    const server = withServer(() => ({ tools }));

    it("refuses a Host that is not a loopback name with 403", async () => {
      const reply = await raw(`${server().url}/api/http_spec_ping/v1`, {
        headers: { host: `evil.example:${server().port}`, "content-type": "application/json" },
        chunks: ["{}"],
      });
      expect(reply.status).to.equal(403);
      expect(reply.body).to.deep.equal({ error: "Host not allowed" });
    });

    for (const host of ["localhost", "127.0.0.1", "LOCALHOST"]) {
      it(`answers Host ${host}`, async () => {
        const reply = await raw(`${server().url}/api/http_spec_ping/v1`, {
          headers: { host: `${host}:${server().port}`, "content-type": "application/json" },
          chunks: ["{}"],
        });
        expect(reply.status).to.equal(200);
      });
    }

    it("each verdict stays right when Hosts alternate, and past the number of verdicts remembered", async () => {
      const port = server().port;
      const hosts = Array.from({ length: 80 }, (_, i) => [
        `evil-${i}.example:${port}`,
        `127.0.0.1:${port}`,
        `evil-${i}.example:${port}`,
      ]).flat();
      for (const host of [...hosts, "evil-3.example", `localhost:${port}`]) {
        const reply = await raw(`${server().url}/api/http_spec_ping/v1`, {
          headers: { host, "content-type": "application/json" },
          chunks: ["{}"],
        });
        expect(reply.status, host).to.equal(host.startsWith("evil") ? 403 : 200);
      }
    });

    it("createHttpApp({ allowedHosts }) checks the Host itself, before routing, on any runtime", async () => {
      const app = createHttpApp({ tools, allowedHosts: ["api.internal"] });
      const post = (host: string, path: string): Promise<Response> =>
        Promise.resolve(
          app.fetch(
            new Request(`http://${host}/api${path}`, {
              method: "POST",
              headers: { host, "content-type": "application/json" },
              body: "{}",
            }),
          ),
        );
      const allowed = await post("api.internal", "/http_spec_ping/v1");
      expect([allowed.status, await allowed.json()]).to.deep.equal([200, { message: "pong" }]);
      for (const path of ["/http_spec_ping/v1", "/no_such_tool/v1"]) {
        const refused = await post("evil.example", path);
        expect([refused.status, await refused.json()], path).to.deep.equal([403, { error: "Host not allowed" }]);
      }
    });

    it("an explicit allowedHosts list wins, and a public bind has no default list", async () => {
      const listed = await serve({ port: 0, tools, allowedHosts: ["api.internal"] });
      try {
        const ok = await raw(`${listed.url}/api/http_spec_ping/v1`, {
          headers: { host: "api.internal", "content-type": "application/json" },
          chunks: ["{}"],
        });
        expect(ok.status).to.equal(200);
        const refused = await raw(`${listed.url}/api/http_spec_ping/v1`, {
          headers: { host: `localhost:${listed.port}`, "content-type": "application/json" },
          chunks: ["{}"],
        });
        expect(refused.status).to.equal(403);
      } finally {
        await listed.close();
      }
    });
  });

  it("binds to loopback unless told otherwise", async () => {
    const handle = await serve({ port: 0, tools });
    try {
      expect(handle.hostname).to.equal("127.0.0.1");
      expect(handle.url).to.equal(`http://127.0.0.1:${handle.port}`);
    } finally {
      await handle.close();
    }
  });
});
