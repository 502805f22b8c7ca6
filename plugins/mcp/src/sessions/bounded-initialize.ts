/**
 * What a session keeps of the client's `initialize`, bounded: the SDK server holds the client's
 * `capabilities` and `clientInfo` for the session's life and the session store records them, so a
 * body of 1 MB of `capabilities.experimental` would otherwise cost ~1 MiB per session (issue 29).
 *
 * Within the bounds the message is untouched. Past them it is summarized, never refused (a client
 * declaring too much is still a client): `capabilities` loses `experimental` (axn reads none of it)
 * and any other entry larger than {@link MAX_CAPABILITY_BYTES}; `clientInfo` keeps its name,
 * version and title, each cut to {@link MAX_INFO_CHARS} characters. A message of any other shape
 * is passed on as it is, for the SDK to refuse.
 *
 * @example
 * ```ts
 * boundedInitialize({ jsonrpc: "2.0", id: 0, method: "initialize", params: { capabilities: { experimental: huge }, … } });
 * // params.capabilities: {} — what the session keeps
 * ```
 */

/** `capabilities` up to this size (JSON bytes) are kept as sent. */
const MAX_CAPABILITIES_BYTES = 16 * 1024;
/** Past {@link MAX_CAPABILITIES_BYTES}, each entry (other than `experimental`) up to this size is kept. */
const MAX_CAPABILITY_BYTES = 1024;
/** `clientInfo` up to this size (JSON bytes) is kept as sent. */
const MAX_CLIENT_INFO_BYTES = 2048;
/** Past {@link MAX_CLIENT_INFO_BYTES}, each of name, version and title is cut to this many characters. */
const MAX_INFO_CHARS = 256;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function bytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value) ?? "");
}

function boundedCapabilities(capabilities: Json): Json {
  if (bytes(capabilities) <= MAX_CAPABILITIES_BYTES) return capabilities;
  const kept: Json = {};
  for (const [key, value] of Object.entries(capabilities))
    if (key !== "experimental" && bytes(value) <= MAX_CAPABILITY_BYTES) kept[key] = value;
  return kept;
}

function boundedClientInfo(info: Json): Json {
  if (bytes(info) <= MAX_CLIENT_INFO_BYTES) return info;
  const kept: Json = {};
  for (const key of ["name", "version", "title"])
    if (typeof info[key] === "string") kept[key] = (info[key] as string).slice(0, MAX_INFO_CHARS);
    else if (info[key] !== undefined) kept[key] = info[key];
  return kept;
}

/** The body with its `initialize` bounded; any other body, the same object. */
export function boundedInitialize(body: unknown): unknown {
  if (!isObject(body) || body["method"] !== "initialize" || !isObject(body["params"])) return body;
  const params = body["params"];
  const capabilities = isObject(params["capabilities"])
    ? boundedCapabilities(params["capabilities"])
    : params["capabilities"];
  const clientInfo = isObject(params["clientInfo"]) ? boundedClientInfo(params["clientInfo"]) : params["clientInfo"];
  if (capabilities === params["capabilities"] && clientInfo === params["clientInfo"]) return body;
  return { ...body, params: { ...params, capabilities, clientInfo } };
}
