/**
 * docs/serialization.md — rendering a result's exposed values. Pinned by test/docs/pages.spec.ts.
 */
import { render, UnserializableValue } from "@axn/core";

const result = await Report.call({});
const body = render(result);                          // { records: [...] }
const strict = render(result, { rejectOpaque: true }); // e.g. a published HTTP contract

// What the lines above assume (imports are hoisted).
import { Report } from "./report.js";
export { body, strict, UnserializableValue };
