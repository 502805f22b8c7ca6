/**
 * `publicOrigin`: the origin a server names in its RFC 9728 document and 401 challenges —
 * `serve.publicUrl` outright, else the forwarded scheme and host only with `serve.trustProxy`
 * (first hop; a forwarded value that is not a host is ignored), else the request's own origin.
 */
import { expect } from "chai";
import { protectedResourceMetadataUrl, publicOrigin, servingConfig, type HeaderReader } from "@axn/sdk/serving";
import { resetKernel } from "@axn/sdk/testing";

const headers =
  (values: Record<string, string>): HeaderReader =>
  (name) =>
    values[name];
const FALLBACK = "http://10.0.0.5:3000";

describe("publicOrigin (serve.publicUrl, serve.trustProxy)", () => {
  beforeEach(resetKernel);
  afterEach(resetKernel);

  it("is the request's origin by default, whatever X-Forwarded-* claim", () => {
    expect(
      publicOrigin(
        headers({ host: "10.0.0.5:3000", "x-forwarded-proto": "https", "x-forwarded-host": "evil.example" }),
        FALLBACK,
      ),
    ).to.equal(FALLBACK);
  });

  it("is serve.publicUrl without its trailing slash, path kept", () => {
    servingConfig.configure((c) => (c.publicUrl = "https://tools.example.com/axn/"));
    expect(publicOrigin(headers({ "x-forwarded-host": "evil.example" }), FALLBACK)).to.equal(
      "https://tools.example.com/axn",
    );
    const request = new Request("http://10.0.0.5:3000/mcp", { headers: { host: "10.0.0.5:3000" } });
    expect(protectedResourceMetadataUrl(request, "/mcp")).to.equal(
      "https://tools.example.com/axn/.well-known/oauth-protected-resource/mcp",
    );
  });

  it("with trustProxy reads the first hop of X-Forwarded-Proto / -Host, and ignores a value that is not a host", () => {
    servingConfig.configure((c) => (c.trustProxy = true));
    expect(
      publicOrigin(
        headers({
          host: "10.0.0.5:3000",
          "x-forwarded-proto": "https, http",
          "x-forwarded-host": "tools.example.com, proxy.internal",
        }),
        FALLBACK,
      ),
    ).to.equal("https://tools.example.com");
    expect(publicOrigin(headers({ host: "10.0.0.5:3000", "x-forwarded-proto": "HTTPS" }), FALLBACK)).to.equal(
      "https://10.0.0.5:3000",
    );
    expect(publicOrigin(headers({ host: "10.0.0.5:3000", "x-forwarded-proto": "gopher" }), FALLBACK)).to.equal(
      "http://10.0.0.5:3000",
    );
    expect(
      publicOrigin(headers({ host: "10.0.0.5:3000", "x-forwarded-host": "evil.example/path" }), FALLBACK),
    ).to.equal(FALLBACK);
    expect(
      publicOrigin(headers({ host: "10.0.0.5:3000", "x-forwarded-host": "user@evil.example" }), FALLBACK),
    ).to.equal(FALLBACK);
  });

  it("refuses a publicUrl that is not an absolute http(s) URL without query or fragment", () => {
    for (const bad of ["tools.example.com", "ftp://tools.example.com", "https://tools.example.com/?a=1"]) {
      expect(() => servingConfig.configure((c) => (c.publicUrl = bad)), bad).to.throw(
        'expected null or an http(s) URL without query or fragment, e.g. "https://tools.example.com"',
      );
    }
  });
});
