/**
 * The canonical JSON of a value (object keys sorted, `undefined` members dropped) and its digest:
 * two equal questions, or two equal argument objects built in another key order, digest alike —
 * which is what binds an answer to its question and a round's state to its call.
 */
import { createHash } from "node:crypto";

/** JSON with object keys sorted, so equal values built in another key order serialize alike. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** A short SHA-256 digest (base64url) of the value's canonical JSON. */
export function digestOf(value: unknown): string {
  return createHash("sha256").update(canonicalJson(value)).digest("base64url").slice(0, 22);
}

/** A digest of a call's arguments: a round's state resumes only the call it was made for. */
export function argumentsDigest(args: unknown): string {
  return createHash("sha256").update(canonicalJson(args)).digest("base64url");
}
