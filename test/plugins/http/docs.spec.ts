/**
 * docs/plugins/http.md runs: its quick-start action and `authenticate` are restated here, served on
 * a real loopback server, and every `curl` exchange in the page's console blocks is executed with
 * the real `curl` and compared with the output the page shows.
 */
import { expect } from "chai";
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { z } from "zod/v3";
import { defineAxn } from "@axn/core";
import { withHttpHost, withServer } from "./support.js";

const run = promisify(execFile);
const DOC = join(dirname(fileURLToPath(import.meta.url)), "../../../docs/plugins/http.md");
const DOC_ORIGIN = "http://127.0.0.1:8787";

const ApproveLoanV2 = defineAxn({
  name: "AgentTools.ApproveLoan.V2",
  description: "Approves a loan for the signed-in officer",
  tool: ["http"],
  toolVersion: 2,
  semanticHints: ["idempotent"],
  messages: { error: "Could not approve the loan" },
  expects: {
    amount: { schema: z.number().int().positive(), description: "In cents" },
    currency: { schema: z.enum(["EUR", "USD"]), default: "EUR" },
    officerId: { schema: z.string(), on: "ambientContext" },
  },
  exposes: { approved: z.boolean(), amount: z.number(), currency: z.string(), officerId: z.string() },
  call: ({ amount, currency, officerId }, ctx) => {
    if (amount > 100_000) ctx.fail("the amount is over the limit");
    return { approved: true, amount, currency, officerId };
  },
});

const tokens = new Map([["s3cret", "officer-7"]]);

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

describe("axn-plugin-http: docs/plugins/http.md", () => {
  withHttpHost();
  const server = withServer(() => ({
    port: 0,
    tools: [ApproveLoanV2],
    authenticate: (request) => {
      const officerId = tokens.get(request.headers.get("authorization")?.replace(/^Bearer /, "") ?? "");
      return officerId === undefined ? null : { officerId };
    },
  }));

  const all = exchanges(readFileSync(DOC, "utf8"));

  it("shows curl exchanges", () => {
    expect(all.length).to.be.greaterThanOrEqual(5);
  });

  for (const [index, exchange] of all.entries()) {
    it(`exchange ${index + 1}: ${exchange.command.slice(0, 70)}…`, async () => {
      const command = exchange.command.replaceAll(DOC_ORIGIN, server().url);
      const { stdout } = await run("sh", ["-c", command]);
      // "…" in the page elides the rest of a long body.
      const [shown, elided] = exchange.output.split("…");
      if (elided === undefined) expect(stdout).to.equal(exchange.output);
      else expect(stdout.startsWith(shown!), stdout.slice(0, 200)).to.equal(true);
    });
  }
});
