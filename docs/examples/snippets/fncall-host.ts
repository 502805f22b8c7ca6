/**
 * docs/adapter-authoring.md — loading the example adapter through a real host. Loading this module
 * starts the process's host, so test/docs/snippets.spec.ts imports it inside a spec.
 */
import { createHost } from "@axn/sdk";
import fncall, { tools } from "./fncall-adapter.js";

await createHost({ config: { plugins: [fncall] }, cwd: import.meta.dirname });
tools().map((t) => t.name); // ["billing_lookup_invoice", "extend_trial"]

export const served = tools();
