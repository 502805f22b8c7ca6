/**
 * Reading what a transport's client received, by transport kind: the tools a listing advertises
 * (name and input schema) and what one call answered (success or failure, the text the client
 * reads, the structured data, and every string anywhere in the reply, for leak checks). The
 * driver hands over the raw listing and reply; nothing here trusts it to have extracted anything.
 */
import type { ConformanceTransport } from "./driver.js";

export type TransportKind = ConformanceTransport<unknown>["kind"];

/** A tool as the listing advertises it. */
export interface ListedTool {
  readonly name: string;
  readonly inputSchema: unknown;
}

/** One call's reply, as the client reads it. */
export interface Answer {
  readonly ok: boolean;
  /** The text the client reads: on a failure, the error it is told. */
  readonly text: string;
  /** The structured data the client gets, when there is any. */
  readonly data: unknown;
  /** Every string anywhere in the reply, joined by newlines. */
  readonly everything: string;
}

/** Thrown when a driver hands back something that is not a listing or reply of its kind. */
export class DriverShapeError extends Error {}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function preview(value: unknown): string {
  try {
    const text = JSON.stringify(value);
    if (text === undefined) return String(value);
    return text.length > 200 ? `${text.slice(0, 200)}…` : text;
  } catch {
    return Object.prototype.toString.call(value);
  }
}

export function readListing(kind: TransportKind, raw: unknown): ListedTool[] {
  switch (kind) {
    case "mcp": {
      if (!isRecord(raw) || !Array.isArray(raw["tools"])) {
        throw new DriverShapeError(
          `list() did not answer an MCP tools/list result ({ tools: [{ name, inputSchema }] }): ${preview(raw)}`,
        );
      }
      return (raw["tools"] as unknown[])
        .filter(isRecord)
        .flatMap((tool) =>
          typeof tool["name"] === "string" ? [{ name: tool["name"], inputSchema: tool["inputSchema"] }] : [],
        );
    }
    case "openapi": {
      if (!isRecord(raw) || !isRecord(raw["paths"])) {
        throw new DriverShapeError(
          `list() did not answer an OpenAPI document (an object with "paths"): ${preview(raw)}`,
        );
      }
      const tools: ListedTool[] = [];
      for (const item of Object.values(raw["paths"])) {
        if (!isRecord(item)) continue;
        for (const method of ["get", "put", "post", "delete", "options", "head", "patch", "trace"]) {
          const operation = item[method];
          if (!isRecord(operation)) continue;
          const name = operation["x-axn-tool-name"] ?? operation["operationId"];
          if (typeof name !== "string") continue;
          const body = operation["requestBody"];
          const content = isRecord(body) ? body["content"] : undefined;
          const media = isRecord(content) ? content["application/json"] : undefined;
          tools.push({ name, inputSchema: dereference(raw, isRecord(media) ? media["schema"] : undefined) });
        }
      }
      return tools;
    }
    case "function-calling": {
      if (!Array.isArray(raw)) {
        throw new DriverShapeError(
          `list() did not answer an array of function definitions ({ type: "function", function: { name, parameters } }): ${preview(raw)}`,
        );
      }
      return raw.filter(isRecord).flatMap((definition): ListedTool[] => {
        const fn =
          definition["type"] === "function" && isRecord(definition["function"]) ? definition["function"] : definition;
        const name = fn["name"];
        if (typeof name !== "string") return [];
        return [{ name, inputSchema: fn["parameters"] ?? fn["input_schema"] ?? fn["inputSchema"] }];
      });
    }
  }
}

/** A top-level `$ref` into the document (`#/components/schemas/X`), resolved once. */
function dereference(document: Record<string, unknown>, schema: unknown): unknown {
  if (!isRecord(schema) || typeof schema["$ref"] !== "string" || !schema["$ref"].startsWith("#/")) return schema;
  let target: unknown = document;
  for (const segment of schema["$ref"].slice(2).split("/")) {
    const key = segment.replace(/~1/g, "/").replace(/~0/g, "~");
    target = isRecord(target) ? target[key] : undefined;
  }
  return target ?? schema;
}

export function readReply(kind: TransportKind, raw: unknown): Answer {
  switch (kind) {
    case "mcp": {
      if (!isRecord(raw))
        throw new DriverShapeError(
          `call() did not answer an MCP tools/call result ({ content, isError?, structuredContent? }): ${preview(raw)}`,
        );
      const text = textOf(raw["content"]);
      return {
        ok: raw["isError"] !== true,
        text,
        data: raw["structuredContent"] ?? parseJson(text),
        everything: strings(raw),
      };
    }
    case "openapi": {
      if (!isRecord(raw) || typeof raw["status"] !== "number" || typeof raw["body"] !== "string") {
        throw new DriverShapeError(
          `call() did not answer an HTTP reply ({ status: number, body: string }): ${preview(raw)}`,
        );
      }
      const body = raw["body"];
      const parsed = parseJson(body);
      const ok = raw["status"] >= 200 && raw["status"] < 300;
      const error = isRecord(parsed) ? parsed["error"] : undefined;
      return {
        ok,
        text: !ok && typeof error === "string" ? error : body,
        data: parsed,
        everything: `${body}\n${strings(parsed)}`,
      };
    }
    case "function-calling": {
      if (!isRecord(raw) || !("content" in raw)) {
        throw new DriverShapeError(
          `call() did not answer a tool message ({ content, status?, artifact? }): ${preview(raw)}`,
        );
      }
      const content = raw["content"];
      const text =
        typeof content === "string"
          ? content
          : Array.isArray(content)
            ? textOf(content)
            : (JSON.stringify(content) ?? "");
      const data = raw["artifact"] ?? (isRecord(content) ? content : parseJson(text));
      return { ok: raw["status"] !== "error", text, data, everything: strings({ content, artifact: raw["artifact"] }) };
    }
  }
}

/** The text blocks of MCP or LangChain content, joined by newlines (a plain string as is). */
function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((block: unknown) =>
      typeof block === "string" ? block : isRecord(block) && typeof block["text"] === "string" ? block["text"] : "",
    )
    .filter((text) => text !== "")
    .join("\n");
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Every string in `value` (values and keys, own enumerable properties), depth-first, bounded. */
function strings(value: unknown): string {
  const out: string[] = [];
  const seen = new Set<object>();
  const walk = (node: unknown, depth: number): void => {
    if (typeof node === "string") {
      out.push(node);
      return;
    }
    if (typeof node !== "object" || node === null || depth > 12 || seen.has(node)) return;
    seen.add(node);
    for (const [key, entry] of Object.entries(node)) {
      out.push(key);
      walk(entry, depth + 1);
    }
  };
  walk(value, 0);
  return out.join("\n");
}
