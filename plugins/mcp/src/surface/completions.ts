/**
 * `completion/complete`: suggestions for a prompt argument or a URI template parameter as the user
 * types. A completer is declared on the argument (`complete: (value, { arguments }) => [...]`);
 * the SDK's `McpServer` routes each request to it (`completable` for prompts, the template's
 * `complete` callbacks for resources), and the completions capability is declared only when some
 * argument has a completer. A completer that throws is reported and answers no suggestions: a
 * broken suggestion list must not break the form the user is filling in. A completion for a prompt
 * or template its caller may not use never reaches the completer: it is answered as not found
 * (access.ts).
 */
import { reportException } from "@axn/core";

/** What a completer sees besides the partial value: the arguments the user already filled in. */
export interface CompletionContext {
  readonly arguments: Readonly<Record<string, string>>;
}

/** Suggestions for one argument; the protocol sends at most 100 of them. */
export type Completer = (value: string, context: CompletionContext) => readonly string[] | Promise<readonly string[]>;

/** The SDK's completion callback for `complete`, reporting (not propagating) a throw. */
export function sdkCompleter(
  complete: Completer,
  owner: string,
): (value: string, context?: { arguments?: Record<string, string> }) => Promise<string[]> {
  return async (value, context) => {
    try {
      return [...(await complete(value ?? "", { arguments: context?.arguments ?? {} }))];
    } catch (error) {
      reportException(error, { action: owner, phase: "mcp completion" });
      return [];
    }
  };
}
