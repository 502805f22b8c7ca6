/**
 * docs/plugins.md, "Ordering" — two observers placed with tapable's options and axn's named
 * stages. Pinned by test/docs/pages.spec.ts.
 */
import { HookStage, type AxnHost, type ResultInfo } from "@axn/core";

export function tapInOrder(host: AxnHost, record: (info: ResultInfo) => void, trace: (info: ResultInfo) => void): void {
  host.hooks.onResult.tap({ name: "axn-plugin-audit", stage: HookStage.Late }, record);  // after Default
  host.hooks.onResult.tap({ name: "axn-plugin-trace", before: "axn-plugin-audit" }, trace);
}
