/**
 * docs/plugins/mcp.md runs as written: the page's app (docs/examples/snippets/mcp-app) is served
 * over stdio and over Streamable HTTP in child processes, the way a user starts it, and driven by
 * the SDK's real `Client`; the page's other examples (docs/examples/snippets/mcp-*.ts) run in
 * process. The strings the page shows are pinned here.
 */
import { expect } from "chai";
import { spawn, type ChildProcess } from "node:child_process";
import { createServer, connect } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Progress } from "@modelcontextprotocol/sdk/types.js";
import { defineAxn } from "@axn/core";
import { createKernelHost } from "@axn/core/internal";
import mcpPlugin, { createMcpServer, McpAdapter } from "axn-plugin-mcp";
import { z } from "zod";
import { optionLists } from "../../../docs/examples/snippets/mcp-api.js";
import { listing } from "../../../docs/examples/snippets/mcp-tool.js";
import { authenticatedHandler } from "../../../docs/examples/snippets/mcp-context.js";
import { imported, ImportRows } from "../../../docs/examples/snippets/mcp-progress.js";
import { textOf } from "./support.js";
import { resetKernel } from "@axn/sdk/testing";

const APP = join(dirname(fileURLToPath(import.meta.url)), "../../../docs/examples/snippets/mcp-app");

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function listening(port: number, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`mcp-http.ts exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1", () => resolve(socket.end() !== undefined));
      socket.on("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The app's one tool, as every transport must show it. */
async function checkTheApp(client: Client): Promise<void> {
  const { tools } = await client.listTools();
  expect(tools.map((t) => [t.name, t.description, t.annotations])).to.deep.equal([
    [
      "list_companies",
      "List the companies a user can see",
      { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    ],
  ]);
  expect(Object.keys((tools[0]!.inputSchema as { properties: object }).properties)).to.deep.equal(["limit"]); // userId: never in the schema
  const listed = await client.callTool({ name: "list_companies", arguments: { limit: "1" } });
  expect(listed.structuredContent).to.deep.equal({ companies: [{ name: "Acme" }], count: 1 });
  // §6, "wrong arguments": the text names the field.
  const wrong = await client.callTool({ name: "list_companies", arguments: { limit: "x", extra: 1 } });
  expect([wrong.isError, textOf(wrong)]).to.deep.equal([
    true,
    "Could not list companies: limit: Invalid input: expected number, received string; unknown input: extra",
  ]);
}

describe("axn-plugin-mcp: docs/plugins/mcp.md", function () {
  // A hang guard, not a budget: the child processes start tsx, the plugin and the SDK.
  this.timeout(60_000);

  it("§2: mcp-server.ts over stdio, from a real client", async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ["--import", "tsx", "mcp-server.ts"],
      cwd: APP,
      stderr: "pipe",
    });
    const client = new Client({ name: "docs", version: "1.0.0" });
    await client.connect(transport);
    try {
      await checkTheApp(client);
    } finally {
      await client.close();
    }
  });

  it("§3: mcp-http.ts over Streamable HTTP, from a real client", async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ["--import", "tsx", "mcp-http.ts"], {
      cwd: APP,
      env: { ...process.env, PORT: String(port) },
      stdio: "ignore",
    });
    try {
      await listening(port, child);
      const client = new Client({ name: "docs", version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(new URL(`http://localhost:${port}/mcp`)));
      try {
        await checkTheApp(client);
      } finally {
        await client.close();
      }
    } finally {
      child.kill();
    }
  });

  it("§4: the API listing matches the exports", () => {
    expect([optionLists, listing]).to.deep.equal([
      [true, true, true, true],
      [true, true],
    ]);
  });

  describe("in process", () => {
    beforeEach(() => {
      resetKernel();
      const host = createKernelHost();
      mcpPlugin.apply(host, undefined);
      host.freeze();
    });
    afterEach(() => {
      resetKernel();
    });

    it("§7: the serving policy's authenticate and serverContext put the token's user in the ambient context", async () => {
      defineAxn({
        name: "AgentTools.WhoAmI",
        tool: ["mcp"],
        expects: {
          userId: { schema: z.string(), on: "ambientContext" },
          sessionId: { schema: z.string(), on: "ambientContext" },
        },
        exposes: { userId: z.string(), session: z.boolean() },
        call: ({ userId, sessionId }) => ({ userId, session: sessionId.length > 0 }),
      });
      const mcp = authenticatedHandler();
      const fetchVia = (url: string | URL, init?: RequestInit) => mcp.fetch(new Request(url, init));
      try {
        const client = new Client({ name: "docs", version: "1.0.0" });
        await client.connect(
          new StreamableHTTPClientTransport(new URL("http://localhost/mcp"), {
            fetch: fetchVia,
            requestInit: { headers: { authorization: "Bearer t-ada" } },
          }),
        );
        const who = await client.callTool({ name: "who_am_i", arguments: {} });
        expect(who.structuredContent).to.deep.equal({ userId: "ada", session: true });
        await client.close();
        const post = (headers: Record<string, string>) =>
          mcp.fetch(
            new Request("http://localhost/mcp", {
              method: "POST",
              headers: { "content-type": "application/json", ...headers },
              body: "{}",
            }),
          );
        const anonymous = await post({});
        expect([
          anonymous.status,
          ((await anonymous.json()) as { error: { message: string } }).error.message,
        ]).to.deep.equal([401, "Unauthorized: send Authorization: Bearer <token>"]);
        const forged = await post({ authorization: "Bearer ada" });
        expect([forged.status, ((await forged.json()) as { error: { message: string } }).error.message]).to.deep.equal([
          401,
          "Unauthorized: Send Authorization: Bearer t-<user>",
        ]);
      } finally {
        await mcp.close();
      }
    });

    it("§7: progress reaches a client that sent a progress token", async () => {
      imported.length = 0;
      const server = createMcpServer({ name: "t", version: "1", tools: [McpAdapter.wrap(ImportRows)] });
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      const client = new Client({ name: "spec", version: "1" });
      await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
      const seen: Progress[] = [];
      const result = await client.callTool({ name: "import_rows", arguments: { rows: 3 } }, undefined, {
        onprogress: (p) => seen.push(p),
      });
      expect(result.structuredContent).to.deep.equal({ imported: 3 });
      expect(imported).to.deep.equal([1, 2, 3]);
      expect(seen.map((p) => [p.progress, p.total, p.message])).to.deep.equal([
        [0, 3, "importing row 1 of 3"],
        [1, 3, "importing row 2 of 3"],
        [2, 3, "importing row 3 of 3"],
      ]);
      await client.close();
    });

    it("§8: testing a tool through an in-memory client, or without the protocol", async () => {
      resetKernel(); // the snippet loads its app's host, as the page says to
      const { client, result, direct } = await import("../../../docs/examples/snippets/mcp-test.js");
      try {
        expect(result.structuredContent).to.deep.equal({ companies: [{ name: "Acme" }], count: 1 });
        expect(direct.structuredContent).to.deep.equal({ companies: [{ name: "Acme" }], count: 1 });
      } finally {
        await client.close();
      }
    });
  });
});
