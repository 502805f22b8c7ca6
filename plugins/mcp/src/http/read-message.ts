/**
 * Reads the body of a Streamable HTTP POST before the SDK sees it, so the rules every
 * HTTP-served transport shares hold here too: a body over the limit is `413` (read no further);
 * bytes that are not UTF-8 are refused (`400`, as the HTTP API refuses them) instead of being
 * decoded into U+FFFD and run; malformed JSON is a parse error. The parsed value goes to the
 * SDK's transport as `parsedBody`.
 */
import { readBodyWithin } from "@axn/sdk/serving";

export type MessageRead =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly status: 400 | 413; readonly code: number; readonly message: string };

export const ReadMessages = {
  tooLarge: (limit: number): string => `Payload too large: the request body exceeds ${limit} bytes`,
  notUtf8: "Parse error: the request body is not valid UTF-8",
  notJson: "Parse error: Invalid JSON",
  incomplete: "Parse error: the request body ended early",
} as const;

const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

export async function readMessage(request: Request, limit: number): Promise<MessageRead> {
  // The one body reader of every HTTP transport (@axn/sdk/serving): the limit on the bytes as they arrive.
  const read = await readBodyWithin(request, limit);
  if (!read.ok)
    return read.reason === "tooLarge"
      ? tooLarge(limit)
      : { ok: false, status: 400, code: -32700, message: ReadMessages.incomplete };
  const bytes = read.bytes;
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    return { ok: false, status: 400, code: -32700, message: ReadMessages.notUtf8 };
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, status: 400, code: -32700, message: ReadMessages.notJson };
  }
}

function tooLarge(limit: number): MessageRead {
  return { ok: false, status: 413, code: -32000, message: ReadMessages.tooLarge(limit) };
}

/** The request ids a batch (or single message) cancels with `notifications/cancelled`. */
export function cancelledRequestIds(value: unknown): (string | number)[] {
  const messages = Array.isArray(value) ? value : [value];
  const ids: (string | number)[] = [];
  for (const message of messages) {
    if (typeof message !== "object" || message === null) continue;
    const { method, params } = message as { method?: unknown; params?: { requestId?: unknown } };
    const id = params?.requestId;
    if (method === "notifications/cancelled" && (typeof id === "string" || typeof id === "number")) ids.push(id);
  }
  return ids;
}

/**
 * Whether a message (or one of a batch) has an own `__proto__` key on the envelope or its params.
 * JSON.parse keeps it as data, but the SDK's zod parse drops it, so a gateway reading these bytes
 * and the server would disagree about the request: refused before the SDK sees it.
 */
export function hasProtoKey(value: unknown): boolean {
  const messages = Array.isArray(value) ? value : [value];
  return messages.some((message) => {
    if (typeof message !== "object" || message === null) return false;
    const params = (message as { params?: unknown }).params;
    return (
      Object.hasOwn(message, "__proto__") ||
      (typeof params === "object" && params !== null && Object.hasOwn(params, "__proto__"))
    );
  });
}
