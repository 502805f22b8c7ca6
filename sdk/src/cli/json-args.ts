/** Parses a `--args` / `--ambient` value: JSON, and a JSON object — anything else is a usage error. */
import { errorMessage } from "@axn/core/internal";
import { usageError } from "./errors.js";

export function parseJsonObject(option: string, text: string | undefined, command: string): Record<string, unknown> {
  if (text === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw usageError(`--${option} is not valid JSON (${errorMessage(error)}): ${text}`, command);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw usageError(`--${option} must be a JSON object, e.g. --${option} '{"limit": 5}'`, command);
  }
  return value as Record<string, unknown>;
}
