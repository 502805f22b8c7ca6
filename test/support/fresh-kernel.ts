/** Registers hooks that give every spec in the suite a fresh host and an empty action catalog. */
import { resetHost } from "@axn/core";
import { clearCatalog } from "@axn/core/internal";

export function freshKernel(): void {
  const reset = (): void => {
    resetHost();
    clearCatalog();
  };
  beforeEach(reset);
  after(reset);
}
