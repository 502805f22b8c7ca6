/**
 * `axn tools` and `axn doctor` show what a transport serves besides the tools (its `catalog()`):
 * here the conformance app's MCP resources and resource template (listed in its config) and prompts
 * (discovered under its tool root, in export-name order), listed once although both MCP transports
 * (Streamable HTTP and stdio) serve them. The CLI names no plugin.
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
        "prompt             test_prompt_with_arguments          -                          mcp        A prompt with required arguments",
        "prompt             test_prompt_with_embedded_resource  -                          mcp        A prompt that includes an embedded resource",
        "prompt             test_prompt_with_image              -                          mcp        A prompt that includes image content",
        "prompt             test_simple_prompt                  -                          mcp        A simple prompt without arguments",
        "",
      ].join("\n"),
    );
  });

  it("axn doctor reports them per transport", async () => {
    const run = await runAxn(["doctor"], { cwd: APP });
    expect(run.code).to.equal(0);
    expect(run.stdout).to.include(
      '✔ Transport "mcp" also serves 3 resources (static-text, static-binary, watched-resource); 1 resource template (template); ' +
        "4 prompts (test_prompt_with_arguments, test_prompt_with_embedded_resource, test_prompt_with_image, test_simple_prompt)\n",
    );
  });
});
