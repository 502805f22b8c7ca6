/**
 * Access on resources and prompts under `axn serve` (child process, Streamable HTTP on loopback,
 * the real SDK `Client`): the fixture app authenticates two principals by bearer token and admits
 * anonymous callers (test/fixtures/resource-access). Each caller's initialize, listings and
 * refusals are what a user of the CLI sees; the in-process details (audit, list_changed) are
 * resource-access.spec.ts.
 */
import { expect } from "chai";
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { SHOWN } from "../../fixtures/resource-access/surface.js";
import { axnBin, readUntil, repo } from "../../support/axn-child.js";

const config = join(repo, "test/fixtures/resource-access/axn.config.ts");

describe("axn serve: access on MCP resources and prompts (child process)", function () {
  this.timeout(120_000); // a hang guard for a loaded machine, not a budget
  let child: ChildProcess;
  let url: URL;
  const clients: Client[] = [];
  before(async () => {
    const { PORT: _port, NODE_ENV: _env, ...env } = process.env;
    child = spawn(process.execPath, [axnBin, "serve", "--config", config, "--port", "0"], { cwd: repo, env });
    const banner = await readUntil(child, "Press Ctrl+C to stop.\n");
    url = new URL(`${/on (http:\/\/[\d.]+:\d+)\n/.exec(banner)![1]!}/mcp`);
  });
  after(async () => {
    await Promise.all(clients.map((client) => client.close()));
    child.kill("SIGKILL");
  });

  async function connect(token?: string): Promise<Client> {
    const client = new Client({ name: "serve-access", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(url, {
        requestInit: { headers: token === undefined ? {} : { authorization: `Bearer ${token}` } },
      }),
    );
    clients.push(client);
    return client;
  }

  it("advertises listChanged for the restricted resources and prompts in initialize", async () => {
    const capabilities = (await connect()).getServerCapabilities();
    expect([capabilities?.resources, capabilities?.prompts]).to.deep.equal([
      { subscribe: true, listChanged: true },
      { listChanged: true },
    ]);
  });

  it("shows each caller its own view and answers the rest as missing; the agent reads and gets them", async () => {
    const [anonymous, bob, ada] = await Promise.all([connect(), connect("t-bob"), connect("t-ada")]);
    for (const [label, client] of [
      ["anonymous", anonymous!],
      ["bob", bob!],
      ["ada", ada!],
    ] as const) {
      expect(
        {
          resources: (await client.listResources()).resources.map((resource) => resource.uri),
          templates: (await client.listResourceTemplates()).resourceTemplates.map((template) => template.name),
          prompts: (await client.listPrompts()).prompts.map((prompt) => prompt.name),
        },
        label,
      ).to.deep.equal(SHOWN[label]);
    }
    const refused = await bob!.readResource({ uri: "tickets://1" }).then(
      () => undefined,
      (error: { code: number; message: string }) => [error.code, error.message],
    );
    expect(refused).to.deep.equal([-32602, "MCP error -32602: Resource not found: tickets://1"]);
    const unknown = await bob!.readResource({ uri: "tickets-archive://1" }).then(
      () => undefined,
      (error: { code: number; message: string }) => [error.code, error.message],
    );
    expect(unknown).to.deep.equal([-32602, "MCP error -32602: Resource not found: tickets-archive://1"]);
    const prompt = await anonymous!.getPrompt({ name: "escalate", arguments: { ticketId: "1" } }).then(
      () => undefined,
      (error: { message: string }) => error.message,
    );
    expect(prompt).to.equal("MCP error -32602: Prompt escalate not found");
    expect((await ada!.readResource({ uri: "tickets://1" })).contents).to.deep.equal([
      { uri: "tickets://1", mimeType: "text/plain", text: '{"id":"1","status":"open"}' },
    ]);
    expect((await ada!.getPrompt({ name: "escalate", arguments: { ticketId: "1" } })).messages).to.deep.equal([
      { role: "user", content: { type: "text", text: "Escalate ticket 1 to the on-call engineer." } },
    ]);
    expect((await bob!.readResource({ uri: "internal://runbook" })).contents[0]).to.deep.include({
      text: "Restart the queue first.",
    });
  });
});
