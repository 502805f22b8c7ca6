/**
 * `axn tools` and `axn doctor` show what a transport serves besides the tools (its `catalog()`):
 * here the conformance app's MCP resources and resource template (listed in its config) and prompts
 * (discovered under its tool root, in export-name order), listed once although both MCP transports
 * (Streamable HTTP and stdio) serve them, in the table and in `--json`. The CLI names no plugin.
 */
import { expect } from "chai";
import { join } from "node:path";
import { repo, runAxn } from "../support/axn-child.js";

const APP = join(repo, "test/fixtures/conformance-app");

describe("axn tools / axn doctor: resources and prompts beside the tools", function () {
  this.timeout(120_000);

  it("axn tools lists them after the tool table", async () => {
    const run = await runAxn(["tools"], { cwd: APP });
    expect([run.code, run.stderr]).to.deep.equal([0, ""]);
    expect(run.stdout.split("\n\n")[1]).to.equal(
      [
        "KIND               NAME                                ADDRESS                    TRANSPORT  DESCRIPTION",
        "resource           static-text                         test://static-text         mcp        A static text resource for testing",
        "resource           static-binary                       test://static-binary       mcp        A static binary resource (image) for testing",
        "resource template  template                            test://template/{id}/data  mcp        A resource template with parameter substitution",
        "resource           watched-resource                    test://watched-resource    mcp        A resource clients subscribe to",
        "prompt             test_input_required_result_prompt   -                          mcp        Asks the user for the context to use, then returns a prompt with it",
        "prompt             test_prompt_with_arguments          -                          mcp        A prompt with required arguments",
        "prompt             test_prompt_with_embedded_resource  -                          mcp        A prompt that includes an embedded resource",
        "prompt             test_prompt_with_image              -                          mcp        A prompt that includes image content",
        "prompt             test_simple_prompt                  -                          mcp        A simple prompt without arguments",
        "",
      ].join("\n"),
    );
  });

  it("axn tools --json lists them after the tools, each row tagged with its kind; --adapter keeps only tools", async () => {
    const run = await runAxn(["tools", "--json"], { cwd: APP });
    expect([run.code, run.stderr]).to.deep.equal([0, ""]);
    const rows = JSON.parse(run.stdout) as { kind: string; name: string }[];
    const tools = rows.filter((row) => row.kind === "tool");
    expect(tools.length).to.be.greaterThan(0);
    expect(rows.slice(0, tools.length), "the tools come first").to.deep.equal(tools);
    expect(rows.slice(tools.length)).to.deep.equal([
      {
        kind: "resource",
        name: "static-text",
        address: "test://static-text",
        transport: "mcp",
        description: "A static text resource for testing",
      },
      {
        kind: "resource",
        name: "static-binary",
        address: "test://static-binary",
        transport: "mcp",
        description: "A static binary resource (image) for testing",
      },
      {
        kind: "resource template",
        name: "template",
        address: "test://template/{id}/data",
        transport: "mcp",
        description: "A resource template with parameter substitution",
      },
      {
        kind: "resource",
        name: "watched-resource",
        address: "test://watched-resource",
        transport: "mcp",
        description: "A resource clients subscribe to",
      },
      {
        kind: "prompt",
        name: "test_input_required_result_prompt",
        address: null,
        transport: "mcp",
        description: "Asks the user for the context to use, then returns a prompt with it",
      },
      {
        kind: "prompt",
        name: "test_prompt_with_arguments",
        address: null,
        transport: "mcp",
        description: "A prompt with required arguments",
      },
      {
        kind: "prompt",
        name: "test_prompt_with_embedded_resource",
        address: null,
        transport: "mcp",
        description: "A prompt that includes an embedded resource",
      },
      {
        kind: "prompt",
        name: "test_prompt_with_image",
        address: null,
        transport: "mcp",
        description: "A prompt that includes image content",
      },
      {
        kind: "prompt",
        name: "test_simple_prompt",
        address: null,
        transport: "mcp",
        description: "A simple prompt without arguments",
      },
    ]);
    const mcpOnly = JSON.parse((await runAxn(["tools", "--adapter", "mcp", "--json"], { cwd: APP })).stdout) as {
      kind: string;
    }[];
    expect(mcpOnly.map((row) => row.kind)).to.deep.equal(tools.map(() => "tool"));
  });

  it("axn doctor reports them per transport", async () => {
    const run = await runAxn(["doctor"], { cwd: APP });
    expect(run.code).to.equal(0);
    expect(run.stdout).to.include(
      '✔ Transport "mcp" also serves 3 resources (static-text, static-binary, watched-resource); 1 resource template (template); ' +
        "5 prompts (test_input_required_result_prompt, test_prompt_with_arguments, test_prompt_with_embedded_resource, test_prompt_with_image, test_simple_prompt)\n",
    );
  });
});
