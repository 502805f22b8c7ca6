/**
 * docs/plugins/http.md runs as written: its quick-start app (docs/examples/snippets/http-app — the
 * action, `axn.config.ts` with its `authenticate`, `server.ts`) is started in a child process the
 * way a user starts it (on a free port instead of 8787), and every `curl` exchange in the page's
 * console blocks is executed with the real `curl` and compared with the output the page shows.
 * The page's client that answers a tool's questions (docs/examples/snippets/http-ask-client.ts) runs
 * against the same server. The page's API examples (docs/examples/snippets/http-api.ts) run in process.
 */
import { expect } from "chai";
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { mountMcp, oneOperation } from "../../../docs/examples/snippets/http-api.js";
import { callTool } from "../../../docs/examples/snippets/http-ask-client.js";
import { createKernelHost } from "@axn/core/internal";
import httpPlugin from "axn-plugin-http";
import mcpPlugin from "axn-plugin-mcp";
import { resetKernel } from "@axn/sdk/testing";

const run = promisify(execFile);
const HERE = dirname(fileURLToPath(import.meta.url));
const DOC = join(HERE, "../../../docs/plugins/http.md");
const APP = join(HERE, "../../../docs/examples/snippets/http-app");
const DOC_ORIGIN = "http://127.0.0.1:8787";

interface Exchange {
  readonly command: string;
  readonly output: string;
}

/** The `$ curl …` commands of the page's console blocks, each with the output printed under it. */
function exchanges(markdown: string): Exchange[] {
  const found: Exchange[] = [];
  for (const block of markdown.matchAll(/```console\n([\s\S]*?)```/g)) {
    const lines = block[1]!.split("\n");
    for (let i = 0; i < lines.length; i++) {
      if (!lines[i]!.startsWith("$ ")) continue;
      let command = lines[i]!.slice(2);
      while (command.endsWith("\\")) command = `${command.slice(0, -1)} ${lines[++i]!.trim()}`;
      const output: string[] = [];
      while (i + 1 < lines.length && !lines[i + 1]!.startsWith("$ ") && lines[i + 1] !== "") output.push(lines[++i]!);
      found.push({ command, output: output.join("\n") });
    }
  }
  return found;
}

/** Starts `server.ts` in the app folder and resolves with the line it prints. */
function start(): Promise<{ child: ChildProcess; line: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    cwd: APP,
    env: { ...process.env, PORT: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let stdout = "";
    let stderr = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
      const line = stdout.split("\n").find((l) => l.startsWith("listening on "));
      if (line !== undefined) resolve({ child, line });
    });
    child.stderr!.on("data", (chunk: Buffer) => void (stderr += chunk.toString("utf8")));
    child.on("exit", (code) => reject(new Error(`server.ts exited with ${code}: ${stderr}`)));
  });
}

describe("axn-plugin-http: docs/plugins/http.md", () => {
  describe("the quick start, run as written", () => {
    let child: ChildProcess | undefined;
    let url = "";
    before(async function () {
      this.timeout(30_000);
      const started = await start();
      child = started.child;
      expect(started.line).to.match(/^listening on http:\/\/127\.0\.0\.1:\d+$/);
      url = started.line.slice("listening on ".length);
    });
    after(() => void child?.kill());

    const all = exchanges(readFileSync(DOC, "utf8"));

    it("shows curl exchanges", () => {
      expect(all.length).to.be.greaterThanOrEqual(5);
    });

    for (const [index, exchange] of all.entries()) {
      it(`exchange ${index + 1}: ${exchange.command.slice(0, 70)}…`, async () => {
        const command = exchange.command.replaceAll(DOC_ORIGIN, url);
        const { stdout } = await run("sh", ["-c", command]);
        // "…" in the page elides the rest of a long body.
        const [shown, elided] = exchange.output.split("…");
        if (elided === undefined) expect(stdout).to.equal(exchange.output);
        else expect(stdout.startsWith(shown!), stdout.slice(0, 200)).to.equal(true);
      });
    }
    it("the page's client answers the tool's question and gets the result (428, then the retry)", async () => {
      const asked: unknown[] = [];
      const result = await callTool(`${url}/api/archive_report/v1`, { report: "q3" }, "s3cret", (question, key) => {
        asked.push([key, question.kind, question.message]);
        return { action: "accept", content: { confirm: true } };
      });
      expect(asked).to.deep.equal([["confirm", "elicit", "Archive q3?"]]);
      expect(result).to.deep.equal({ archived: "q3", label: "archive" });
      const declined = await callTool(`${url}/api/archive_report/v1`, { report: "q3" }, "s3cret", () => ({
        action: "decline",
      }));
      expect(declined).to.deep.equal({ error: "kept q3" });
    });
  });

  describe("the API examples", () => {
    beforeEach(() => {
      resetKernel();
      const host = createKernelHost();
      httpPlugin.apply(host, undefined);
      mcpPlugin.apply(host, undefined);
      host.freeze();
    });
    afterEach(resetKernel);

    it("one operation, invoked without HTTP", async () => {
      const { operation, listed } = await oneOperation();
      expect([
        operation.route,
        operation.operationId,
        listed.toolName,
        listed.toolVersion,
        listed.method,
      ]).to.deep.equal(["/approve_loan/v2", "approve_loan_v2", "approve_loan", 2, "POST"]);
      expect(listed.semanticHints).to.deep.equal(["idempotent"]);
      const reply = await operation.invoke({ amount: 500 }, { ambientContext: { principal: { id: "officer-7" } } });
      expect([reply.status, reply.body]).to.deep.equal([
        200,
        { approved: true, amount: 500, currency: "EUR", officerId: "officer-7" },
      ]);
    });

    it("another transport mounted on the same app", async () => {
      const { server, mcp } = await mountMcp();
      try {
        const response = await fetch(`${server.url}/mcp`, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
          body: JSON.stringify({
            jsonrpc: "2.0",
            id: 1,
            method: "initialize",
            params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "docs", version: "1" } },
          }),
        });
        expect(response.status).to.equal(200);
        expect(response.headers.get("mcp-session-id")).to.be.a("string");
      } finally {
        await mcp.close();
        await server.close();
      }
    });
  });
});
