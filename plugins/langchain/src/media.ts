/**
 * Media exposes (`media.image()` and the rest, found with `mediaFieldsOf`) as LangChain standard
 * content blocks of the tool message, after the usual text: an image → `{ type: "image",
 * mimeType, data }`, audio → `{ type: "audio", … }`, a file → `{ type: "file", mimeType, data,
 * metadata: { filename } }`, a resource link → `{ type: "file", url, mimeType?, metadata: { name } }`,
 * a resource → `{ type: "text-plain", text, … }` or `{ type: "file", data, … }` with its `uri` in
 * `metadata`. A chat model that reads tool-message images sees them natively.
 */
import type { MediaValue } from "@axn/core";
import type { ContentBlock } from "@langchain/core/messages";

export function mediaBlock(value: MediaValue): ContentBlock {
  switch (value.type) {
    case "image":
    case "audio":
      return { type: value.type, mimeType: value.mimeType, data: value.data };
    case "file":
      return {
        type: "file",
        mimeType: value.mimeType,
        data: value.data,
        metadata: { filename: value.name, ...(value.uri === undefined ? {} : { uri: value.uri }) },
      };
    case "resource_link":
      return {
        type: "file",
        url: value.uri,
        ...(value.mimeType === undefined ? {} : { mimeType: value.mimeType }),
        metadata: { name: value.name },
      };
    case "resource":
      return value.text !== undefined
        ? {
            type: "text-plain",
            text: value.text,
            mimeType: value.mimeType ?? "text/plain",
            metadata: { uri: value.uri },
          }
        : {
            type: "file",
            data: value.data ?? "",
            mimeType: value.mimeType ?? "application/octet-stream",
            metadata: { uri: value.uri },
          };
  }
}
