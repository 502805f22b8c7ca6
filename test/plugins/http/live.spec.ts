/**
 * Live reports and media over HTTP, on loopback: a request with `Accept: text/event-stream` reads
 * the action's progress and log events, then the result, as Server-Sent Events (parsed by
 * eventsource-parser, the SSE parser the MCP SDK itself uses); the same request without it gets
 * exactly today's JSON; the OpenAPI document describes both; an image expose is JSON with
 * `mimeType` and base64 `data`.
 */
import { expect } from "chai";
import { EventSourceParserStream } from "eventsource-parser/stream";
import { z } from "zod";
import { defineAxn } from "@axn/core";
import { buildOpenApiDocument, HttpAdapter } from "axn-plugin-http";
import SwaggerParser from "@apidevtools/swagger-parser";
import { ImportContacts } from "../../../docs/examples/snippets/live.js";
import { PIXEL_PNG, RenderChart } from "../../../docs/examples/snippets/media.js";
import { captureReports } from "../../support/reports.js";
import { postJson, withHttpHost, withServer } from "./support.js";

interface Event {
  readonly event: string | undefined;
  readonly data: unknown;
}

/** POSTs `body` asking for an event stream and reads every event until the server ends it. */
async function streamEvents(
  url: string,
  body: unknown,
): Promise<{ status: number; contentType: string | null; events: Event[] }> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "text/event-stream" },
    body: JSON.stringify(body),
  });
  const events: Event[] = [];
  const reader = response
    .body!.pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream())
    .getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    events.push({ event: value.event, data: JSON.parse(value.data) as unknown });
  }
  return { status: response.status, contentType: response.headers.get("content-type"), events };
}

const Unencodable = defineAxn({
  name: "Unencodable",
  call: (_input, { notify }) => {
    notify("info", { big: 1n });
  },
});

const Asks = defineAxn({
  name: "Asks",
  exposes: { answer: z.string(), supports: z.record(z.string(), z.boolean()) },
  call: async (_input, { elicit, sample, supports }) => {
    const asked = await elicit("Name?", { name: z.string() });
    const sampled = await sample({ messages: "hi", maxTokens: 5 });
    return { answer: `${asked.action}/${sampled.action}`, supports: { ...supports } };
  },
});

let aborted: (reason: unknown) => void = () => {};
const Waits = defineAxn({
  name: "Waits",
  call: async (_input, { progress, signal }) => {
    progress(1);
    await new Promise<void>((resolve) =>
      signal.addEventListener(
        "abort",
        () => {
          aborted(signal.reason);
          resolve();
        },
        { once: true },
      ),
    );
  },
});

describe("axn-plugin-http: live reports as Server-Sent Events, and media", () => {
  withHttpHost();
  const reports = captureReports();
  const server = withServer(() => ({ tools: [ImportContacts, RenderChart, Unencodable, Asks, Waits] }));
  const url = (path: string): string => `${server().url}/api${path}`;

  it("Accept: text/event-stream → progress and log events, then one result event with the plain reply", async () => {
    const { status, contentType, events } = await streamEvents(url("/import_contacts/v1"), { rows: 2 });
    expect(status).to.equal(200);
    expect(contentType).to.equal("text/event-stream");
    expect(events).to.deep.equal([
      { event: "log", data: { level: "info", logger: "AgentTools.ImportContacts", data: { step: "scan", rows: 2 } } },
      { event: "progress", data: { progress: 1, total: 2, message: "row 1 of 2" } },
      { event: "progress", data: { progress: 2, total: 2, message: "row 2 of 2" } },
      { event: "log", data: { level: "notice", logger: "AgentTools.ImportContacts", data: "imported 2 contacts" } },
      { event: "result", data: { status: 200, body: { imported: 2, tag: "imported" } } },
    ]);
  });

  it("a plain JSON request behaves exactly as before: the body, nothing streamed", async () => {
    const reply = await postJson(url("/import_contacts/v1"), { rows: 2 });
    expect(reply.status).to.equal(200);
    expect(reply.headers.get("content-type")).to.equal("application/json; charset=utf-8");
    expect(reply.body).to.deep.equal({ imported: 2, tag: "imported" });
  });

  it("a refused call streams its status and body as the result; errors before the call stay plain JSON", async () => {
    const refused = await streamEvents(url("/import_contacts/v1"), { rows: 0 });
    expect(refused.events).to.deep.equal([
      {
        event: "result",
        data: {
          status: 400,
          body: {
            error: "rows: Too small: expected number to be >=1",
            fieldErrors: [{ field: "rows", message: "rows: Too small: expected number to be >=1" }],
          },
        },
      },
    ]);
    const response = await fetch(url("/import_contacts/v1"), {
      method: "POST",
      headers: { "content-type": "text/plain", accept: "text/event-stream" },
      body: "{}",
    });
    expect(response.status).to.equal(415);
    expect(await response.json()).to.deep.equal({ error: "Content-Type must be application/json" });
  });

  it("elicit and sample are unavailable over HTTP; supports says only progress and log reach the client", async () => {
    const streamed = await streamEvents(url("/asks/v1"), {});
    expect(streamed.events).to.deep.equal([
      {
        event: "result",
        data: {
          status: 200,
          body: {
            answer: "unavailable/unavailable",
            supports: { progress: true, log: true, elicit: false, sample: false, roots: false },
          },
        },
      },
    ]);
    const plain = await postJson(url("/asks/v1"), {});
    expect(plain.body).to.deep.equal({
      answer: "unavailable/unavailable",
      supports: { progress: false, log: false, elicit: false, sample: false, roots: false },
    });
  });

  it("a log value with no JSON form is reported and left out of the stream; the call still succeeds", async () => {
    const { events } = await streamEvents(url("/unencodable/v1"), {});
    expect(events).to.deep.equal([
      { event: "result", data: { status: 200, body: { message: "Action completed successfully" } } },
    ]);
    expect(reports.map((r) => r.phase)).to.deep.equal(["live log"]);
  });

  it("closing the stream aborts ctx.signal", async () => {
    const sawAbort = new Promise<unknown>((resolve) => (aborted = resolve));
    const client = new AbortController();
    const response = await fetch(url("/waits/v1"), {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream" },
      body: "{}",
      signal: client.signal,
    });
    const reader = response
      .body!.pipeThrough(new TextDecoderStream())
      .pipeThrough(new EventSourceParserStream())
      .getReader();
    expect((await reader.read()).value?.event).to.equal("progress");
    client.abort();
    expect(String(await sawAbort)).to.equal("Error: client disconnected");
  });

  it("an image expose is JSON with its mimeType and base64 data", async () => {
    const reply = await postJson(url("/render_chart/v1"), { quarter: "Q3" });
    expect(reply.body).to.deep.equal({
      chart: { type: "image", mimeType: "image/png", data: PIXEL_PNG },
      caption: "Revenue, Q3",
    });
  });

  it("the OpenAPI document describes the JSON reply and the event stream, and validates", async () => {
    const document = buildOpenApiDocument([HttpAdapter.wrap(ImportContacts)], {
      basePath: "/api",
      authenticated: false,
      maxBodyBytes: 1000,
    });
    type Content = Record<string, unknown>;
    const paths = document.paths as Record<string, { post: { responses: Record<string, { content: Content }> } }>;
    const ok = paths["/api/import_contacts/v1"]!.post.responses["200"]!;
    expect(Object.keys(ok.content)).to.deep.equal(["application/json", "text/event-stream"]);
    expect(ok.content["text/event-stream"]).to.deep.equal({
      schema: { $ref: "#/components/schemas/LiveEventStream" },
      "x-axn-events": {
        progress: { $ref: "#/components/schemas/ProgressEvent" },
        log: { $ref: "#/components/schemas/LogEvent" },
        result: { $ref: "#/components/schemas/ResultEvent" },
      },
    });
    await SwaggerParser.validate(structuredClone(document) as never);
  });
});
