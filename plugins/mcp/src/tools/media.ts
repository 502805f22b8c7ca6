/**
 * Media exposes (`media.image()` and the rest, found with `mediaFieldsOf`) as MCP content blocks:
 * an image → an `image` block, audio → `audio`, a resource link → `resource_link`, a resource or a
 * file → an embedded `resource` (a file's URI is its own `uri`, else `file:///<name>`). The other
 * exposes keep their usual presentation — structured content and its JSON text, or the message —
 * and the blocks follow it, so a tool returning a chart and a caption answers both (a tool exposing
 * nothing but media leads with its message).
 */
import type { JsonSchema, JsonValue, MediaField, MediaValue } from "@axn/core";
import { serializeExposed, type ToolMapping } from "@axn/sdk/adapter";
import type { CallToolResult, ContentBlock, Tool } from "@modelcontextprotocol/server";
import { mcpConfig } from "../settings/config.js";
import { STRUCTURED_MAPPING } from "./map-result.js";

/** One media value → its content block. */
function mediaBlock(value: MediaValue): ContentBlock {
  switch (value.type) {
    case "image":
    case "audio":
      return { type: value.type, mimeType: value.mimeType, data: value.data };
    case "resource_link":
      return { ...value };
    case "file":
      return {
        type: "resource",
        resource: {
          uri: value.uri ?? `file:///${encodeURIComponent(value.name)}`,
          mimeType: value.mimeType,
          blob: value.data,
        },
      };
    case "resource": {
      const base = { uri: value.uri, ...(value.mimeType === undefined ? {} : { mimeType: value.mimeType }) };
      return {
        type: "resource",
        resource: value.text !== undefined ? { ...base, text: value.text } : { ...base, blob: value.data ?? "" },
      };
    }
  }
}

/** The output schema without the media fields (they travel as content blocks), or `undefined` when nothing else is left. */
export function outputSchemaWithoutMedia(
  schema: JsonSchema,
  fields: readonly MediaField[],
): Tool["outputSchema"] | undefined {
  const names = new Set(fields.map((field) => field.name));
  const properties = { ...(schema.properties as Record<string, JsonValue>) };
  for (const name of names) delete properties[name];
  if (Object.keys(properties).length === 0) return undefined;
  const required = Array.isArray(schema.required)
    ? (schema.required as string[]).filter((name) => !names.has(name))
    : undefined;
  return { ...schema, properties, ...(required === undefined ? {} : { required }) } as Tool["outputSchema"];
}

/** The mapping of a tool with media exposes; `structured`: whether other exposes are presented as structured content. */
export function mediaMapping(
  fields: readonly MediaField[],
  structured: boolean,
): ToolMapping<CallToolResult, CallToolResult> {
  const names = new Set(fields.map((field) => field.name));
  return {
    success(result) {
      const rendered = serializeExposed(mcpConfig, result);
      const blocks: ContentBlock[] = [];
      const rest: Record<string, JsonValue> = {};
      for (const key of Object.keys(rendered)) {
        if (names.has(key)) blocks.push(mediaBlock(rendered[key] as unknown as MediaValue));
        else rest[key] = rendered[key]!;
      }
      if (structured) {
        // Nothing but media: the message says what the blocks are (as under presentAs "message").
        if (Object.keys(rest).length === 0) return { content: [{ type: "text", text: result.message }, ...blocks] };
        return { content: [{ type: "text", text: JSON.stringify(rest) }, ...blocks], structuredContent: rest };
      }
      return { content: [{ type: "text", text: result.message }, ...blocks] };
    },
    failure: STRUCTURED_MAPPING.failure,
  };
}
