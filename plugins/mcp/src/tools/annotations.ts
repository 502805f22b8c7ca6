/**
 * Semantic hints → MCP tool annotations. Hints are advisory vocabulary an action declares once;
 * this is where the MCP adapter interprets them. An explicit `annotations` setting replaces the
 * derived set entirely (an empty object advertises none).
 */
import type { AnyAxn } from "@axn/core";
import type { McpAnnotations } from "../settings/config.js";

const HINT_ANNOTATIONS: Readonly<Record<string, McpAnnotations>> = {
  readOnly: { readOnlyHint: true },
  idempotent: { idempotentHint: true },
  destructive: { destructiveHint: true },
  openWorld: { openWorldHint: true },
  closedWorld: { openWorldHint: false },
};

/** The annotations an action's semantic hints imply, or `undefined` when they imply none. */
function annotationsForHints(action: AnyAxn): McpAnnotations | undefined {
  const hints = action.semanticHints;
  if (hints.includes("openWorld") && hints.includes("closedWorld")) {
    // A declaration mistake, not a runtime fault: the two hints contradict each other.
    throw new TypeError(`Action ${action.name} declares both openWorld and closedWorld semantic hints; keep one`);
  }
  const annotations: McpAnnotations = {};
  for (const hint of hints) Object.assign(annotations, HINT_ANNOTATIONS[hint]);
  return Object.keys(annotations).length === 0 ? undefined : annotations;
}

/** Explicit annotations win over hints; `{}` suppresses them; nothing at all means none. */
export function resolveAnnotations(action: AnyAxn, explicit: McpAnnotations | undefined): McpAnnotations | undefined {
  const chosen = explicit ?? annotationsForHints(action);
  return chosen === undefined || Object.keys(chosen).length === 0 ? undefined : { ...chosen };
}
