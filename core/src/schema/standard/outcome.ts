/**
 * A Standard Schema result in axn's shape: the value, or the issues with their paths as plain
 * keys — what a Standard kind's reader and its batch both answer, so the two agree to the byte.
 */
import type { StandardSchemaV1 } from "@standard-schema/spec";
import type { ValidationOutcome } from "../schema-kind.js";

export function standardOutcome(
  result: StandardSchemaV1.Result<unknown> | Promise<StandardSchemaV1.Result<unknown>>,
  vendor: string,
): ValidationOutcome {
  if (typeof (result as { then?: unknown }).then === "function") {
    throw new TypeError(
      `a ${vendor} schema validated asynchronously: axn validates fields synchronously, so use a schema without async checks`,
    );
  }
  const settled = result as StandardSchemaV1.Result<unknown>;
  if (settled.issues === undefined) return { ok: true, value: settled.value };
  return {
    ok: false,
    issues: settled.issues.map((issue) => ({
      // Array.from, not .map: a library's path may be an array subclass (ArkType's ReadonlyPath).
      path: Array.from(issue.path ?? [], (segment) => {
        const key = typeof segment === "object" && segment !== null ? segment.key : segment;
        return typeof key === "number" ? key : String(key);
      }),
      message: issue.message,
      code:
        typeof (issue as { code?: unknown }).code === "string" ? String((issue as { code?: unknown }).code) : "invalid",
    })),
  };
}
