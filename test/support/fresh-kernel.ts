/** Registers hooks that give every spec in the suite a fresh kernel state (the shipped reset). */
import { resetKernel } from "@axn/sdk/testing";

export function freshKernel(): void {
  beforeEach(resetKernel);
  after(resetKernel);
}
