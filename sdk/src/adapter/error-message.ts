/**
 * `errorMessage`: the message of whatever was thrown, for a message of the adapter's own that
 * keeps the cause readable — an `Error`'s `message`, anything else as `String()` gives it. For
 * developer-facing errors only (an app hook that threw); a client never sees an exception's message.
 *
 * @example
 * ```ts
 * throw new Error(`axn-plugin-fncall: onSetup threw: ${errorMessage(error)}`, { cause: error });
 * ```
 */
export { errorMessage } from "@axn/core/internal";
