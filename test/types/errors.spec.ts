/**
 * Type-level specs for error codes (checked by `tsc -b`): `code` is the documented union, narrowed
 * on each core error class, and open to a plugin's own codes.
 */
import { expect } from "chai";
import {
  AxnError,
  type HookError,
  type InboundValidationError,
  type UnserializableValue,
  type ValidationError,
  isAxnError,
  type AxnErrorCode,
  type ErrorCode,
} from "@axn/core";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assertType = <T extends true>(): T => true as T;

describe("types: error codes", () => {
  it("types code as the documented union, narrowed per class, open to plugin codes", () => {
    assertType<Equal<AxnError["code"], AxnErrorCode>>();
    assertType<Equal<AxnErrorCode, ErrorCode | (string & {})>>();
    assertType<Equal<InboundValidationError["code"], "AXN_INBOUND_INVALID">>();
    assertType<Equal<ValidationError["code"], "AXN_INBOUND_INVALID" | "AXN_OUTBOUND_INVALID">>();
    assertType<Equal<HookError["code"], "AXN_HOOK_FAILED">>();
    assertType<Equal<UnserializableValue["code"], "AXN_UNSERIALIZABLE_VALUE">>();
    const plugin = new AxnError("WEBHOOKS_RETRY_LATER", "Retry in 30s");
    const unknown: unknown = plugin;
    if (isAxnError(unknown)) assertType<Equal<typeof unknown.code, AxnErrorCode>>();
    expect(plugin.code).to.equal("WEBHOOKS_RETRY_LATER");
  });
});
