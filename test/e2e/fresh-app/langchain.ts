/**
 * Hands the fresh app's tools to LangChain (`LangchainAdapter.tools()` after `loadHost`) and
 * prints what each call answered, as JSON on stdout, for the spec to pin.
 */
import { loadHost } from "@axn/sdk";
import { LangchainAdapter } from "axn-plugin-langchain";

await loadHost({ cwd: import.meta.dirname });
const tools = LangchainAdapter.tools();
function tool(name: string) {
  const found = tools.find((candidate) => candidate.name === name);
  if (found === undefined) throw new Error(`no LangChain tool ${name}`);
  return found;
}

const add = tool("add");
const greet = tool("greet");
const sum = await add.invoke({ name: "add", args: { a: "2", b: 3 }, id: "call_add", type: "tool_call" });
const greeting = await greet.invoke(
  { name: "greet", args: { email: "ada@lovelace.example", times: 2 }, id: "call_greet", type: "tool_call" },
  { context: { greeter: "axn" } },
);
const refused = await greet.invoke({
  name: "greet",
  args: { email: "not an email" },
  id: "call_bad",
  type: "tool_call",
});
const failed = await greet.invoke({
  name: "greet",
  args: { email: "x@blocked.example" },
  id: "call_fail",
  type: "tool_call",
});

const shape = (message: typeof sum) => ({
  status: message.status,
  content: message.content,
  artifact: message.artifact as unknown,
});
console.log(
  JSON.stringify({
    names: tools.map((t) => t.name),
    schema: add.schema,
    sum: shape(sum),
    greeting: shape(greeting),
    refused: shape(refused),
    failed: shape(failed),
  }),
);
