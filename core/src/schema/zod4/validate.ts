/**
 * zod 4 validation through the core's `safeParse` (classic and mini schemas alike), with issues in
 * axn's shape.
 */
import { safeParse, type $ZodType } from "zod/v4/core";
import type { ValidationOutcome } from "../schema-kind.js";
import type { Zod4Schema } from "./def.js";

export function zod4Validate(schema: Zod4Schema, value: unknown): ValidationOutcome {
  const parsed = safeParse(schema as unknown as $ZodType, value);
  if (parsed.success) return { ok: true, value: parsed.data };
  return {
    ok: false,
    issues: parsed.error.issues.map((issue) => ({
      path: issue.path.map((key) => (typeof key === "number" ? key : String(key))),
      message: issue.message,
      code: issue.code,
    })),
  };
}
