/**
 * Reads a request body under a byte limit, before anything parses it. The declared
 * `Content-Length` only lets an oversize body be refused without reading it; the limit itself is
 * enforced on the bytes as they stream in, so a body that is chunked, or longer than its header
 * says (a `fetch` handler on another runtime may be handed such a `Request`), is cut off at the
 * limit. hono's `bodyLimit` middleware trusts `Content-Length` when it is present, which is why
 * this is not that.
 */
export type BodyRead = { readonly ok: true; readonly bytes: Uint8Array } | { readonly ok: false };

/**
 * `declaredLength` is the request's `Content-Length` when the caller already has it at hand
 * (cheaper than asking the `Request` for it on some servers); otherwise it is read from the request.
 */
export async function readBodyWithin(request: Request, maxBytes: number, declaredLength?: string | null): Promise<BodyRead> {
  const declared = declaredLength === undefined ? request.headers.get("content-length") : declaredLength;
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared.trim()) > maxBytes) {
    await request.body?.cancel().catch(() => undefined);
    return { ok: false };
  }
  if (declared !== null && /^\d+$/.test(declared.trim())) {
    // A declared length within the limit: one buffered read is far cheaper than pulling web-stream
    // chunks, and on @hono/node-server it does not even touch `request.body` (which would build a
    // full web Request). Node's HTTP parser frames the body by that length; elsewhere the size is
    // still checked after the read, so a body longer than its header never gets past the limit.
    // `bytes()` where the runtime has it: the same buffered read without an extra copy.
    const withBytes = request as Request & { bytes?: () => Promise<Uint8Array> };
    const bytes = typeof withBytes.bytes === "function" ? await withBytes.bytes() : new Uint8Array(await request.arrayBuffer());
    return bytes.byteLength > maxBytes ? { ok: false } : { ok: true, bytes };
  }
  if (request.body === null) return { ok: true, bytes: new Uint8Array(0) };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return { ok: false };
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, bytes };
}
