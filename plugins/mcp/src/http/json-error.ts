/**
 * The JSON-RPC error bodies the Streamable HTTP handler answers with, each with `nosniff` so a
 * browser never reads one as anything else. (The Host and Origin checks themselves are the
 * serving policy's, `@axn/sdk/serving`, shared with every HTTP transport of the server.)
 */
import { LOOPBACK_HOSTS } from "@axn/sdk/adapter";

/** Loopback hostnames (as `URL#hostname` spells them), allowed by default. */
export const LOCALHOST_NAMES: readonly string[] = LOOPBACK_HOSTS;

/** A JSON-RPC error body (`id: null`: the request it answers may not have been parsed). */
export function jsonError(
  status: number,
  code: number,
  message: string,
  headers: Readonly<Record<string, string>> = {},
): Response {
  return new Response(jsonErrorBody(code, message), {
    status,
    headers: { "Content-Type": "application/json", "X-Content-Type-Options": "nosniff", ...headers },
  });
}

export function jsonErrorBody(code: number, message: string): string {
  return JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null });
}

/** `nosniff` on a response the SDK built (its own JSON errors lack it). */
export function withNosniff(response: Response): Response {
  try {
    response.headers.set("X-Content-Type-Options", "nosniff");
    return response;
  } catch {
    // Immutable headers (a response from fetch): copy it.
    const headers = new Headers(response.headers);
    headers.set("X-Content-Type-Options", "nosniff");
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}
