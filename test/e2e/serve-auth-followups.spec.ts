/**
 * `axn serve` on the example app (child process, real sockets), for what the first pass on issue 17
 * left open: the public origin the server names in its challenges and RFC 9728 document
 * (`serve.publicUrl`; `X-Forwarded-Proto` / `X-Forwarded-Host` only with `serve.trustProxy`), and
 * `http.allowedHosts`, refused with a config error that says what to write (one Host policy serves
 * `/api` and `/mcp`). Each variant is a config importing the helpdesk's own, written beside it.
 */
import { expect } from "chai";
import { spawn, type ChildProcess } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { axnBin, readUntil, repo, runAxn } from "../support/axn-child.js";

const helpdesk = join(repo, "docs/examples/helpdesk");
const MCP_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };
const INIT = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "e2e", version: "1" } },
};

/** A config beside the helpdesk's: its own settings plus `extra` (a TS object literal). */
function variant(name: string, extra: string): string {
  const path = join(helpdesk, `.spec-${process.pid}-${name}.config.ts`);
  writeFileSync(
    path,
    [
      'import { defineConfig } from "@axn/sdk";',
      'import base from "./axn.config.js";',
      `const extra = ${extra};`,
      "export default defineConfig({ ...base, ...extra, serve: { ...base.serve, ...extra.serve } } as typeof base);",
      "",
    ].join("\n"),
  );
  return path;
}

describe("axn serve: public URL behind a proxy, and one Host setting (child process, example app)", function () {
  this.timeout(120_000);
  const children = new Set<ChildProcess>();
  const written: string[] = [];
  afterEach(() => {
    for (const child of children) child.kill("SIGKILL");
    children.clear();
  });
  after(() => {
    for (const path of written) rmSync(path, { force: true });
  });

  const start = async (configPath: string): Promise<string> => {
    const { PORT: _port, NODE_ENV: _env, ...env } = process.env;
    const child = spawn(process.execPath, [axnBin, "serve", "--config", configPath, "--port", "0"], { cwd: repo, env });
    children.add(child);
    const banner = await readUntil(child, "Press Ctrl+C to stop.\n");
    return /on (http:\/\/[\d.]+:\d+)\n/.exec(banner)![1]!;
  };
  const config = (name: string, extra: string): string => {
    const path = variant(name, extra);
    written.push(path);
    return path;
  };

  it("serve.publicUrl names the resource and the challenge's metadata URL, whatever Host or X-Forwarded-Proto say", async () => {
    const url = await start(config("public-url", '{ serve: { publicUrl: "https://tools.example.com/" } }'));
    const forged = { "x-forwarded-proto": "http", "x-forwarded-host": "evil.example" };
    const refused = await fetch(`${url}/mcp`, {
      method: "POST",
      headers: { ...MCP_HEADERS, authorization: "Bearer bogus", ...forged },
      body: JSON.stringify(INIT),
    });
    expect(refused.status).to.equal(401);
    expect(refused.headers.get("www-authenticate")).to.match(
      /, resource_metadata="https:\/\/tools\.example\.com\/\.well-known\/oauth-protected-resource\/mcp"$/,
    );
    const api = await fetch(`${url}/api/delete_ticket/v1`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer bogus" },
      body: "{}",
    });
    expect(api.headers.get("www-authenticate")).to.match(
      /, resource_metadata="https:\/\/tools\.example\.com\/\.well-known\/oauth-protected-resource\/api"$/,
    );
    const document = await (await fetch(`${url}/.well-known/oauth-protected-resource/mcp`, { headers: forged })).json();
    expect(document).to.deep.include({ resource: "https://tools.example.com/mcp" });
  });

  it("X-Forwarded-Proto and X-Forwarded-Host are ignored unless serve.trustProxy, and honoured with it", async () => {
    const forwarded = { "x-forwarded-proto": "https", "x-forwarded-host": "tools.example.com" };
    const plain = await start(join(helpdesk, "axn.config.ts"));
    const ignored = await (
      await fetch(`${plain}/.well-known/oauth-protected-resource/mcp`, { headers: forwarded })
    ).json();
    expect(ignored).to.deep.include({ resource: `${plain}/mcp` });
    for (const child of children) child.kill("SIGKILL");
    children.clear();

    const trusted = await start(config("trust-proxy", "{ serve: { trustProxy: true } }"));
    const honoured = await (
      await fetch(`${trusted}/.well-known/oauth-protected-resource/mcp`, { headers: forwarded })
    ).json();
    expect(honoured).to.deep.include({ resource: "https://tools.example.com/mcp" });
    const refused = await fetch(`${trusted}/mcp`, {
      method: "POST",
      headers: { ...MCP_HEADERS, authorization: "Bearer bogus", ...forwarded },
      body: JSON.stringify(INIT),
    });
    expect(refused.headers.get("www-authenticate")).to.match(
      /, resource_metadata="https:\/\/tools\.example\.com\/\.well-known\/oauth-protected-resource\/mcp"$/,
    );
    // Only the scheme forwarded: the Host the client sent stays the host.
    const scheme = await (
      await fetch(`${trusted}/.well-known/oauth-protected-resource/api`, { headers: { "x-forwarded-proto": "https" } })
    ).json();
    expect(scheme).to.deep.include({ resource: `${trusted.replace("http:", "https:")}/api` });
  });

  it("a publicUrl that is not an http(s) URL is a config error naming the setting", async () => {
    const run = await runAxn([
      "serve",
      "--config",
      config("bad-public-url", '{ serve: { publicUrl: "tools.example.com" } }'),
      "--port",
      "0",
    ]);
    expect(run.code).to.not.equal(0);
    expect(run.stderr).to.include("publicUrl");
    expect(run.stderr).to.include(
      'expected null or an http(s) URL without query or fragment, e.g. "https://tools.example.com"',
    );
  });

  it("http.allowedHosts is refused with a config error that says what to write; the same list as serve.allowedHosts is fine", async () => {
    const run = await runAxn([
      "serve",
      "--config",
      config("http-hosts", '{ http: { toolRoots: ["agent_tools"], allowedHosts: ["tools.example.internal"] } }'),
      "--port",
      "0",
    ]);
    expect(run.code).to.not.equal(0);
    expect(run.stderr).to.include(
      'http.allowedHosts is not applied under axn serve, which answers one Host policy on /api and /mcp alike: write serve: { allowedHosts: ["tools.example.internal"] } in axn.config instead, and remove http.allowedHosts',
    );
    const url = await start(
      config(
        "same-hosts",
        '{ http: { toolRoots: ["agent_tools"], allowedHosts: ["127.0.0.1"] }, serve: { allowedHosts: ["127.0.0.1"] } }',
      ),
    );
    const listed = await fetch(`${url}/api/list_tickets/v1`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(listed.status).to.equal(200);
  });
});
