/** The error `fn` throws, for asserting on its code and message together; fails the spec if it does not throw. */
import type { AxnError } from "@axn/core";

export function thrown(fn: () => unknown): AxnError {
  try {
    fn();
  } catch (error) {
    return error as AxnError;
  }
  throw new Error("expected a throw");
}
