/**
 * agent.ts with a hosted model instead of the scripted one: the README's LangChain example.
 * Type-checked with the docs; not run by the test suite (it needs a model provider and a key).
 *
 * Run: `npm i @langchain/openai`, set OPENAI_API_KEY, then `node --import tsx agent-hosted.ts`.
 */
import { loadHost } from "@axn/sdk";
import { LangchainAdapter } from "axn-plugin-langchain";
import { createAgent } from "langchain";

await loadHost({ cwd: import.meta.dirname });
const agent = createAgent({ model: "openai:gpt-4.1", tools: LangchainAdapter.tools() });
await agent.invoke(
  { messages: [{ role: "user", content: "Close T-1002, the VAT rate is fixed" }] },
  { context: { principal: { id: "ag_ada", roles: ["agent"] } } }, // the signed-in caller: trusted, never from the model
);
