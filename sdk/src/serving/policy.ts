/**
 * `servingPolicy`: the {@link HttpServingPolicy} one server applies on every HTTP transport it
 * mounts — the Host/Origin policy, the app's `authenticate`, and one cap on concurrent tool
 * calls — built from the app's `serve` settings (each overridable here). `axn serve` builds one
 * per run and hands it to every transport's `start`; a transport used on its own builds its own.
 */
import type { HttpServingPolicy, ServingRefusal } from "@axn/core";
import type { Authenticate } from "../auth/verdict.js";
import { authenticateRequest, authenticationConfigured } from "./authenticate-request.js";
import { callLimiter } from "./call-limiter.js";
import { hostPolicy } from "./hosts-policy.js";
import { servingConfig } from "./settings.js";

export interface ServingPolicyOptions {
  /** The address the server binds (default `127.0.0.1`). */
  readonly hostname?: string;
  readonly allowedHosts?: readonly string[] | false | null;
  readonly allowedOrigins?: readonly string[] | false | null;
  readonly authenticate?: Authenticate | null;
  readonly anonymous?: boolean;
  readonly maxConcurrentCalls?: number;
  /** Names the transport in reports (`"mcp http"`). */
  readonly phase?: string;
}

export function servingPolicy(options: ServingPolicyOptions = {}): HttpServingPolicy {
  const hosts = hostPolicy({
    hostname: options.hostname ?? "127.0.0.1",
    ...(options.allowedHosts === undefined ? {} : { allowedHosts: options.allowedHosts }),
    ...(options.allowedOrigins === undefined ? {} : { allowedOrigins: options.allowedOrigins }),
  });
  const limiter = callLimiter(options.maxConcurrentCalls ?? servingConfig.get("maxConcurrentCalls"));
  const auth = {
    ...(options.authenticate === undefined ? {} : { authenticate: options.authenticate }),
    ...(options.anonymous === undefined ? {} : { anonymous: options.anonymous }),
  };
  const phase = options.phase ?? "http";
  return Object.freeze({
    checkRequest(request: Request): ServingRefusal | undefined {
      // A `Request` built by hand (a fetch handler called directly) has no Host header: its URL's host is where it was sent.
      const host = request.headers.get("host") ?? new URL(request.url).host;
      const message = hosts.checkHost(host) ?? hosts.checkOrigin(request.headers.get("origin"), host);
      return message === undefined ? undefined : { ok: false, status: 403, message, headers: {} };
    },
    authenticate: (request: Request, path: string) => authenticateRequest(request, path, phase, auth),
    authenticates: authenticationConfigured(auth),
    acquireCall: () => limiter.tryAcquire(),
  });
}
