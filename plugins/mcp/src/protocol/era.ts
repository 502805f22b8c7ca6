/** Which protocol a request speaks: `legacy` for 2025-11-25 and before, `modern` for 2026-07-28. */
export type McpEra = "legacy" | "modern";
