/**
 * One tool route with everything its calls need decided once, when the app is built: the
 * operation, whether its action has an access policy to check before the body, the body limit, the
 * serving policy, and the replies that do not depend on the request. Both listeners answer a call
 * with `answerToolCall(route, request)`; neither recomputes any of this per request.
 */
import { isPublic, type HttpServingPolicy } from "@axn/core";
import { BUSY_MESSAGE, BUSY_RETRY_AFTER_SECONDS } from "@axn/sdk/serving";
import type { RoundStateCodec, ToolPipelineInto } from "@axn/sdk/adapter";
import { operationInvoker, type HttpOperation } from "../operation/wrap.js";
import { errorReply, InputMessages, Messages, type HttpReply } from "../replies.js";

export interface ToolRoute {
  readonly op: HttpOperation;
  /** `op`'s pipeline, told to the call's own object (operation/wrap.ts). */
  readonly invoke: ToolPipelineInto<HttpReply>;
  /** The full path, `{basePath}/{tool}/v{n}`. */
  readonly path: string;
  readonly basePath: string;
  /** The resource the RFC 9728 metadata names: the base path, or `/` for none. */
  readonly resourcePath: string;
  /**
   * The action is not public: a caller is checked against its policy before the body is read. (A
   * default policy changed later still holds: the Invoker checks every call again.)
   */
  readonly restricted: boolean;
  readonly maxBodyBytes: number;
  readonly serving: HttpServingPolicy;
  readonly tooLarge: HttpReply;
  /** Signs and opens the state of a call that asks for input (pipeline/input-round.ts). */
  readonly roundState: RoundStateCodec;
}

export interface ToolRouteSettings {
  readonly basePath: string;
  readonly maxBodyBytes: number;
  readonly serving: HttpServingPolicy;
  readonly roundState: RoundStateCodec;
}

export function toolRoute(
  op: HttpOperation,
  { basePath, maxBodyBytes, serving, roundState }: ToolRouteSettings,
): ToolRoute {
  return Object.freeze({
    op,
    invoke: operationInvoker(op),
    path: `${basePath}${op.route}`,
    basePath,
    resourcePath: basePath === "" ? "/" : basePath,
    restricted: !isPublic(op.action),
    maxBodyBytes,
    serving,
    tooLarge: errorReply(413, Messages.tooLarge(maxBodyBytes)),
    roundState,
  });
}

/** The replies no request changes, built once. */
export const FixedReplies = Object.freeze({
  methodNotAllowed: errorReply(405, Messages.methodNotAllowed, { allow: "POST" }),
  unsupportedMediaType: errorReply(415, Messages.unsupportedMediaType),
  answersInBackground: errorReply(400, InputMessages.inBackground),
  incompleteBody: errorReply(400, Messages.incompleteBody),
  busy: errorReply(503, BUSY_MESSAGE, { "retry-after": String(BUSY_RETRY_AFTER_SECONDS) }),
  unrenderable: errorReply(500, Messages.unrenderable),
  internal: errorReply(500, Messages.internal),
} satisfies Record<string, HttpReply>);
