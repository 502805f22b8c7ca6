/**
 * What a client is told when a tool call fails: the action's own `result.error` — never an
 * adapter-wide headline, never `result.exception`'s message — with the per-field detail beside it
 * when the caller's arguments were refused user-facing; or, when the adapter itself could not
 * build a response, {@link ADAPTER_FAILURE_MESSAGE}. `toolPipeline` hands this to an adapter's
 * `failure` mapping with its {@link ToolFailureKind}.
 *
 * @example
 * ```ts
 * failure: ({ error, fieldErrors }, kind) => (kind === "input" ? reply(400, { error, fieldErrors }) : reply(422, { error })),
 * ```
 */
import { AccessDeniedError, Invoker, type FieldError, type Result } from "@axn/core";

/** What the client reads when the adapter's own mapping step failed (an unrenderable value, a bug). */
export const ADAPTER_FAILURE_MESSAGE = "The tool could not produce a valid response";

export interface ToolFailure {
  /** The user-facing failure: `result.error`, or {@link ADAPTER_FAILURE_MESSAGE}. */
  readonly error: string;
  /** Only when the arguments were refused user-facing (`kind` `"input"`): each violation, copied. */
  readonly fieldErrors?: readonly FieldError[];
  /**
   * Only when the access policy refused the caller (`kind` `"unauthenticated"` / `"forbidden"`):
   * the scopes it lacks, for a transport's challenge (HTTP `WWW-Authenticate: Bearer error="insufficient_scope"`).
   */
  readonly missingScopes?: readonly string[];
}

/**
 * Why the call failed: `"input"` the caller's arguments were refused (correctable), `"failure"` a
 * business failure (`fail(...)`), `"exception"` the action threw, `"adapter"` the mapping failed;
 * `"unauthenticated"` the action needs a signed-in caller and there was none, `"forbidden"` the
 * caller's principal does not satisfy the action's access policy (neither ran the action);
 * `"timeout"` the call ran past its `serve.callTimeoutMs` (its signal was aborted).
 */
export type ToolFailureKind =
  | "input"
  | "failure"
  | "exception"
  | "adapter"
  | "unauthenticated"
  | "forbidden"
  | "timeout";

/** What the client reads when a call ran past its timeout. */
export function timeoutMessage(toolName: string, ms: number): string {
  return `Tool ${toolName} timed out after ${ms} ms`;
}

/** The answer to a mapping that failed: one shared object, it depends on nothing. */
export const ADAPTER_FAILURE: ToolFailure = Object.freeze({ error: ADAPTER_FAILURE_MESSAGE });

/** The failure a failed `result` answers. */
export function toolFailureOf(result: Result<Record<string, unknown>>): ToolFailure {
  const error = result.error ?? result.message;
  if (result.exception instanceof AccessDeniedError)
    return { error, missingScopes: [...result.exception.missingScopes] };
  if (!Invoker.inputInvalid(result)) return { error };
  // Copied field by field: the detail is data for the client, not the exception's own objects.
  return { error, fieldErrors: Invoker.fieldErrors(result).map(({ field, message }) => ({ field, message })) };
}

export function toolFailureKind(result: Result<Record<string, unknown>>): ToolFailureKind {
  if (Invoker.inputInvalid(result)) return "input";
  if (result.exception instanceof AccessDeniedError) return result.exception.reason;
  return result.outcome === "failure" ? "failure" : "exception";
}
