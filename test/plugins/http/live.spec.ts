/**
 * Live reports and media over HTTP, on loopback: a request with `Accept: text/event-stream` reads
 * the action's progress and log events, then the result, as Server-Sent Events (parsed by
 * eventsource-parser, the SSE parser the MCP SDK itself uses) — a question as `input_required`
 * before a 428 result, and the retry with its answers; the same request without it gets JSON; the OpenAPI document describes both; an image expose is JSON with
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

/** The media type of a retry carrying the answers to a 428. */
const ANSWERS = "application/vnd.axn.answers+json";

interface Event {
  readonly event: string | undefined;
  readonly data: unknown;
}

/** POSTs `body` asking for an event stream and reads every event until the server ends it. */
async function streamEvents(
  url: string,
  body: unknown,
  contentType = "application/json",
): Promise<{ status: number; contentType: string | null; events: Event[] }> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": contentType, accept: "text/event-stream" },
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
    // ImportContacts asks first (ctx.elicit): the stream ends with its question, and the retry streams the run.
    const asked = await streamEvents(url("/import_contacts/v1"), { rows: 2 });
    const scan = {
      event: "log",
      data: { level: "info", logger: "AgentTools.ImportContacts", data: { step: "scan", rows: 2 } },
    };
    expect(asked.events.map((e) => e.event)).to.deep.equal(["log", "input_required", "result"]);
    expect(asked.events[0]).to.deep.equal(scan);
    const { requestState } = asked.events[1]!.data as { requestState: string };
    const { status, contentType, events } = await streamEvents(
      url("/import_contacts/v1"),
      {
        arguments: { rows: 2 },
        requestState,
        inputResponses: { q0: { action: "accept", content: { overwrite: false } } },
      },
      ANSWERS,
    );
    expect(status).to.equal(200);
    expect(contentType).to.equal("text/event-stream");
    expect(events).to.deep.equal([
      scan,
      { event: "progress", data: { progress: 1, total: 2, message: "row 1 of 2" } },
      { event: "progress", data: { progress: 2, total: 2, message: "row 2 of 2" } },
      { event: "log", data: { level: "notice", logger: "AgentTools.ImportContacts", data: "imported 2 contacts" } },
      { event: "result", data: { status: 200, body: { imported: 2, tag: "imported" } } },
    ]);
  });

  it("a plain JSON request gets the body, nothing streamed (after answering the tool's question)", async () => {
    const asked = await postJson(url("/import_contacts/v1"), { rows: 2 });
    expect(asked.status).to.equal(428);
    const reply = await postJson(
      url("/import_contacts/v1"),
      {
        arguments: { rows: 2 },
        requestState: (asked.body as { requestState: string }).requestState,
        inputResponses: { q0: { action: "accept", content: { overwrite: true, tag: "crm" } } },
      },
      { "content-type": ANSWERS },
    );
    expect(reply.status).to.equal(200);
    expect(reply.headers.get("content-type")).to.equal("application/json; charset=utf-8");
    expect(reply.body).to.deep.equal({ imported: 2, tag: "crm" });
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

  it("elicit and sample are asked over HTTP, one round each; supports says so (progress and log only on a stream)", async () => {
    const first = await streamEvents(url("/asks/v1"), {});
    expect(first.events.map((e) => e.event)).to.deep.equal(["input_required", "result"]);
    const elicitRound = first.events[0]!.data as { inputRequests: unknown; requestState: string };
    expect(elicitRound.inputRequests).to.deep.equal({
      q0: {
        kind: "elicit",
        message: "Name?",
        requestedSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
      },
    });
    const answers: Record<string, unknown> = { q0: { action: "accept", content: { name: "Ada" } } };
    const second = await streamEvents(
      url("/asks/v1"),
      { arguments: {}, requestState: elicitRound.requestState, inputResponses: answers },
      ANSWERS,
    );
    const sampleRound = second.events[0]!.data as { inputRequests: unknown; requestState: string };
    expect(sampleRound.inputRequests).to.deep.equal({
      q1: { kind: "sample", messages: [{ role: "user", content: "hi" }], maxTokens: 5 },
    });
    const last = await streamEvents(
      url("/asks/v1"),
      { arguments: {}, requestState: sampleRound.requestState, inputResponses: { q1: { text: "hello", model: "m" } } },
      ANSWERS,
    );
    expect(last.events).to.deep.equal([
      {
        event: "result",
        data: {
          status: 200,
          body: {
            answer: "accept/reply",
            supports: { progress: true, log: true, elicit: true, sample: true, roots: true },
          },
        },
      },
    ]);
    const plain = await postJson(url("/asks/v1"), {});
    expect(plain.status).to.equal(428);
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
        input_required: { $ref: "#/components/schemas/InputRequiredEvent" },
        result: { $ref: "#/components/schemas/ResultEvent" },
      },
    });
    await SwaggerParser.validate(structuredClone(document) as never);
  });
});
