/**
 * `media`: field schemas for media exposes — `media.image()`, `media.audio()`, `media.file()`,
 * `media.resourceLink()`, `media.resource()`. Each is a Standard Schema with Standard JSON Schema
 * (so it goes wherever any field schema goes, whatever schema library the app uses): it validates
 * the value, turns bytes into base64, fills in the `type` tag, and reflects an honest JSON Schema
 * (base64 `data` with `contentEncoding`, the accepted MIME types). Transports find media fields
 * with `mediaFieldsOf(action)` and render them natively.
 *
 * @example
 * ```ts
 * exposes: { chart: media.image({ mimeTypes: ["image/png"] }), summary: z.string() },
 * call: () => ({ chart: { mimeType: "image/png", data: pngBytes }, summary: "Q3 is up" }),
 * ```
 */
import type { StandardJSONSchemaV1, StandardSchemaV1 } from "@standard-schema/spec";
import type {
  MediaAudio,
  MediaFile,
  MediaImage,
  MediaInput,
  MediaKind,
  MediaResource,
  MediaResourceLink,
  MediaValue,
} from "./values.js";

/** Options every media schema takes. */
export interface MediaOptions {
  /** Reaches the reflected JSON Schema. */
  readonly description?: string;
  /**
   * The MIME types a value may carry (exactly, e.g. `["image/png", "image/jpeg"]`). Default: any
   * `image/*` for an image, any `audio/*` for audio, anything for the other kinds.
   */
  readonly mimeTypes?: readonly string[];
}

/** A media field schema: validates and reflects one media kind. */
export interface MediaSchema<V extends MediaValue = MediaValue>
  extends StandardSchemaV1<MediaInput<V>, V>,
    StandardJSONSchemaV1<MediaInput<V>, V> {
  readonly "~standard": StandardSchemaV1.Props<MediaInput<V>, V> & StandardJSONSchemaV1.Props<MediaInput<V>, V>;
  /** The kind of media this field holds. */
  readonly mediaKind: V["type"];
}

type Issue = StandardSchemaV1.Issue;
type Json = Record<string, unknown>;

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
/**
 * The brand `media.*` puts on its schemas, keyed with `Symbol.for` like the error brand: a media
 * schema made through a second copy of `@axn/core` in the app (an `npm link`ed plugin) is still
 * recognised by this one — a module-level set would be one per copy.
 */
const MEDIA_SCHEMA: unique symbol = Symbol.for("axn.media.schema") as never;

/** True for a schema made by `media.*` (what `mediaFieldsOf` looks for), through any copy of `@axn/core`. */
export function isMediaSchema(value: unknown): value is MediaSchema {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { readonly [MEDIA_SCHEMA]?: unknown })[MEDIA_SCHEMA] === true
  );
}

function bytesToBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");
}

/** One property of a media value: how to check it, and its JSON Schema. */
interface Property {
  readonly required: boolean;
  readonly check: (value: unknown) => { ok: true; value: unknown } | { ok: false; message: string };
  readonly schema: Json;
}

const text = (required: boolean, schema: Json = { type: "string" }): Property => ({
  required,
  schema,
  check: (value) => (typeof value === "string" ? { ok: true, value } : { ok: false, message: "must be a string" }),
});

const bytes = (required: boolean): Property => ({
  required,
  schema: { type: "string", contentEncoding: "base64" },
  check(value) {
    if (value instanceof Uint8Array) return { ok: true, value: bytesToBase64(value) };
    if (typeof value !== "string") return { ok: false, message: "must be base64 text or bytes (a Uint8Array)" };
    return BASE64.test(value) ? { ok: true, value } : { ok: false, message: "is not base64 text" };
  },
});

function mimeType(required: boolean, kind: MediaKind, options: MediaOptions): Property {
  const allowed = options.mimeTypes;
  if (
    allowed !== undefined &&
    (!Array.isArray(allowed) || allowed.length === 0 || allowed.some((m) => typeof m !== "string" || !m.includes("/")))
  ) {
    throw new TypeError(
      `media.${methodOf(kind)}: mimeTypes must be a non-empty list of MIME types ("image/png"), got ${JSON.stringify(allowed)}`,
    );
  }
  const family = kind === "image" || kind === "audio" ? kind : undefined;
  const schema: Json =
    allowed !== undefined
      ? { type: "string", enum: [...allowed] }
      : family !== undefined
        ? { type: "string", pattern: `^${family}/` }
        : { type: "string" };
  return {
    required,
    schema,
    check(value) {
      if (typeof value !== "string") return { ok: false, message: "must be a string" };
      if (allowed !== undefined && !allowed.includes(value))
        return {
          ok: false,
          message: `must be one of ${allowed.join(", ")}, got ${JSON.stringify(value.slice(0, 100))}`,
        };
      if (allowed === undefined && family !== undefined && !value.startsWith(`${family}/`)) {
        return { ok: false, message: `must be an ${family}/* type, got ${JSON.stringify(value.slice(0, 100))}` };
      }
      return { ok: true, value };
    },
  };
}

const size: Property = {
  required: false,
  schema: { type: "integer", minimum: 0 },
  check: (value) =>
    Number.isSafeInteger(value) && (value as number) >= 0
      ? { ok: true, value }
      : { ok: false, message: "must be a whole number of bytes" },
};

function methodOf(kind: MediaKind): string {
  return kind === "resource_link" ? "resourceLink" : kind;
}

function build<V extends MediaValue>(
  kind: V["type"],
  options: MediaOptions = {},
  properties: Readonly<Record<string, Property>>,
  refine?: (value: Json) => Issue | undefined,
  constraint?: Json,
): MediaSchema<V> {
  if (typeof options !== "object" || options === null)
    throw new TypeError(`media.${methodOf(kind)}: options must be an object`);
  const names = Object.keys(properties);
  const validate = (input: unknown): StandardSchemaV1.Result<V> => {
    if (typeof input !== "object" || input === null || Array.isArray(input) || input instanceof Uint8Array) {
      return {
        issues: [
          {
            message: `Expected ${article(kind)} ${kind} value (an object with ${requiredNames(properties).join(", ")})`,
          },
        ],
      };
    }
    const source = input as Json;
    const issues: Issue[] = [];
    if (source.type !== undefined && source.type !== kind)
      issues.push({ message: `must be "${kind}"`, path: ["type"] });
    const out: Json = { type: kind };
    for (const name of names) {
      const property = properties[name]!;
      const value = source[name];
      if (value === undefined) {
        if (property.required) issues.push({ message: "is required", path: [name] });
        continue;
      }
      const checked = property.check(value);
      if (checked.ok) out[name] = checked.value;
      else issues.push({ message: checked.message, path: [name] });
    }
    for (const key of Object.keys(source)) {
      if (key !== "type" && !Object.hasOwn(properties, key))
        issues.push({ message: `is not a property of ${article(kind)} ${kind} value`, path: [key] });
    }
    if (issues.length === 0 && refine !== undefined) {
      const problem = refine(out);
      if (problem !== undefined) issues.push(problem);
    }
    return issues.length > 0 ? { issues } : { value: out as unknown as V };
  };
  const jsonSchema = (io: "input" | "output"): Json => {
    const props: Json = { type: { const: kind } };
    for (const name of names) props[name] = { ...properties[name]!.schema };
    const required = [...(io === "output" ? ["type"] : []), ...requiredNames(properties)];
    return {
      type: "object",
      ...(options.description === undefined ? {} : { description: options.description }),
      properties: props,
      required,
      additionalProperties: false,
      ...constraint,
    };
  };
  const schema = {
    mediaKind: kind,
    "~standard": {
      version: 1 as const,
      vendor: "axn",
      validate,
      jsonSchema: { input: () => jsonSchema("input"), output: () => jsonSchema("output") },
    },
  } as unknown as MediaSchema<V>;
  // Not enumerable: the brand is not part of what a schema shows (spreads, deep equality, listings).
  Object.defineProperty(schema, MEDIA_SCHEMA, { value: true });
  return Object.freeze(schema);
}

function requiredNames(properties: Readonly<Record<string, Property>>): string[] {
  return Object.keys(properties).filter((name) => properties[name]!.required);
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? "an" : "a";
}

export const media: {
  /** An image: `{ mimeType: "image/png", data }` (data as base64 or bytes). */
  readonly image: (options?: MediaOptions) => MediaSchema<MediaImage>;
  /** Audio: `{ mimeType: "audio/wav", data }`. */
  readonly audio: (options?: MediaOptions) => MediaSchema<MediaAudio>;
  /** A named file: `{ name: "report.pdf", mimeType, data, uri? }`. */
  readonly file: (options?: MediaOptions) => MediaSchema<MediaFile>;
  /** A link to a resource the client can read: `{ uri, name, title?, description?, mimeType?, size? }`. */
  readonly resourceLink: (options?: MediaOptions) => MediaSchema<MediaResourceLink>;
  /** A resource's contents inline: `{ uri, mimeType?, text }` or `{ uri, mimeType?, data }`. */
  readonly resource: (options?: MediaOptions) => MediaSchema<MediaResource>;
} = Object.freeze({
  image: (options?: MediaOptions) =>
    build<MediaImage>("image", options, { mimeType: mimeType(true, "image", options ?? {}), data: bytes(true) }),
  audio: (options?: MediaOptions) =>
    build<MediaAudio>("audio", options, { mimeType: mimeType(true, "audio", options ?? {}), data: bytes(true) }),
  file: (options?: MediaOptions) =>
    build<MediaFile>("file", options, {
      name: text(true, { type: "string", minLength: 1 }),
      mimeType: mimeType(true, "file", options ?? {}),
      data: bytes(true),
      uri: text(false, { type: "string", format: "uri" }),
    }),
  resourceLink: (options?: MediaOptions) =>
    build<MediaResourceLink>("resource_link", options, {
      uri: text(true, { type: "string", format: "uri" }),
      name: text(true),
      title: text(false),
      description: text(false),
      mimeType: mimeType(false, "resource_link", options ?? {}),
      size,
    }),
  resource: (options?: MediaOptions) =>
    build<MediaResource>(
      "resource",
      options,
      {
        uri: text(true, { type: "string", format: "uri" }),
        mimeType: mimeType(false, "resource", options ?? {}),
        text: text(false),
        data: bytes(false),
      },
      (value) =>
        (value.text === undefined) === (value.data === undefined)
          ? { message: "a resource carries exactly one of text and data" }
          : undefined,
      { oneOf: [{ required: ["text"] }, { required: ["data"] }] },
    ),
});
