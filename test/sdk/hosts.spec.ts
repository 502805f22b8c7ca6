/**
 * The Host check both HTTP-served transports share (`@axn/sdk/adapter`): port-agnostic, any letter
 * case, IPv6 literals with or without brackets, and a bounded memory of verdicts.
 */
import { expect } from "chai";
import { hostCheck, hostnameOf, isLoopbackHostname, LOOPBACK_HOSTS } from "@axn/sdk/adapter";

describe("@axn/sdk/adapter: Host check", () => {
  it("reads the host name a Host header names, as URL parses it", () => {
    expect(hostnameOf("localhost:8787")).to.equal("localhost");
    expect(hostnameOf("API.Example")).to.equal("api.example");
    expect(hostnameOf("[::1]:3000")).to.equal("[::1]");
    expect(hostnameOf("127.1")).to.equal("127.0.0.1");
    for (const bad of ["", "a b", "host:99999", "[::1"]) expect(hostnameOf(bad), bad).to.equal(undefined);
  });

  it("tells a loopback bind address", () => {
    for (const host of ["localhost", "LOCALHOST", "127.0.0.1", "127.3.2.1", "::1", "[::1]"])
      expect(isLoopbackHostname(host), host).to.equal(true);
    for (const host of ["0.0.0.0", "10.0.0.1", "example.com", "128.0.0.1"])
      expect(isLoopbackHostname(host), host).to.equal(false);
  });

  it("answers loopback names by default and nothing else, whatever the port", () => {
    const allowed = hostCheck(LOOPBACK_HOSTS);
    for (const host of ["localhost", "localhost:8787", "127.0.0.1:1", "[::1]:3000", "LocalHost"])
      expect(allowed(host), host).to.equal(true);
    for (const host of ["evil.example", "evil.example:8787", "localhost.evil.example", "", null, undefined])
      expect(allowed(host), String(host)).to.equal(false);
  });

  it("normalises the list: letter case, and IPv6 with or without brackets", () => {
    const allowed = hostCheck(["API.Internal", "::1"]);
    expect([
      allowed("api.internal"),
      allowed("api.internal:443"),
      allowed("[::1]:80"),
      allowed("localhost"),
    ]).to.deep.equal([true, true, true, false]);
  });

  it("keeps every verdict right past the headers it remembers", () => {
    const allowed = hostCheck(["good.example"]);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 200; i++) {
        expect(allowed(`bad-${i}.example`)).to.equal(false);
        expect(allowed(`good.example:${1000 + i}`)).to.equal(true);
      }
    }
  });
});
