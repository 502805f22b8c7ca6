/** Spec helpers for the render specs. */
import { expect } from "chai";
import { ErrorCodes, isAxnError, type UnserializableValue } from "@axn/core";

/**
 * The refusal `fn` throws, asserted to be an UnserializableValue — from @axn/core's `render` or from
 * the source `renderValue` (two copies of the class; the brand spans both).
 */
export function refusal(fn: () => unknown): UnserializableValue {
  try {
    fn();
  } catch (error) {
    expect(isAxnError(error) && error.code === ErrorCodes.Unserializable, String(error)).to.equal(true);
    return error as UnserializableValue;
  }
  expect.fail("expected an UnserializableValue");
}
