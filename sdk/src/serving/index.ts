/**
 * @axn/sdk/serving — the serving policy for transport authors: what every HTTP-served transport
 * applies alike (the Host/Origin policy, authentication, the concurrent-call cap, the RFC 9728
 * metadata, a 413 the client receives, the one body reader and the one JSON Content-Type rule),
 * and the `serve` settings it reads. `axn serve` hands a
 * transport its policy in `start({ serving })`; a transport used on its own builds one with
 * `servingPolicy()`.
 *
 * Everything exported from this file is public API of @axn/sdk/serving, named one by one and pinned by
 * test/api-surface.spec.ts: a change here is an API change.
 *
 * @example
 * ```ts
 * const serving = servingPolicy({ hostname: "127.0.0.1" });
 * const refused = serving.checkRequest(request);
 * if (refused) return new Response(JSON.stringify({ error: refused.message }), { status: refused.status });
 * const who = await serving.authenticate(request, "/echo");
 * ```
 */
export { servingPolicy, type ServingPolicyOptions } from "./policy.js";
export {
  servingConfig,
  DEFAULT_CALL_TIMEOUT_MS,
  DEFAULT_MAX_CONCURRENT_CALLS,
  SERVE_NAMESPACE,
  principalFromEnv,
} from "./settings.js";
export { hostPolicy, nodeHostHeader, HostMessages, type HostPolicy, type HostPolicyOptions } from "./hosts-policy.js";
export {
  AuthMessages,
  authenticateRequest,
  authenticationConfigured,
  type AuthenticateOptions,
} from "./authenticate-request.js";
export {
  protectedResourceMetadata,
  protectedResourceMetadataUrl,
  PROTECTED_RESOURCE_PATH,
  type ProtectedResourceMetadata,
} from "./protected-resource.js";
export { callLimiter, CallSlot, BUSY_MESSAGE, BUSY_RETRY_AFTER_SECONDS, type CallLimiter } from "./call-limiter.js";
export { declaredTooLarge, drain, endAfterBody, replyAndDrain, MAX_DRAIN_BYTES } from "./body-limit.js";
export { publicOrigin, type HeaderReader } from "./public-origin.js";
export { requestHead } from "./request-head.js";
export {
  readBodyWithin,
  readNodeBody,
  readNodeBodyInto,
  unreadNodeBody,
  type BodyRead,
  type BodyReceiver,
} from "./read-body.js";
export { isJsonContentType } from "./json-content-type.js";
