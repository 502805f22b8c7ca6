/**
 * The media values an action can expose: what a validated media field holds (binary data always
 * as base64 text, so a result stays JSON-safe) and what a body may hand it (bytes allowed, the
 * `type` tag optional — the field already says it). Every transport renders them natively: MCP as
 * content blocks, HTTP as this JSON, LangChain as message content blocks.
 */

/** The media kinds, named as MCP names its content blocks (`file` is a named blob). */
export type MediaKind = "image" | "audio" | "file" | "resource_link" | "resource";

/** Binary data a body may expose: base64 text, or bytes (a `Uint8Array`, a `Buffer`). */
export type MediaBytes = string | Uint8Array;

export interface MediaImage {
  readonly type: "image";
  /** `image/png`, `image/jpeg`, … */
  readonly mimeType: string;
  /** Base64. */
  readonly data: string;
}

export interface MediaAudio {
  readonly type: "audio";
  /** `audio/wav`, `audio/mpeg`, … */
  readonly mimeType: string;
  /** Base64. */
  readonly data: string;
}

/** A named file (a PDF report, a CSV export). */
export interface MediaFile {
  readonly type: "file";
  /** The file name the user sees (`report.pdf`). */
  readonly name: string;
  readonly mimeType: string;
  /** Base64. */
  readonly data: string;
  /** Where the file lives, when it has an address (MCP's embedded resource URI). */
  readonly uri?: string;
}

/** A pointer to something the client can fetch or read, not the thing itself. */
export interface MediaResourceLink {
  readonly type: "resource_link";
  readonly uri: string;
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly mimeType?: string;
  /** Size in bytes, when known. */
  readonly size?: number;
}

/** A resource's contents, inline: text, or binary data as base64 (exactly one of the two). */
export interface MediaResource {
  readonly type: "resource";
  readonly uri: string;
  readonly mimeType?: string;
  readonly text?: string;
  /** Base64. */
  readonly data?: string;
}

export type MediaValue = MediaImage | MediaAudio | MediaFile | MediaResourceLink | MediaResource;

/** What a body may expose for a media kind: bytes instead of base64, and the `type` tag optional. */
export type MediaInput<V extends MediaValue> = {
  readonly [K in keyof V as K extends "type" | "data" ? never : K]: V[K];
} & { readonly type?: V["type"] } & ("data" extends keyof V
    ? undefined extends V["data" & keyof V]
      ? { readonly data?: MediaBytes }
      : { readonly data: MediaBytes }
    : unknown);
