/**
 * @axn/core — the kernel: typed actions and results, the config store, the extension registry,
 * the tool registry, schema and value reflection, the Invoker, ambient context, tracing and the
 * host hooks. No transport code lives here.
 *
 * @example
 * ```ts
 * import { defineAxn } from "@axn/core";
 * import { z } from "zod";
 *
 * export const Greet = defineAxn({
 *   name: "Greet",
 *   expects: { name: z.string() },
 *   exposes: { greeting: z.string() },
 *   call: ({ name }) => ({ greeting: `Hello, ${name}` }),
 * });
 * const result = await Greet.call({ name: "Ada" }); // result.greeting === "Hello, Ada"
 * ```
 */
export const VERSION = "0.1.0";

// --- errors ---
export { isAxnError, markAxnError, type BrandedError } from "./errors/brand.js";
export { AxnError } from "./errors/axn-error.js";
export { ErrorCodes, type ErrorCode } from "./errors/codes.js";

// --- action ---
export { Failure } from "./action/failure.js";
export { Result, type Outcome } from "./action/result.js";
export type * from "./action/types.js";
export type * from "./action/fields.js";
export type * from "./action/registries.js";
export type { JsonSchema, JsonValue } from "./schema/json-schema-types.js";

// --- schema (zod module) ---

// --- render ---

// --- config / extensions / host ---

// --- tools / invoker ---
