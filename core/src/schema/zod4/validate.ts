/**
 * zod 4 validation (classic and mini schemas alike), with issues in axn's shape. The schema's own
 * `_zod.run` is called the way zod's `safeParse` calls it, without what `safeParse` allocates per
 * call that a field check never reads (a `{ success, data }` wrapper). The parse context is the
 * call side's scope when one is given (read-schema.ts `validationScope`: one per side of one call,
 * as `z.object` shares one between its properties), else a fresh one as `safeParse` makes; never a
 * module-level one — zod memoizes into it (`~memo`, recursive schemas). A refusal's issues are
 * finalized exactly as `safeParse`'s error finalizes them.
 */
import { $ZodAsyncError, config, util, type $ZodType } from "zod/v4/core";
import type { ValidationOutcome, ValidationRefusal, ValidationScope } from "../schema-kind.js";
import type { Zod4Schema } from "./def.js";

/** What `_zod.run` hands back: the parsed value and the issues raised on the way. */
export interface Payload {
  value: unknown;
  issues: object[];
}

export function zod4Validate(schema: Zod4Schema, value: unknown, scope?: ValidationScope): ValidationOutcome {
  const internals = (schema as unknown as $ZodType)._zod;
  const context = scope ?? { async: false };
  const result = internals.run({ value, issues: [] }, context as never) as Payload | Promise<Payload>;
  // What `safeParse` does with an async refinement or transform: refuse it, synchronously.
  if (result instanceof Promise) throw new $ZodAsyncError();
  if (result.issues.length === 0) return { ok: true, value: result.value };
  return zod4Refusal(result, context);
}

/** A payload's issues (at least one), finalized as `safeParse`'s error finalizes them, in axn's shape. */
export function zod4Refusal(result: Payload, context: object): ValidationRefusal {
  return {
    ok: false,
    issues: result.issues.map((raw) => {
      const issue = util.finalizeIssue(raw as never, context as never, config());
      return {
        path: issue.path.map((key) => (typeof key === "number" ? key : String(key))),
        message: issue.message,
        code: issue.code,
      };
    }),
  };
}
