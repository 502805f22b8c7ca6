/**
 * `definePrompt`: a reusable message template a user picks in the client (`prompts/list`,
 * `prompts/get`), with typed arguments declared like action fields. `messages(args)` returns the
 * conversation to start: a string is one user text message; otherwise the protocol's own
 * `PromptMessage` (`{ role, content }` with text, image, audio, resource link or embedded
 * resource content).
 *
 * A prompt is served where it is listed: `mcp: { prompts: [...] }` in `axn.config.*`, or
 * `createMcpServer({ prompts })`. `access` takes an action's policy (docs/access.md): a caller it
 * refuses is not shown the prompt and is answered as if it did not exist (access.ts).
 *
 * @example
 * ```ts
 * export const Triage = definePrompt({
 *   name: "triage_ticket",
 *   arguments: { ticketId: { schema: z.string(), description: "The ticket to triage" } },
 *   messages: ({ ticketId }) => `Triage ticket ${ticketId}: summarize it and propose a priority.`,
 * });
 * ```
 */
import type { AccessPolicy, LiveContext } from "@axn/core";
import { checkedAccessPolicy } from "@axn/sdk/adapter";
import type { PromptMessage } from "@modelcontextprotocol/server";
import { normalizeArguments, type ArgumentFields, type ArgumentValues, type NormalizedArgument } from "./arguments.js";

// On the object, keyed with Symbol.for: served by any copy of this package (see resources.ts).
const PROMPT_RENDER = Symbol.for("axn.mcp.prompt");

/**
 * What `messages` gets besides the arguments: the request's signal, and the live half of a call
 * context — `elicit`, `sample`, `roots`, `supports`, as an action's body has them (a question is a
 * request to a 2025-11-25 client, an `input_required` round for a 2026-07-28 one: `messages` then
 * runs again with the answer, docs/plugins/mcp.md §2a).
 */
export type PromptContext = { readonly signal: AbortSignal } & LiveContext;

/** One message of a prompt: a string is a user text message. */
export type PromptMessageSpec = string | PromptMessage;

export interface PromptDefinition<A extends ArgumentFields> {
  /** The prompt's name (`prompts/get` `name`). */
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly arguments?: A;
  /** Who may list, get and complete it: an action's `access` policy (default: the app's default, else `"public"`). */
  readonly access?: AccessPolicy;
  readonly messages: (
    args: ArgumentValues<A>,
    context: PromptContext,
  ) => PromptMessageSpec | readonly PromptMessageSpec[] | Promise<PromptMessageSpec | readonly PromptMessageSpec[]>;
}

export interface McpPrompt {
  readonly kind: "prompt";
  readonly name: string;
  readonly title: string | undefined;
  readonly description: string | undefined;
  readonly arguments: readonly NormalizedArgument[];
  /** Its own access policy, checked and frozen (`undefined`: the app's default applies). */
  readonly access: AccessPolicy | undefined;
}

export type PromptRender = (args: Record<string, unknown>, context: PromptContext) => Promise<PromptMessage[]>;

/** Throws a TypeError naming the prompt for a bad declaration. */
export function definePrompt<A extends ArgumentFields>(definition: PromptDefinition<A>): McpPrompt {
  if (typeof definition !== "object" || definition === null)
    throw new TypeError("definePrompt: expected a prompt definition object");
  const label = `definePrompt(${JSON.stringify(definition.name ?? "")})`;
  if (typeof definition.name !== "string" || definition.name.trim() === "")
    throw new TypeError(`${label}: name must be a non-empty string`);
  if (typeof definition.messages !== "function")
    throw new TypeError(`${label}: messages must be a function returning the prompt's messages`);
  const access = checkedAccessPolicy(definition.access, label);
  const messages = definition.messages as (
    args: Record<string, unknown>,
    context: PromptContext,
  ) => ReturnType<PromptDefinition<A>["messages"]>;
  const render: PromptRender = async (args, context) => {
    const produced = await messages(args, context);
    const list: readonly PromptMessageSpec[] =
      typeof produced === "string" || !Array.isArray(produced) ? [produced as PromptMessageSpec] : produced;
    return list.map((message) =>
      typeof message === "string" ? { role: "user", content: { type: "text", text: message } } : message,
    );
  };
  return Object.freeze({
    kind: "prompt" as const,
    name: definition.name,
    title: definition.title,
    description: definition.description,
    arguments: normalizeArguments(definition.arguments, label),
    access,
    [PROMPT_RENDER]: render,
  });
}

export function isPrompt(value: unknown): value is McpPrompt {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as Record<symbol, unknown>)[PROMPT_RENDER] === "function"
  );
}

export function promptRender(prompt: McpPrompt): PromptRender {
  const found = isPrompt(prompt)
    ? ((prompt as unknown as Record<symbol, unknown>)[PROMPT_RENDER] as PromptRender)
    : undefined;
  if (found === undefined) throw new TypeError(`${String(prompt?.name)} is not a prompt from definePrompt`);
  return found;
}
