/* docs/plugins/langchain.md: test/plugins/langchain/docs-example.spec.ts loads this app's host. */
// axn.config.ts
import { defineConfig } from "@axn/sdk";

export default defineConfig({
  plugins: ["langchain"],                         // resolves to axn-plugin-langchain
  langchain: { toolRoots: ["src/agent_tools"] },  // optional: every action under this folder is a tool
});
