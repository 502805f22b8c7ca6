/**
 * The copies of @axn/core sharing this process's kernel state, for diagnostics (`axn doctor`):
 * more than one means an app installed @axn/core twice — it works, but a dedupe saves the second
 * load and keeps every package on one version. `resetKernel` forgets the copies that joined after
 * the first (see there).
 */
import { kernel, type KernelCopy } from "./state.js";

/** Every copy of @axn/core that joined the kernel state, the first one first. */
export function kernelCopies(): readonly KernelCopy[] {
  return [...kernel.copies];
}
