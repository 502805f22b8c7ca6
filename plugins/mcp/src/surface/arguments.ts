/**
 * Typed string arguments: a prompt's arguments and a URI template's parameters. On the wire both
 * are strings; each is declared the way an action declares a field — a schema (zod 4, zod 3.25,
 * any Standard Schema), or `{ schema, description?, optional?, complete? }` — and every value is
 * validated by its schema before the handler sees it, so a handler receives the schema's output
 * type. A refusal names the argument and the prompt or resource it belongs to.
 */
import { ProtocolErrorCode } from "@modelcontextprotocol/server";
import type { Completer } from "./completions.js";
import { ProtocolError } from "../protocol/protocol-error.js";

/**
 * A schema that validates a string argument (`z.string()`, `z.enum([...])`, `z.coerce.number()` …):
 * any Standard Schema. The interface is the spec's own, restated (as the spec invites), so this
 * package needs no dependency for a type; zod 4, zod 3.25, valibot and ArkType satisfy it.
 */
export interface ArgumentSchema<Input = unknown, Output = Input> {
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => StandardResult<Output> | Promise<StandardResult<Output>>;
    readonly types?: { readonly input: Input; readonly output: Output } | undefined;
  };
}

type StandardResult<Output> =
  | { readonly value: Output; readonly issues?: undefined }
  | { readonly issues: readonly { readonly message: string; readonly path?: readonly unknown[] | undefined }[] };

type InferOutput<S> = S extends ArgumentSchema<unknown, infer O> ? O : never;

/** One argument with the options a schema lacks. */
export interface ArgumentDeclaration<S extends ArgumentSchema = ArgumentSchema> {
  readonly schema: S;
  /** Shown to the user by clients (prompt argument lists, template forms). */
  readonly description?: string;
  /** The client may leave it out (a URI template parameter is always present). */
  readonly optional?: boolean;
  /** Suggestions for `completion/complete` as the user types. */
  readonly complete?: Completer;
}

export type ArgumentSpec = ArgumentSchema | ArgumentDeclaration;
export type ArgumentFields = { readonly [name: string]: ArgumentSpec };

type SchemaOfSpec<F> = F extends ArgumentDeclaration<infer S> ? S : F extends ArgumentSchema ? F : never;
// By the output: a coercing schema (`z.coerce.number()`) takes `unknown` in, yet always yields a value.
type IsOptional<F> = F extends { readonly optional: true }
  ? true
  : undefined extends InferOutput<SchemaOfSpec<F>>
    ? true
    : false;
type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** What a handler receives: each argument's schema output, optional ones possibly absent. */
export type ArgumentValues<F extends ArgumentFields> = Simplify<
  { [K in keyof F as IsOptional<F[K]> extends true ? K : never]?: InferOutput<SchemaOfSpec<F[K]>> } & {
    [K in keyof F as IsOptional<F[K]> extends true ? never : K]: InferOutput<SchemaOfSpec<F[K]>>;
  }
>;

/** One argument, normalized. */
export interface NormalizedArgument {
  readonly name: string;
  readonly schema: ArgumentSchema;
  readonly description: string | undefined;
  readonly optional: boolean;
  readonly complete: Completer | undefined;
}

function isSchema(value: unknown): value is ArgumentSchema {
  return (typeof value === "object" || typeof value === "function") && value !== null && "~standard" in value;
}

/** A schema that accepts `undefined` (`z.string().optional()`) makes its argument optional. Async schemas are asked at call time. */
function acceptsMissing(schema: ArgumentSchema): boolean {
  const outcome = schema["~standard"].validate(undefined);
  return !(outcome instanceof Promise) && outcome.issues === undefined;
}

/** Normalizes `fields`; throws a TypeError naming `owner` and the argument for a bad declaration. */
export function normalizeArguments(fields: ArgumentFields | undefined, owner: string): readonly NormalizedArgument[] {
  if (fields === undefined) return [];
  if (typeof fields !== "object" || fields === null || Array.isArray(fields))
    throw new TypeError(`${owner}: arguments must be an object of fields`);
  return Object.entries(fields).map(([name, spec]): NormalizedArgument => {
    if (isSchema(spec))
      return { name, schema: spec, description: undefined, optional: acceptsMissing(spec), complete: undefined };
    const declaration = spec as Partial<ArgumentDeclaration> | null;
    if (typeof declaration !== "object" || declaration === null || !isSchema(declaration.schema)) {
      throw new TypeError(
        `${owner}: argument "${name}" needs a schema (zod, valibot, ArkType …) or { schema, description?, optional?, complete? }`,
      );
    }
    if (declaration.complete !== undefined && typeof declaration.complete !== "function") {
      throw new TypeError(`${owner}: argument "${name}": complete must be a function (value, context) => string[]`);
    }
    return {
      name,
      schema: declaration.schema,
      description: declaration.description,
      optional: declaration.optional === true || acceptsMissing(declaration.schema),
      complete: declaration.complete,
    };
  });
}

/**
 * The validated values of `raw` (the strings the client sent), or an `InvalidParams` error naming
 * every refused argument: `Invalid arguments for prompt triage: ticketId: Invalid input`
 * (`Invalid parameters for resource ticket: …` for a template's).
 */
export async function parseArguments(
  declared: readonly NormalizedArgument[],
  raw: Readonly<Record<string, string | string[] | undefined>>,
  what: string,
  noun: "arguments" | "parameters" = "arguments",
): Promise<Record<string, unknown>> {
  const values: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const argument of declared) {
    const given = raw[argument.name];
    if (given === undefined || given === "") {
      if (!argument.optional) problems.push(`${argument.name}: required`);
      continue;
    }
    const outcome = await argument.schema["~standard"].validate(given);
    if (outcome.issues === undefined) values[argument.name] = outcome.value;
    else problems.push(`${argument.name}: ${outcome.issues.map((issue) => issue.message).join("; ")}`);
  }
  const unknown = Object.keys(raw).filter((name) => !declared.some((argument) => argument.name === name));
  if (unknown.length > 0)
    problems.push(`unknown ${noun.slice(0, -1)}${unknown.length === 1 ? "" : "s"} ${unknown.join(", ")}`);
  if (problems.length > 0)
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Invalid ${noun} for ${what}: ${problems.join("; ")}`);
  return values;
}
