/**
 * `--as PRINCIPAL`, as `axn call` and `axn mcp-config` take it: an id (`--as ag_ada`) or a JSON
 * principal (`--as '{"id":"ag_ada","roles":["agent"]}'`) — the two shapes `AXN_PRINCIPAL` takes too.
 */
import { isPrincipal, type AxnPrincipal } from "@axn/core";
import { usageError } from "./errors.js";
import { parseJsonObject } from "./json-args.js";

const HINT = `--as takes a principal: an id (--as ag_ada) or a JSON object with a string "id" (--as '{"id":"ag_ada","roles":["agent"]}')`;

/** The principal `--as` names for `command`, or `undefined` when it was not given. */
export function principalOption(value: string | boolean | undefined, command: string): AxnPrincipal | undefined {
  if (value === undefined) return undefined;
  const text = typeof value === "string" ? value.trim() : "";
  if (text === "") throw usageError(HINT, command);
  if (!text.startsWith("{")) return { id: text };
  const parsed = parseJsonObject("as", text, command);
  if (!isPrincipal(parsed)) throw usageError(HINT, command);
  return parsed;
}
