/**
 * One `@axn/sdk` per process (issue 29). The SDK declares the `serve` settings (and the state every
 * transport reads) at module load, so a second copy — a linked plugin, a plugin with its own
 * install — would declare them again: the app's `serve.authenticate` written into the plugin's
 * copy while `axn serve` reads its own, authentication silently off. Rather than share half the
 * state, a second copy refuses to load: the first copy to declare the settings claims the process
 * (a slot on `globalThis`, the way `@axn/core` shares its kernel), and a copy from another path
 * throws `AXN_KERNEL_MISMATCH` naming both paths and the fix. The same copy loaded again (a
 * module re-imported under another query, in tests) is the same path, and loads.
 *
 * `axn doctor` lists the copies that tried to load ({@link sdkCopies}) and exits non-zero.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { AxnError, ErrorCodes } from "@axn/core";

export interface SdkCopy {
  /** The package folder (`…/node_modules/@axn/sdk`). */
  readonly path: string;
  readonly version: string;
}

const SDK_COPIES_KEY = Symbol.for("axn.sdk.copies");

export const SDK_DEDUPE_FIX =
  "Make @axn/sdk a peer dependency of the package that installs its own copy (peerDependencies, not dependencies), then run npm dedupe so the app loads one @axn/sdk.";

/** A second copy's refusal; `sdkCopies` marks it for `axn doctor` (an `instanceof` cannot: the class is the other copy's). */
class SdkCopyError extends AxnError {
  readonly sdkCopies: readonly SdkCopy[];
  constructor(copy: SdkCopy, first: SdkCopy) {
    super(
      ErrorCodes.KernelMismatch,
      `Two copies of @axn/sdk in one process: @axn/sdk ${copy.version} at ${copy.path} cannot load beside @axn/sdk ` +
        `${first.version} at ${first.path}, which loaded first and holds the serve settings (a second copy would keep ` +
        `settings of its own, and serve.authenticate would not reach the server). ${SDK_DEDUPE_FIX}`,
    );
    this.sdkCopies = [first, copy];
  }
}

/** This copy: its package folder, found from this module's place in it (`dist/serving/one-sdk.js`), and its version. */
function thisCopy(): SdkCopy {
  const path = fileURLToPath(new URL("../..", import.meta.url)).replace(/[\\/]$/, "");
  const { version } = JSON.parse(readFileSync(join(path, "package.json"), "utf8")) as { version: string };
  return { path, version };
}

function copiesSlot(): SdkCopy[] {
  const holder = globalThis as { [SDK_COPIES_KEY]?: SdkCopy[] };
  const existing = holder[SDK_COPIES_KEY];
  if (existing !== undefined) return existing;
  const copies: SdkCopy[] = [];
  Object.defineProperty(holder, SDK_COPIES_KEY, { value: copies, enumerable: false });
  return copies;
}

/** Claims the process for this copy; throws for a copy from another path than the first. */
export function claimSdk(): void {
  const copies = copiesSlot();
  const copy = thisCopy();
  const first = copies[0];
  if (first === undefined) {
    copies.push(copy);
    return;
  }
  if (first.path === copy.path) return;
  if (!copies.some((known) => known.path === copy.path)) copies.push(copy);
  throw new SdkCopyError(copy, first);
}

/** Every copy of `@axn/sdk` that loaded or tried to, the first (the one in use) first. */
export function sdkCopies(): readonly SdkCopy[] {
  return [...copiesSlot()];
}

/** Whether `error` (or a cause) is a second copy's refusal. */
export function isSdkCopyError(error: unknown): boolean {
  for (
    let cause = error, hops = 0;
    typeof cause === "object" && cause !== null && hops < 8;
    cause = (cause as { cause?: unknown }).cause, hops++
  )
    if (Array.isArray((cause as { sdkCopies?: unknown }).sdkCopies)) return true;
  return false;
}
