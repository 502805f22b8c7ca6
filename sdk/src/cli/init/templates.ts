/**
 * What `axn init` writes: the project docs/getting-started.md builds by hand — one action under
 * `agent_tools/`, `axn.config.ts` listing the MCP and HTTP plugins, a `node:test` test and a strict
 * tsconfig. The same text as docs/examples/getting-started/ (test/e2e/getting-started.spec.ts
 * holds the two equal), so the page, the example and the scaffold cannot drift apart. Each entry is
 * the example file's text as a JSON string: change the example, then paste its text here.
 */

export const PROJECT_FILES: Readonly<Record<string, string>> = {
  "agent_tools/greet.ts":
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the scaffold's source text, template literal included
    '// agent_tools/greet.ts\nimport { defineAxn } from "@axn/core";\nimport { z } from "zod";\n\nexport const Greet = defineAxn({\n  name: "Greet",\n  description: "Greet someone by name",\n  expects: {\n    name: { schema: z.string().min(1), description: "Who to greet" },\n    excited: z.boolean().optional(),\n  },\n  exposes: { greeting: z.string() },\n  messages: {\n    error: "Could not greet",\n    success: ({ greeting }) => greeting,\n  },\n  call: ({ name, excited }, { fail }) => {\n    if (name.toLowerCase() === "nobody") fail("there is nobody to greet");\n    return { greeting: `Hello, ${name}${excited === true ? "!" : "."}` };\n  },\n});\n',
  "axn.config.ts":
    '// axn.config.ts\nimport { defineConfig } from "@axn/sdk";\nimport type {} from "axn-plugin-http"; // types the http: { … } settings below\nimport type {} from "axn-plugin-mcp"; // types the mcp: { … } settings below\n\nconst toolRoots = ["agent_tools"]; // every action exported under agent_tools/ is a tool\n\nexport default defineConfig({\n  plugins: ["mcp", "http"],\n  mcp: { toolRoots },\n  http: { toolRoots },\n});\n',
  "test/greet.test.ts":
    '// test/greet.test.ts\nimport assert from "node:assert/strict";\nimport { join } from "node:path";\nimport { after, test } from "node:test";\nimport { loadHost } from "@axn/sdk";\nimport { resetKernel } from "@axn/sdk/testing";\nimport { McpAdapter } from "axn-plugin-mcp";\nimport { Greet } from "../agent_tools/greet.js";\n\nafter(resetKernel);\n\ntest("Greet returns a greeting", async () => {\n  const result = await Greet.call({ name: "Ada" });\n  assert.equal(result.ok, true);\n  assert.equal(result.message, "Hello, Ada.");\n});\n\ntest("a business failure is a result, not an exception", async () => {\n  const result = await Greet.call({ name: "nobody" });\n  assert.equal(result.ok, false);\n  assert.equal(result.error, "Could not greet: there is nobody to greet");\n});\n\ntest("the app serves it as the MCP tool greet", async () => {\n  await loadHost({ cwd: join(import.meta.dirname, "..") }); // reads axn.config.ts\n  const greet = McpAdapter.tools().find((tool) => tool.name === "greet");\n  assert.ok(greet, "greet is an MCP tool");\n  const reply = await greet.call({ name: "Ada", excited: "true" }); // wire strings are coerced\n  assert.deepEqual(reply.structuredContent, { greeting: "Hello, Ada!" });\n});\n',
  "tsconfig.json":
    '// tsconfig.json\n{\n  "compilerOptions": {\n    "target": "ES2022",\n    "module": "NodeNext",\n    "moduleResolution": "NodeNext",\n    "strict": true,\n    "erasableSyntaxOnly": true,\n    "types": ["node"],\n    "noEmit": true,\n    "skipLibCheck": false\n  },\n  "include": ["agent_tools", "test", "axn.config.ts"]\n}\n',
};
