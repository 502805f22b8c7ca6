/* docs/plugins/http.md, "Input from the caller": test/plugins/http/docs.spec.ts runs it against the quick start. */
// A client that answers a tool's questions: call, and while the reply is a 428, answer and call again.
type Question = { readonly kind: "elicit" | "sample" | "roots"; readonly message?: string };
type Asked = { inputRequests: Record<string, Question>; requestState: string };

export async function callTool(
  url: string,
  args: object,
  token: string,
  answer: (question: Question, key: string) => unknown,
): Promise<unknown> {
  const auth = { authorization: `Bearer ${token}` };
  let headers = { "content-type": "application/json", ...auth };
  let body: object = args;
  for (;;) {
    const response = await fetch(url, { method: "POST", headers, body: JSON.stringify(body) });
    if (response.status !== 428) return response.json(); // 200, or an error: { error }
    const { inputRequests, requestState } = (await response.json()) as Asked;
    const inputResponses: Record<string, unknown> = {};
    for (const [key, question] of Object.entries(inputRequests)) inputResponses[key] = answer(question, key);
    // The same arguments, with the state and the answers, in the answers' own media type.
    headers = { "content-type": "application/vnd.axn.answers+json", ...auth };
    body = { arguments: args, requestState, inputResponses };
  }
}
