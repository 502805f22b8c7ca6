// test/greet.test.ts
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, test } from "node:test";
import { loadHost } from "@axn/sdk";
import { resetKernel } from "@axn/sdk/testing";
import { McpAdapter } from "axn-plugin-mcp";
import { Greet } from "../agent_tools/greet.js";

after(resetKernel);

test("Greet returns a greeting", async () => {
  const result = await Greet.call({ name: "Ada" });
  assert.equal(result.ok, true);
  assert.equal(result.message, "Hello, Ada.");
});

test("a business failure is a result, not an exception", async () => {
  const result = await Greet.call({ name: "nobody" });
  assert.equal(result.ok, false);
  assert.equal(result.error, "Could not greet: there is nobody to greet");
});

test("the app serves it as the MCP tool greet", async () => {
  await loadHost({ cwd: join(import.meta.dirname, "..") }); // reads axn.config.ts
  const greet = McpAdapter.tools().find((tool) => tool.name === "greet");
  assert.ok(greet, "greet is an MCP tool");
  const reply = await greet.call({ name: "Ada", excited: "true" }); // wire strings are coerced
  assert.deepEqual(reply.structuredContent, { greeting: "Hello, Ada!" });
});
