/**
 * What a transport author hands the served suite: the plugin, the name of the HTTP transport it
 * registers with `registerTransport`, and a small driver saying how one tool call travels through
 * that endpoint — the request to send, and what the client reads from the response. The suite
 * serves the endpoint under `axn serve`'s own shared server with the app's serving policy, sends
 * the requests itself (so it can change the Host, Origin and Authorization headers and the body's
 * size), and reads only what the driver says the client read.
 */
import type { AnyAxnPlugin } from "../../plugin.js";

/** One tool call the suite wants made through the endpoint. */
export interface ServedToolCall {
  /** The endpoint's URL: the server's origin and the transport's path (`http://127.0.0.1:40123/chat`). */
  readonly url: string;
  /** The tool to call, by `action.toolName(key)`. */
  readonly tool: string;
  /** The model's arguments. */
  readonly args: Readonly<Record<string, unknown>>;
}

/** The HTTP request that makes the call. The suite adds `Authorization`, and for some checks `Host` / `Origin`. */
export interface ServedRequest {
  /** Default `POST`. */
  readonly method?: string;
  /** Default the endpoint's URL. */
  readonly url?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
}

/** The response as the client received it. */
export interface ServedResponse {
  readonly status: number;
  /** Lower-case names. */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: string;
}

/** What the client read: whether the tool call succeeded, and the text it was told. */
export interface ServedReply {
  readonly ok: boolean;
  readonly text: string;
}

export interface ServedEndpointDriver {
  /** The suite's title and the start of every failure message: the plugin's package name. */
  readonly name: string;
  /** The plugin (its package's default export), loaded through `createHost` as an app lists it. */
  readonly plugin: AnyAxnPlugin;
  readonly options?: unknown;
  readonly requires?: readonly AnyAxnPlugin[];
  /**
   * The adapter key whose members the endpoint serves: the suite's probes are members of it. The
   * plugin registers it, or one of `requires` does (a transport serving another adapter's tools).
   */
  readonly key: string;
  /** The name of the `kind: "http"` transport the plugin registers. */
  readonly transport: string;
  /** The most bytes of a request body the endpoint reads: the suite sends a larger one and expects 413. */
  readonly maxBodyBytes: number;
  /** The request for one tool call. */
  request(call: ServedToolCall): ServedRequest;
  /** What the client read from a response to such a request. */
  reply(response: ServedResponse): ServedReply | Promise<ServedReply>;
}
