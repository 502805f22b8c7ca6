/**
 * The SDK's own refusals of a malformed request, read for the parameter they name so the client gets
 * one short line instead. The SDK answers them three ways, depending on the method and on where the
 * check runs (its codec, a spec method's params schema, a handler `McpServer` installs):
 *
 * - `-32602 Invalid tools/call request: [ { "expected": …, "path": ["params", "name"] … } ]`
 * - `-32602 Invalid params for tasks/get: taskId: Invalid input: expected string, received undefined`
 * - `-32603 [ { "expected": "string", "path": ["params", "uri"] … } ]` — a zod dump as an *internal*
 *   error (resources/read, prompts/get, logging/setLevel, completion/complete, tools/list …), though
 *   the fault is the client's.
 *
 * Each becomes `-32602` naming the method and the first parameter at fault; nothing of the parser's
 * words (its types, the enum it expected, its internal paths) reaches the client. Any other error
 * goes out as it was.
 */

/** The sentence for a refused parameter when the server has a better one than the generic line (`method`, `path`). */
export type ValidationSentence = (method: string, path: string | undefined) => string | undefined;

export interface CleanedError {
  readonly code: number;
  readonly message: string;
}

const CODEC_DUMP = /^Invalid (\S+) (?:request|params): \[/;
const PARAMS_FOR = /^Invalid params for (\S+): ([^:\s]+):/;

const INVALID_PARAMS = -32602;
const INTERNAL_ERROR = -32603;

/**
 * The short form of an SDK validation error, or `undefined` when `error` is not one. `method` is the
 * request's (the transport remembers it by id), for the dumps that do not say it.
 */
export function cleanedValidationError(
  error: { readonly code?: unknown; readonly message?: unknown },
  method: string | undefined,
  sentence?: ValidationSentence,
): CleanedError | undefined {
  if (typeof error.message !== "string") return undefined;
  const text = error.message;
  if (error.code === INVALID_PARAMS) {
    const dump = CODEC_DUMP.exec(text);
    if (dump !== null) return line(dump[1]!, firstDumpPath(text), sentence);
    const named = PARAMS_FOR.exec(text);
    if (named !== null) return line(named[1]!, `params.${named[2]!}`, sentence);
    return undefined;
  }
  if (error.code === INTERNAL_ERROR && text.startsWith("[")) {
    const path = issuesPath(text);
    if (path !== undefined) return line(method ?? "the request", path, sentence);
  }
  return undefined;
}

function line(method: string, path: string | undefined, sentence: ValidationSentence | undefined): CleanedError {
  return {
    code: INVALID_PARAMS,
    message:
      sentence?.(method, path) ??
      `Invalid params: ${method} has a malformed ${path ?? "params"}; see the method's schema in the MCP specification`,
  };
}

/** The parameter a parser's dump names first (`"path": ["params", "name"]` → `params.name`). */
function firstDumpPath(message: string): string | undefined {
  const path = /"path":\s*\[([^\]]*)\]/.exec(message)?.[1];
  if (path === undefined) return undefined;
  const parts = [...path.matchAll(/"([^"]*)"|(\d+)/g)].map((match) => match[1] ?? `[${match[2]}]`);
  return parts.length === 0 ? undefined : parts.join(".").replace(/\.\[/g, "[");
}

/** The first issue's path of a zod issues array sent as a message, or `undefined` if it is not one. */
function issuesPath(message: string): string | undefined {
  let issues: unknown;
  try {
    issues = JSON.parse(message);
  } catch {
    return undefined;
  }
  if (!Array.isArray(issues) || issues.length === 0) return undefined;
  const path = (issues[0] as { path?: unknown }).path;
  if (!Array.isArray(path) || !path.every((part) => typeof part === "string" || typeof part === "number"))
    return undefined;
  if (path.length === 0) return "params";
  return (path as (string | number)[])
    .map((part) => (typeof part === "number" ? `[${part}]` : part))
    .join(".")
    .replace(/\.\[/g, "[");
}
