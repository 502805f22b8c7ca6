/**
 * A tool that asks its caller, over HTTP through a spawned `axn serve` (the asking fixture app,
 * real sockets, plain `fetch`): the call answers 428 with `inputRequests` and a signed
 * `requestState`; the retry — an `application/vnd.axn.answers+json` body with the same arguments,
 * the state and the answers — runs the body again with the
 * answers, and the side effect after the question happens exactly once. The state is refused —
 * one refusal for all — when altered, replayed by another caller, sent with other arguments or
 * expired (a server whose `http.requestStateTtlSeconds` is 1); answers are checked (shape, key,
 * the form's own validation); declined answers reach the body; two rounds; an event-stream client
 * sees `input_required`; the served OpenAPI document lists the 428 and the answers' media type, and
 * to each caller only the operations it may call (issue 29 item 7), while `axn openapi` prints all.
 */
import { expect } from "chai";
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SwaggerParser from "@apidevtools/swagger-parser";
import { EventSourceParserStream } from "eventsource-parser/stream";
import { axnBin, readUntil, repo, runAxn } from "../support/axn-child.js";

const config = join(repo, "test/fixtures/ask-http/axn.config.ts");

type Json = { [key: string]: unknown };

interface Reply {
  readonly status: number;
  readonly body: Json;
}

const ADA = { authorization: "Bearer ada-token" };
const BOB = { authorization: "Bearer bob-token" };

const REFUSED = {
  error:
    "The requestState is invalid, has expired or was issued for another caller or call: call again with the arguments alone (application/json) to start over",
};

const ARCHIVE_QUESTION = {
  confirm: {
    kind: "elicit",
    message: "Archive reports?",
    requestedSchema: {
      type: "object",
      properties: {
        confirm: { description: "Archive it now", type: "boolean" },
        label: { description: "Label of the archive", type: "string", minLength: 2, default: "archive" },
      },
      required: ["confirm"],
    },
  },
};

const needs = (tool: string): string =>
  `${tool} needs input: answer each of inputRequests and call again with Content-Type: application/vnd.axn.answers+json and { "arguments", "requestState", "inputResponses" }`;

const ANSWERS = { "content-type": "application/vnd.axn.answers+json" };

describe("axn serve: a tool that asks, answered over HTTP with a 428 and a retry (child process, plain fetch)", function () {
  this.timeout(120_000);
  const children = new Set<ChildProcess>();
  let folder = "";
  const effects = (): string[] => {
    const file = join(folder, "effects");
    return existsSync(file) ? readFileSync(file, "utf8").trim().split("\n") : [];
  };
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), "axn-ask-http-"));
  });
  afterEach(() => {
    for (const child of children) child.kill("SIGKILL");
    children.clear();
    rmSync(folder, { recursive: true, force: true });
  });

  const start = async (env: NodeJS.ProcessEnv = {}): Promise<string> => {
    const { PORT: _port, NODE_ENV: _env, ...base } = process.env;
    const child = spawn(process.execPath, [axnBin, "serve", "--config", config, "--port", "0"], {
      cwd: repo,
      env: { ...base, ASK_EFFECTS_FILE: join(folder, "effects"), ...env },
    });
    children.add(child);
    const banner = await readUntil(child, "Press Ctrl+C to stop.\n");
    return `${/on (http:\/\/[\d.]+:\d+)\n/.exec(banner)![1]!}/api`;
  };

  const post = async (url: string, body: unknown, headers: Record<string, string> = {}): Promise<Reply> => {
    // Content-Type first, so a caller's own (the answers' media type) replaces it.
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Json };
  };

  const postAnswers = (url: string, body: unknown, headers: Record<string, string> = {}): Promise<Reply> =>
    post(url, body, { ...headers, ...ANSWERS });

  /** The body of a retry: the same arguments, the state, the answers. */
  const retry = (args: Json, asked: Reply, inputResponses: Json): Json => ({
    arguments: args,
    requestState: asked.body["requestState"],
    inputResponses,
  });

  it("428 with the question and a signed state; the retry with the answer succeeds, the side effect happens once", async () => {
    const api = await start();
    const asked = await post(`${api}/archive_folder/v1`, { folder: "reports" }, ADA);
    expect(asked.status).to.equal(428);
    const { requestState, ...rest } = asked.body;
    expect(rest).to.deep.equal({
      error: needs("archive_folder"),
      status: "input_required",
      inputRequests: ARCHIVE_QUESTION,
    });
    expect(requestState).to.be.a("string");
    expect(effects()).to.deep.equal([]);

    const answer = { confirm: { action: "accept", content: { confirm: true } } };
    const done = await postAnswers(`${api}/archive_folder/v1`, retry({ folder: "reports" }, asked, answer), ADA);
    expect(done).to.deep.equal({ status: 200, body: { archived: "reports", label: "archive" } });
    expect(effects()).to.deep.equal(["archived reports as archive"]);
  });

  it("refuses the state, the same way, when tampered with, replayed by another caller, or sent with other arguments", async () => {
    const api = await start();
    const asked = await post(`${api}/archive_folder/v1`, { folder: "reports" }, ADA);
    const answer = { confirm: { action: "accept", content: { confirm: true } } };
    const state = asked.body["requestState"] as string;
    // One character of the signed payload changed.
    const flipped = `${state[0] === "A" ? "B" : "A"}${state.slice(1)}`;
    const tampered = { arguments: { folder: "reports" }, requestState: flipped, inputResponses: answer };
    const attempts = [
      await postAnswers(`${api}/archive_folder/v1`, tampered, ADA),
      await postAnswers(`${api}/archive_folder/v1`, retry({ folder: "reports" }, asked, answer), BOB),
      await postAnswers(`${api}/archive_folder/v1`, retry({ folder: "reports" }, asked, answer)),
      await postAnswers(`${api}/archive_folder/v1`, retry({ folder: "invoices" }, asked, answer), ADA),
    ];
    expect(attempts).to.deep.equal(attempts.map(() => ({ status: 400, body: REFUSED })));
    expect(effects()).to.deep.equal([]);
    // The genuine retry still works.
    expect(
      (await postAnswers(`${api}/archive_folder/v1`, retry({ folder: "reports" }, asked, answer), ADA)).status,
    ).to.equal(200);
    expect(effects()).to.deep.equal(["archived reports as archive"]);
  });

  it("refuses an expired state (http.requestStateTtlSeconds: 1)", async () => {
    const api = await start({ ASK_TTL_SECONDS: "1" });
    const asked = await post(`${api}/archive_folder/v1`, { folder: "reports" }, ADA);
    expect(asked.status).to.equal(428);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const late = await postAnswers(
      `${api}/archive_folder/v1`,
      retry({ folder: "reports" }, asked, { confirm: { action: "accept", content: { confirm: true } } }),
      ADA,
    );
    expect(late).to.deep.equal({ status: 400, body: REFUSED });
    expect(effects()).to.deep.equal([]);
  });

  it("checks each answer: its shape, its key, the form's own validation; a declined one reaches the body", async () => {
    const api = await start();
    const asked = await post(`${api}/archive_folder/v1`, { folder: "reports" }, ADA);
    const again = (inputResponses: Json): Promise<Reply> =>
      postAnswers(`${api}/archive_folder/v1`, retry({ folder: "reports" }, asked, inputResponses), ADA);
    expect(await again({ confirm: { action: "yes" } })).to.deep.equal({
      status: 400,
      body: {
        error:
          'The answer to the elicit question "confirm" must be {"action":"accept","content":{…}}, {"action":"decline"} or {"action":"cancel"}',
      },
    });
    expect(await again({ other: { action: "decline" } })).to.deep.equal({
      status: 400,
      body: { error: "inputResponses.other answers no open question of this requestState; its questions: confirm" },
    });
    const short = "label: Too small: expected string to have >=2 characters";
    expect(await again({ confirm: { action: "accept", content: { confirm: true, label: "x" } } })).to.deep.equal({
      status: 400,
      body: { error: short, fieldErrors: [{ field: "label", message: short }] },
    });
    expect(await again({ confirm: { action: "decline" } })).to.deep.equal({
      status: 422,
      body: { error: "kept reports (decline)" },
    });
    expect(await again({ confirm: { action: "cancel" } })).to.deep.equal({
      status: 422,
      body: { error: "kept reports (cancel)" },
    });
    // A body of answers that is not { arguments, requestState, inputResponses } (here: the bare arguments).
    expect(await postAnswers(`${api}/archive_folder/v1`, { folder: "reports" }, ADA)).to.deep.equal({
      status: 400,
      body: {
        error:
          'A body of type application/vnd.axn.answers+json must be { "arguments": { … }, "requestState": "…", "inputResponses": { "<key>": <answer> } }: the call\'s arguments, the requestState of its 428 reply and an answer to each of its inputRequests',
      },
    });
    // A background call has nobody to ask: it carries no answers.
    expect(
      await postAnswers(`${api}/archive_folder/v1?async=1`, retry({ folder: "reports" }, asked, {}), ADA),
    ).to.deep.equal({
      status: 400,
      body: {
        error:
          "A background call (?async=1, Prefer: respond-async) cannot carry answers: nobody is there to ask; send its arguments as application/json",
      },
    });
    expect(effects()).to.deep.equal([]);
  });

  it("two rounds: the second question, asked knowing the first answer, then the result; one side effect", async () => {
    const api = await start();
    const args = { table: 4 };
    const first = await post(`${api}/order_pizza/v1`, args);
    expect([first.status, Object.keys(first.body["inputRequests"] as Json)]).to.deep.equal([428, ["q0"]]);
    const pizza = { q0: { action: "accept", content: { size: "large", cheese: true } } };
    const second = await postAnswers(`${api}/order_pizza/v1`, retry(args, first, pizza));
    expect([second.status, second.body["inputRequests"]]).to.deep.equal([
      428,
      {
        q1: {
          kind: "elicit",
          message: "Who is the large pizza for?",
          requestedSchema: {
            type: "object",
            properties: { name: { description: "Name on the order", type: "string", minLength: 1 } },
            required: ["name"],
          },
        },
      },
    ]);
    // The later state carries the first answer: only the new question is answered.
    const done = await postAnswers(
      `${api}/order_pizza/v1`,
      retry(args, second, { q1: { action: "accept", content: { name: "Ada" } } }),
    );
    expect(done).to.deep.equal({
      status: 200,
      body: { order: "table 4: large, 8 slices, extra cheese, for Ada" },
    });
    expect(effects()).to.deep.equal(["table 4: large, 8 slices, extra cheese, for Ada"]);
  });

  it("an event-stream client sees input_required (a roots and a sample question asked together), then answers both", async () => {
    const api = await start();
    const stream = async (
      body: unknown,
      contentType = "application/json",
    ): Promise<{ event: string | undefined; data: Json }[]> => {
      const response = await fetch(`${api}/summarize_roots/v1`, {
        method: "POST",
        headers: { "content-type": contentType, accept: "text/event-stream" },
        body: JSON.stringify(body),
      });
      const events: { event: string | undefined; data: Json }[] = [];
      const reader = response
        .body!.pipeThrough(new TextDecoderStream())
        .pipeThrough(new EventSourceParserStream())
        .getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return events;
        events.push({ event: value.event, data: JSON.parse(value.data) as Json });
      }
    };
    const asked = await stream({});
    expect(asked.map((e) => e.event)).to.deep.equal(["input_required", "result"]);
    expect(asked[0]!.data["inputRequests"]).to.deep.equal({
      roots: { kind: "roots" },
      hello: { kind: "sample", messages: [{ role: "user", content: "Say hello to the folders" }], maxTokens: 20 },
    });
    expect(asked[1]!.data["status"]).to.equal(428);
    const answered = await stream(
      {
        arguments: {},
        requestState: asked[0]!.data["requestState"],
        inputResponses: {
          roots: { roots: [{ uri: "file:///work", name: "work" }, { uri: "file:///home" }] },
          hello: { text: "Hello, folders", model: "test-model" },
        },
      },
      "application/vnd.axn.answers+json",
    );
    expect(answered).to.deep.equal([
      { event: "result", data: { status: 200, body: { summary: "Hello, folders (test-model)", roots: 2 } } },
    ]);
  });

  it("the served OpenAPI document lists the 428, the answers' media type and the declared requires, and validates", async () => {
    const api = await start();
    const response = await fetch(`${api}/openapi.json`);
    const document = (await response.json()) as Json;
    const archive = (document["paths"] as Json)["/api/archive_folder/v1"] as { post: Json };
    expect((archive.post["responses"] as Json)["428"]).to.deep.equal({ $ref: "#/components/responses/InputRequired" });
    expect(archive.post["x-axn-requires"]).to.deep.equal(["elicit"]);
    const content = (archive.post["requestBody"] as { content: Record<string, { schema: Json }> }).content;
    expect(Object.keys(content)).to.deep.equal(["application/json", "application/vnd.axn.answers+json"]);
    expect(Object.keys(content["application/vnd.axn.answers+json"]!.schema["properties"] as Json)).to.deep.equal([
      "arguments",
      "requestState",
      "inputResponses",
    ]);
    await SwaggerParser.validate(structuredClone(document) as never);
  });

  it("the served OpenAPI document lists to each caller what it may call; axn openapi prints every operation", async () => {
    const api = await start();
    const toolsIn = async (headers: Record<string, string>): Promise<string[]> => {
      const document = (await (await fetch(`${api}/openapi.json`, { headers })).json()) as Json;
      return Object.keys(document["paths"] as Json).filter((path) => /\/v\d+$/.test(path));
    };
    const everyone = [
      "/api/archive_folder/v1",
      "/api/import_rows/v1",
      "/api/order_pizza/v1",
      "/api/summarize_roots/v1",
    ];
    expect(await toolsIn({})).to.deep.equal(everyone);
    expect(await toolsIn(BOB)).to.deep.equal(everyone);
    expect(await toolsIn(ADA)).to.deep.equal([...everyone, "/api/purge_archives/v1"].sort());
    const printed = await runAxn(["openapi", "--config", config]);
    expect(printed.code).to.equal(0);
    const all = Object.keys((JSON.parse(printed.stdout) as Json)["paths"] as Json).filter((path) =>
      /\/v\d+$/.test(path),
    );
    expect(all).to.deep.equal([...everyone, "/api/purge_archives/v1"].sort());
  });
});
