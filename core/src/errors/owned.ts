/**
 * `ownedFailure(exception)`: true when an exception is axn-owned — a `Failure`, or an inbound
 * validation error settled user-facing — so its `message` is meant for the client. False for a
 * foreign exception (even one `failsOn` reclassified as a failure), whose message is a technical
 * cause an adapter must not leak.
 */
import { Failure } from "./failure.js";
import { InboundValidationError } from "./validation.js";

export function ownedFailure(exception: unknown): boolean {
  return exception instanceof Failure || (exception instanceof InboundValidationError && exception.userFacing);
}
