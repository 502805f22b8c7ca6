/**
 * The MCP Inspector's CLI (`@modelcontextprotocol/inspector --cli`, a client none of this code
 * wrote) against `axn serve` on the conformance app, over stdio (the Inspector launches
 * `axn serve --stdio mcp`) and over Streamable HTTP (a running `axn serve`): it lists and calls
 * tools, lists and reads resources (fixed, templated — listed in the app's config — and the one its
 * `configureServer` adds through the raw SDK API), and lists and gets prompts (discovered under its
 * tool root).
 */
import { expect } from "chai";
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { axnBin, readUntil, repo } from "../support/axn-child.js";

const INSPECTOR = join(repo, "node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js");
const APP = join(repo, "test/fixtures/conformance-app");
const CONFIG = join(APP, "axn.config.ts");

const TOOLS = [
  "confirm_delete",
  "failing_job",
  "greet",
  "json_schema_2020_12_tool",
  "multi_input",
  "protocol_error_job",
  "slow_compute",
  "test_audio_content",
  "test_elicitation",
  "test_elicitation_sep1034_defaults",
  "test_elicitation_sep1330_enums",
  "test_embedded_resource",
  "test_error_handling",
  "test_image_content",
  "test_input_required_result_capabilities",
  "test_input_required_result_elicitation",
  "test_input_required_result_list_roots",
  "test_input_required_result_multi_round",
  "test_input_required_result_multiple_inputs",
  "test_input_required_result_request_state",
  "test_input_required_result_sampling",
  "test_input_required_result_tampered_state",
  "test_logging_tool",
  "test_missing_capability",
  "test_multiple_content_types",
  "test_reconnection",
  "test_sampling",
  "test_simple_text",
  "test_streaming_elicitation",
  "test_tool_with_logging",
  "test_tool_with_progress",
  "test_tool_with_task",
];
const RESOURCES = ["test://static-text", "test://static-binary", "test://watched-resource", "axn://server-info"];
// Discovered under the tool root: a module's exports in name order.
const PROMPTS = [
  "test_input_required_result_prompt",
  "test_prompt_with_arguments",
  "test_prompt_with_embedded_resource",
  "test_prompt_with_image",
  "test_simple_prompt",
];

/** The Inspector exits 5 after printing a tool result with `isError: true`. */
const TOOL_IS_ERROR_EXIT = 5;

/** Runs one Inspector CLI call against `target` and returns its JSON result (the first stdout line). */
function inspect(target: readonly string[], args: readonly string[], exitCode = 0): Promise<Record<string, unknown>> {
  const { PORT: _port, ...env } = process.env;
  return new Promise((done, fail) => {
    execFile(
      process.execPath,
      [INSPECTOR, "--cli", "--format", "json", ...target, ...args],
      { cwd: tmpdir(), env },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : error.code;
        if (code !== exitCode)
          return fail(
            new Error(`inspector ${args.join(" ")} exited ${String(code)}, not ${exitCode}:\n${stdout}\n${stderr}`),
          );
        const parsed = JSON.parse(stdout.split("\n")[0]!) as { result?: Record<string, unknown> };
        if (parsed.result === undefined)
          return fail(new Error(`inspector ${args.join(" ")} answered no result: ${stdout}`));
        done(parsed.result);
      },
    );
  });
}

const names = (list: unknown, key: string): unknown[] => (list as Record<string, unknown>[]).map((entry) => entry[key]);

function drive(label: string, target: () => readonly string[]): void {
  it(`${label}: lists and calls tools, lists and reads resources, lists and gets prompts`, async () => {
    const on = target();
    expect(names((await inspect(on, ["--method", "tools/list"]))["tools"], "name")).to.deep.equal(TOOLS);
    expect(await inspect(on, ["--method", "tools/call", "--tool-name", "test_simple_text"])).to.deep.equal({
      content: [{ type: "text", text: "This is a simple text response for testing." }],
    });
    expect(
      await inspect(on, ["--method", "tools/call", "--tool-name", "test_error_handling"], TOOL_IS_ERROR_EXIT),
    ).to.deep.equal({
      content: [{ type: "text", text: "This tool intentionally returns an error for testing: it always fails" }],
      isError: true,
    });

    // A media expose, rendered as the protocol's own image block after the action's message.
    expect(await inspect(on, ["--method", "tools/call", "--tool-name", "test_image_content"])).to.deep.equal({
      content: [
        { type: "text", text: "A 1×1 red pixel" },
        {
          type: "image",
          mimeType: "image/png",
          data: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==",
        },
      ],
    });

    expect(names((await inspect(on, ["--method", "resources/list"]))["resources"], "uri")).to.deep.equal(RESOURCES);
    expect(
      names((await inspect(on, ["--method", "resources/templates/list"]))["resourceTemplates"], "uriTemplate"),
    ).to.deep.equal(["test://template/{id}/data"]);
    expect(await inspect(on, ["--method", "resources/read", "--uri", "test://template/7/data"])).to.deep.equal({
      contents: [
        {
          uri: "test://template/7/data",
          mimeType: "application/json",
          text: '{"id":"7","templateTest":true,"data":"Data for ID: 7"}',
        },
      ],
    });
    expect(await inspect(on, ["--method", "resources/read", "--uri", "axn://server-info"])).to.deep.equal({
      contents: [
        { uri: "axn://server-info", mimeType: "application/json", text: '{"configuredBy":"configureServer"}' },
      ],
    });

    expect(names((await inspect(on, ["--method", "prompts/list"]))["prompts"], "name")).to.deep.equal(PROMPTS);
    expect(
      await inspect(on, [
        "--method",
        "prompts/get",
        "--prompt-name",
        "test_prompt_with_arguments",
        "--prompt-args",
        "arg1=a",
        "arg2=b",
      ]),
    ).to.deep.equal({
      description: "A prompt with required arguments",
      messages: [{ role: "user", content: { type: "text", text: "Prompt with arguments: arg1='a', arg2='b'" } }],
    });
  });
}

describe("the MCP Inspector CLI against axn serve (conformance app)", function () {
  // A hang guard, not a budget: every Inspector call starts a process (and, over stdio, the CLI too).
  this.timeout(300_000);

  describe("over stdio", () => {
    // The Inspector reads `--config` as its own flag, so the server command finds the app by its folder.
    drive("stdio", () => ["--cwd", APP, process.execPath, axnBin, "serve", "--stdio", "mcp"]);
  });

  describe("over Streamable HTTP", () => {
    let server: ChildProcess | undefined;
    let url = "";
    before(async () => {
      const { PORT: _port, ...env } = process.env;
      server = spawn(process.execPath, [axnBin, "serve", "--config", CONFIG, "--port", "0"], { cwd: tmpdir(), env });
      const banner = await readUntil(server, "Press Ctrl+C to stop.\n");
      const origin =
        /^Serving conformance-app \(32 MCP tools, 4 MCP resources, 5 MCP prompts\) on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(
          banner,
        )?.[1];
      expect(origin, banner).to.be.a("string");
      url = `${origin}/mcp`;
    });
    after(() => {
      server?.kill("SIGKILL");
    });
    drive("Streamable HTTP", () => ["--transport", "http", "--server-url", url]);
  });
});
