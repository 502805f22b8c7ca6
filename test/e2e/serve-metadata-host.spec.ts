/**
 * Issue 29, item 7: the OAuth Protected Resource Metadata document `axn serve` answers (RFC 9728,
 * `/.well-known/oauth-protected-resource/mcp`) sits behind the same Host check as `/api` and
 * `/mcp` — through a spawned `axn serve` on the example app (authentication configured, loopback
 * bind). Before, a request with `Host: evil.example` was answered `resource: "http://evil.example/mcp"`,
 * cacheable for an hour: what a DNS-rebinding page needs to point an OAuth client elsewhere.
 * (That `serve.publicUrl` names the resource whatever the headers say: serve-auth-followups.spec.ts.)
 */
import { expect } from "chai";
import { spawn, type ChildProcess } from "node:child_process";
import { get as httpGet } from "node:http";
import { join } from "node:path";
import { axnBin, exitOf, readUntil, repo } from "../support/axn-child.js";

const config = join(repo, "docs/examples/helpdesk/axn.config.ts");

/** A GET with this Host header (node:http sends the one given; fetch would not). */
function getWithHost(
  port: number,
  path: string,
  host: string,
): Promise<{ readonly status: number; readonly headers: Record<string, unknown>; readonly body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpGet({ host: "127.0.0.1", port, path, headers: { host }, agent: false }, (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body }));
    });
    request.on("error", reject);
  });
}

describe("axn serve: the protected resource metadata behind the Host check (child process, example app)", function () {
  this.timeout(120_000); // a hang guard for a loaded machine, not a budget
  let child: ChildProcess | undefined;
  afterEach(async () => {
    child?.kill("SIGKILL");
    if (child !== undefined) await exitOf(child);
    child = undefined;
  });

  it("a Host the server does not answer is 403 with no document; its own Host gets the document naming it", async () => {
    const { PORT: _port, NODE_ENV: _env, ...env } = process.env;
    child = spawn(process.execPath, [axnBin, "serve", "--config", config, "--port", "0"], { cwd: repo, env });
    const banner = await readUntil(child, "Press Ctrl+C to stop.\n");
    const url = new URL(/on (http:\/\/[\d.]+:\d+)\n/.exec(banner)![1]!);
    const port = Number(url.port);
    const path = "/.well-known/oauth-protected-resource/mcp";

    const evil = await getWithHost(port, path, "evil.example");
    expect([evil.status, JSON.parse(evil.body)]).to.deep.equal([
      403,
      { error: 'Forbidden: host "evil.example" is not allowed' },
    ]);
    expect(evil.headers["cache-control"]).to.equal(undefined);
    expect((await getWithHost(port, "/.well-known/oauth-protected-resource", "evil.example:80")).status).to.equal(403);

    const own = await getWithHost(port, path, url.host);
    expect(own.status).to.equal(200);
    expect((JSON.parse(own.body) as { resource: string }).resource).to.equal(`${url.origin}/mcp`);
  });
});
