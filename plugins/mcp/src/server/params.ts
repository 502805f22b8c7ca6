/**
 * The messages of the server's own refusals, and the hand checks of `tools/call` params: what a
 * client reads when its request is malformed, short and naming the parameter, instead of a schema
 * parser's dump.
 */
import { BUSY_MESSAGE } from "@axn/sdk/serving";
import { ProtocolErrorCode, type TaskMetadata } from "@modelcontextprotocol/server";
import { z } from "zod/v4"; // any Standard Schema: the SDK validates the params of a custom-form handler with it
import { ProtocolError } from "../protocol/protocol-error.js";
import type { McpRequestContext } from "../protocol/server-context.js";

export const McpMessages = {
  missingName: "Invalid params: tools/call needs params.name, the name of a tool from tools/list",
  protoKey: 'Invalid request: "__proto__" is not allowed as a key of params',
  internal: "Internal error",
  busy: BUSY_MESSAGE,
  badTask: 'Invalid params: "task" must be an object such as {} or { "ttl": 60000 } (ttl in milliseconds)',
  needs: (tool: string, capabilities: readonly string[]): string =>
    `${tool} needs a client that declares the ${capabilities.join(" and ")} capabilit${capabilities.length === 1 ? "y" : "ies"}; this one does not`,
} as const;

/**
 * The JSON-RPC code of a call refused because the server is at its concurrent-call cap
 * (implementation-defined range). Not -32002: the SDK sends that one as 2026-07-28's renumbered
 * resource-not-found, -32602.
 */
export const SERVER_BUSY_CODE = -32010;

/**
 * `tools/call` with its params left untouched: checked by hand below (a short `-32602` for a
 * missing name rather than a zod dump), the arguments validated by the Invoker. The other keys are
 * stripped, not passed through: only `params` is read, and zod 4 parses a stripping object on its
 * compiled path (a passthrough one walks every key on every call; bench: row 4, MCP tools/call).
 */
export const ToolCallParams = { params: z.unknown() };

/** What the guarded transport answers instead of the SDK's parser dump, where axn has a sentence of its own. */
export function validationSentence(method: string, path: string | undefined): string | undefined {
  if (method === "tools/call" && (path === "params.name" || path === "params")) return McpMessages.missingName;
  if (method === "tools/call" && path?.startsWith("params.task") === true) return McpMessages.badTask;
  return undefined;
}

export function isTaskCall(params: unknown): boolean {
  return typeof params === "object" && params !== null && Object.hasOwn(params, "task");
}

export function metaOf(params: unknown): McpRequestContext["_meta"] {
  const meta = (params as { _meta?: unknown } | undefined)?._meta;
  return typeof meta === "object" && meta !== null ? (meta as McpRequestContext["_meta"]) : undefined;
}

/** A JSON-RPC error whose message goes out as written (protocol/protocol-error.ts, shared with resources and prompts). */
export function protocolError(code: number, message: string): Error {
  return new ProtocolError(code, message);
}

/**
 * The params of a `tools/call`, checked as the protocol requires. The SDK parses every message
 * with zod, which copies keys by assignment: an own `__proto__` key in params becomes the copy's
 * prototype, and `params.name` would read a tool name a gateway parsing the same bytes never
 * sees — so a params object with any prototype but Object's is refused as a malformed request.
 */
export function checkedParams(params: unknown): { readonly name: string; readonly arguments?: unknown } {
  if (typeof params !== "object" || params === null || Array.isArray(params))
    throw protocolError(ProtocolErrorCode.InvalidParams, McpMessages.missingName);
  if (Object.getPrototypeOf(params) !== Object.prototype || Object.hasOwn(params, "__proto__"))
    throw protocolError(ProtocolErrorCode.InvalidRequest, McpMessages.protoKey);
  const name: unknown = Object.hasOwn(params, "name") ? (params as { name?: unknown }).name : undefined;
  if (typeof name !== "string" || name === "")
    throw protocolError(ProtocolErrorCode.InvalidParams, McpMessages.missingName);
  return params as { name: string; arguments?: unknown };
}

/** The `task` of a task-augmented `tools/call` (`{ ttl? }`), or `undefined` for a waited call. */
export function taskParams(params: unknown): TaskMetadata | undefined {
  const task = (params as { task?: unknown }).task;
  if (task === undefined) return undefined;
  if (typeof task !== "object" || task === null || Array.isArray(task))
    throw protocolError(ProtocolErrorCode.InvalidParams, McpMessages.badTask);
  const ttl = (task as { ttl?: unknown }).ttl;
  if (ttl !== undefined && (typeof ttl !== "number" || !Number.isFinite(ttl) || ttl < 0))
    throw protocolError(ProtocolErrorCode.InvalidParams, McpMessages.badTask);
  return ttl === undefined ? {} : { ttl };
}
