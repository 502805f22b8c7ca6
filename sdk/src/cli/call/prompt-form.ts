/**
 * An elicitation form asked of a person in a terminal, one prompt per field, with
 * `@inquirer/prompts` (imported here only when a tool asks, so `axn call`'s cold start does not pay
 * for it): a boolean is a yes/no confirm, a single-select enum (`enum`, or `oneOf` of `{ const, title }`)
 * a list to pick from, a multi-select (`type: "array"`) a checkbox list, a number or integer a number
 * prompt with its bounds (a yes/no without a default defaults to no), anything else a text prompt checked against `minLength` / `maxLength`;
 * each shows the field's default. Only the prompts' own checks run here: the runtime validates the
 * whole answer against the fields, as on every transport.
 */
import type { ElicitForm, JsonSchema } from "@axn/core";

/** Where the prompts read keys and draw (stderr, so stdout keeps only the result). */
export interface PromptStreams {
  readonly input: NodeJS.ReadableStream;
  readonly output: NodeJS.WritableStream;
}

type Choice = { readonly value: unknown; readonly name: string };

/** The choices of an enum schema (`enum`, or `oneOf` / `anyOf` of `{ const, title }`), or `undefined`. */
function choicesOf(schema: JsonSchema): Choice[] | undefined {
  if (Array.isArray(schema.enum)) {
    const names = Array.isArray(schema["enumNames"]) ? (schema["enumNames"] as unknown[]) : [];
    return schema.enum.map((value, i) => ({ value, name: String(names[i] ?? value) }));
  }
  const options = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  if (Array.isArray(options) && options.every((option) => "const" in option)) {
    return options.map((option) => ({ value: option.const, name: String(option.title ?? option.const) }));
  }
  return undefined;
}

/** Fills `form` by asking one field at a time; the answer holds only the fields the person gave. */
export async function promptForm(form: ElicitForm, streams: PromptStreams): Promise<Record<string, unknown>> {
  const prompts = await import("@inquirer/prompts");
  const required = new Set(form.required ?? []);
  const content: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(form.properties)) {
    const label = String(schema.description ?? schema.title ?? name);
    const fallback = schema.default;
    const choices = choicesOf(schema);
    const items =
      schema.type === "array" && typeof schema.items === "object" ? choicesOf(schema.items as JsonSchema) : undefined;
    let value: unknown;
    if (schema.type === "boolean") {
      // No default given: "no", so pressing Enter never agrees to what the tool asks.
      value = await prompts.confirm(
        { message: label, default: typeof fallback === "boolean" ? fallback : false },
        streams,
      );
    } else if (choices !== undefined) {
      value = await prompts.select(
        { message: label, choices, ...(fallback === undefined ? {} : { default: fallback }) },
        streams,
      );
    } else if (items !== undefined) {
      const chosen = new Set(Array.isArray(fallback) ? fallback : []);
      value = await prompts.checkbox(
        { message: label, choices: items.map((choice) => ({ ...choice, checked: chosen.has(choice.value) })) },
        streams,
      );
    } else if (schema.type === "number" || schema.type === "integer") {
      value = await prompts.number(
        {
          message: label,
          required: required.has(name) && fallback === undefined,
          step: schema.type === "integer" ? 1 : "any",
          ...(typeof fallback === "number" ? { default: fallback } : {}),
          ...(typeof schema.minimum === "number" ? { min: schema.minimum } : {}),
          ...(typeof schema.maximum === "number" ? { max: schema.maximum } : {}),
        },
        streams,
      );
    } else {
      const min = typeof schema.minLength === "number" ? schema.minLength : 0;
      const max = typeof schema.maxLength === "number" ? schema.maxLength : Number.POSITIVE_INFINITY;
      const text = await prompts.input(
        {
          message: label,
          required: required.has(name) && fallback === undefined,
          ...(typeof fallback === "string" ? { default: fallback } : {}),
          validate: (given: string) =>
            (given === "" && !required.has(name)) ||
            (given.length >= min && given.length <= max) ||
            (max === Number.POSITIVE_INFINITY ? `at least ${min} characters` : `${min} to ${max} characters`),
        },
        streams,
      );
      value = text === "" && !required.has(name) ? undefined : text;
    }
    if (value !== undefined) content[name] = value;
  }
  return content;
}

/** Whether `error` is the prompts' own "the person pressed Ctrl+C" (the question is cancelled). */
export function isPromptExit(error: unknown): boolean {
  return error instanceof Error && error.name === "ExitPromptError";
}
