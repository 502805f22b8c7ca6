/**
 * The serving policy's rules, one by one: the Host/Origin decision every HTTP transport shares
 * (127/8 and [::1] alike, repeated Host headers, explicit lists, origins), what `authenticate`'s
 * verdicts become (principal, admitted anonymous, 401 with the challenge, a refusal's status, a
 * throw kept on the server), `staticTokens`, and `AXN_PRINCIPAL`.
 */
import { expect } from "chai";
import { authenticateRequest, hostPolicy, principalFromEnv, servingConfig, servingPolicy } from "@axn/sdk/serving";
import { refuse, staticTokens } from "@axn/sdk/auth";
import { resetKernel } from "@axn/sdk/testing";
import { captureReports } from "../support/reports.js";

describe("@axn/sdk/serving: the one serving policy", () => {
  beforeEach(resetKernel);
  afterEach(resetKernel);

  describe("Host", () => {
    it("on a loopback bind answers every 127/8 address, [::1] and localhost, any port; nothing else", () => {
      for (const bind of ["127.0.0.1", "127.0.0.2", "::1", "localhost"]) {
        const policy = hostPolicy({ hostname: bind });
        const verdicts = [
          "127.0.0.1:3000",
          "127.0.0.2:3000",
          "127.255.255.254",
          "[::1]:3000",
          "localhost:3000",
          "LOCALHOST",
          "evil.example:3000",
          "127.0.0.1.evil.example",
          "",
          null,
        ].map((host) => [host, policy.checkHost(host) ?? "ok"]);
        expect(verdicts, bind).to.deep.equal([
          ["127.0.0.1:3000", "ok"],
          ["127.0.0.2:3000", "ok"],
          ["127.255.255.254", "ok"],
          ["[::1]:3000", "ok"],
          ["localhost:3000", "ok"],
          ["LOCALHOST", "ok"],
          ["evil.example:3000", 'Forbidden: host "evil.example" is not allowed'],
          ["127.0.0.1.evil.example", 'Forbidden: host "127.0.0.1.evil.example" is not allowed'],
          ["", 'Forbidden: host "" is not allowed'],
          [null, 'Forbidden: host "" is not allowed'],
        ]);
      }
    });

    it("refuses a repeated Host header everywhere, with the check on or off", () => {
      for (const policy of [
        hostPolicy({ hostname: "127.0.0.1" }),
        hostPolicy({ hostname: "0.0.0.0" }),
        hostPolicy({ hostname: "127.0.0.1", allowedHosts: false }),
      ]) {
        expect(policy.checkHost("127.0.0.1:3000, evil.example")).to.equal(
          "Forbidden: the request has more than one Host header",
        );
      }
    });

    it("an explicit list (the option, else serve.allowedHosts) replaces the loopback default; a public bind checks nothing", () => {
      expect(
        hostPolicy({ hostname: "127.0.0.1", allowedHosts: ["tools.example.internal"] }).checkHost("127.0.0.1"),
      ).to.equal('Forbidden: host "127.0.0.1" is not allowed');
      servingConfig.configure((c) => (c.allowedHosts = ["tools.example.internal"]));
      const configured = hostPolicy({ hostname: "0.0.0.0" });
      expect([
        configured.checkHost("tools.example.internal:8080"),
        configured.checkHost("other.example"),
      ]).to.deep.equal([undefined, 'Forbidden: host "other.example" is not allowed']);
      servingConfig.reset();
      expect(hostPolicy({ hostname: "0.0.0.0" }).checkHost("anything.example")).to.equal(undefined);
    });
  });

  describe("Origin", () => {
    it("absent passes; otherwise it must name an allowed host, or be listed exactly; same-origin when Host is not checked", () => {
      const loopback = hostPolicy({ hostname: "127.0.0.1" });
      expect([
        loopback.checkOrigin(null, "127.0.0.1"),
        loopback.checkOrigin("http://localhost:5173", "127.0.0.1"),
        loopback.checkOrigin("https://evil.example", "127.0.0.1"),
      ]).to.deep.equal([undefined, undefined, 'Forbidden: origin "https://evil.example" is not allowed']);
      const listed = hostPolicy({ hostname: "127.0.0.1", allowedOrigins: ["https://app.example.com"] });
      expect([
        listed.checkOrigin("https://app.example.com", "x"),
        listed.checkOrigin("http://localhost", "x"),
      ]).to.deep.equal([undefined, 'Forbidden: origin "http://localhost" is not allowed']);
      const open = hostPolicy({ hostname: "0.0.0.0" });
      expect([
        open.checkOrigin("http://tools.example:80", "tools.example:80"),
        open.checkOrigin("https://evil.example", "tools.example"),
      ]).to.deep.equal([undefined, 'Forbidden: origin "https://evil.example" is not allowed']);
    });
  });

  describe("authenticate", () => {
    const reports = captureReports();
    const request = (authorization?: string) =>
      new Request("http://127.0.0.1:3000/mcp", authorization === undefined ? {} : { headers: { authorization } });
    const tokens = staticTokens({ s3cret: { id: "ops", scopes: ["tickets:write"] } });

    it("without serve.authenticate every caller is anonymous; with it, a token is its principal", async () => {
      expect(await authenticateRequest(request("Bearer s3cret"), "/mcp", "spec")).to.deep.equal({
        ok: true,
        principal: null,
      });
      servingConfig.configure((c) => (c.authenticate = tokens));
      expect(await authenticateRequest(request("Bearer s3cret"), "/mcp", "spec")).to.deep.equal({
        ok: true,
        principal: { id: "ops", scopes: ["tickets:write"] },
      });
      expect(servingPolicy().authenticates).to.equal(true);
    });

    it("no credentials is 401 with the resource metadata challenge, unless serve.anonymous admits it", async () => {
      servingConfig.configure((c) => (c.authenticate = tokens));
      expect(await authenticateRequest(request(), "/mcp", "spec")).to.deep.equal({
        ok: false,
        status: 401,
        message: "Unauthorized: send Authorization: Bearer <token>",
        headers: {
          "www-authenticate":
            'Bearer resource_metadata="http://127.0.0.1:3000/.well-known/oauth-protected-resource/mcp"',
        },
      });
      servingConfig.configure((c) => (c.anonymous = true));
      expect(await authenticateRequest(request(), "/mcp", "spec")).to.deep.equal({ ok: true, principal: null });
    });

    it("a refusal carries its RFC 6750 error and status; a malformed header is invalid_request (400)", async () => {
      servingConfig.configure((c) => (c.authenticate = tokens));
      const unknown = await authenticateRequest(request("Bearer nope"), "/api", "spec");
      expect(unknown).to.deep.include({
        status: 401,
        message: "Unauthorized: The bearer token is not valid; send a token this server issued",
      });
      const malformed = await authenticateRequest(request("Basic b3BzOnMzY3JldA=="), "/api", "spec");
      expect(malformed).to.deep.include({
        status: 400,
        message: "Unauthorized: The Authorization header must be `Bearer <token>`",
      });
      servingConfig.configure((c) => (c.authenticate = () => refuse("tickets:admin is needed", "insufficient_scope")));
      const scope = await authenticateRequest(request("Bearer s3cret"), "/api", "spec");
      expect(scope).to.deep.equal({
        ok: false,
        status: 403,
        message: "Forbidden: tickets:admin is needed",
        headers: {
          "www-authenticate":
            'Bearer error="insufficient_scope", error_description="tickets:admin is needed", resource_metadata="http://127.0.0.1:3000/.well-known/oauth-protected-resource/api"',
        },
      });
    });

    it("a throwing authenticate is reported once and answered 500, its message kept on the server", async () => {
      servingConfig.configure(
        (c) =>
          (c.authenticate = () => {
            throw new Error("db password is hunter2");
          }),
      );
      const verdict = await authenticateRequest(request("Bearer s3cret"), "/mcp", "spec");
      expect(verdict).to.deep.equal({ ok: false, status: 500, message: "Internal server error", headers: {} });
      expect(reports.map(({ error, action, phase }) => [(error as Error).message, action, phase])).to.deep.equal([
        ["db password is hunter2", "@axn/sdk", "spec authenticate"],
      ]);
    });
  });

  it("AXN_PRINCIPAL: an id or a JSON principal; anything else is no principal", () => {
    expect(principalFromEnv("ana")).to.deep.equal({ id: "ana" });
    expect(principalFromEnv('{"id":"ana","roles":["agent"]}')).to.deep.equal({ id: "ana", roles: ["agent"] });
    expect(principalFromEnv(undefined)).to.equal(null);
    expect(principalFromEnv(" ")).to.equal(null);
  });
});
