/**
 * Per-action settings the adapter declares: `presentAs` (when it has one) and
 * `rejectOpaqueExposedValues`, each resolved for the action being called, not package-wide.
 */
import { broken, show, showText } from "../conventions.js";
import type { Harness } from "./harness.js";
import { SKIPPED, type ConformanceCheck } from "./types.js";

export function settingChecks<W>(h: Harness<W>): ConformanceCheck[] {
  const { label, key } = h;
  return [
    h.check(
      "present-as",
      "a per-action presentAs is honoured (when the adapter declares presentAs)",
      async ({ presentedAsMessage }) => {
        if (presentedAsMessage === undefined) return SKIPPED;
        const reference = await h.reference(presentedAsMessage, { query: "pm" });
        const answer = await h.callAlone(presentedAsMessage, { query: "pm" });
        if (!answer.ok || answer.text !== reference.message) {
          throw broken(
            label,
            "presentAs",
            `${presentedAsMessage.name} declares configure: { ${key}: { presentAs: "message" } } (the package value is "structured") and was answered ${showText(answer.text)}, not its message ${show(reference.message)}`,
          );
        }
      },
    ),

    h.check(
      "reject-opaque",
      "rejectOpaqueExposedValues is resolved per action",
      async ({ opaqueRefused, opaqueRendered }) => {
        if (opaqueRefused === undefined) {
          throw broken(
            label,
            "rejectOpaque",
            `the config namespace "${key}" declares no overridable rejectOpaqueExposedValues setting`,
          );
        }
        const rendered = await h.callAlone(opaqueRendered, {});
        if (!rendered.ok) {
          throw broken(
            label,
            "rejectOpaque",
            `${opaqueRendered.name} exposes an opaque value and sets no rejectOpaqueExposedValues (the package value is false), and was refused: ${showText(rendered.text)}`,
          );
        }
        const refused = await h.callAlone(opaqueRefused, {});
        if (refused.ok) {
          throw broken(
            label,
            "rejectOpaque",
            `${opaqueRefused.name} declares configure: { ${key}: { rejectOpaqueExposedValues: true } } (the package value is false), and its opaque value was rendered: ${showText(refused.text)}`,
          );
        }
      },
    ),
  ];
}
