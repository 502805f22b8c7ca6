/**
 * Definition-time checks and normalization. A declaration mistake (unknown option, bad `on`,
 * `sensitive: 42`, `tool: false` combined with a grant) is a `TypeError` thrown by `defineAxn`,
 * naming the action and the field — the convention for DSL misuse, deliberately outside the axn
 * error brand.
 */
import { fieldPath } from "../errors/field-path.js";
import { ErrorCodes } from "../errors/codes.js";
import type { FieldSchema, FieldSpec, Fields, NormalizedField } from "../action/fields.js";
import { CORE_FIELD_OPTIONS } from "../action/fields.js";
import type { NormalizedToolDeclaration } from "../action/internals.js";
import type { AxnDefinition } from "../action/types.js";
import { isReservedExposeName } from "../action/result.js";
import { looksLikeSchema, readSchema, SUPPORTED_SCHEMAS, UnsupportedSchema } from "../schema/read-schema.js";
import type { SchemaReader } from "../schema/schema-kind.js";
import { knownFieldMetadataKeys } from "../extensions/registry.js";
import { errorMessage } from "../errors/message.js";
import { isWellFormed } from "../schema/json-value.js";

const CORE_OPTIONS = new Set<string>(CORE_FIELD_OPTIONS);
const DEFINITION_KEYS = new Set([
  "name",
  "description",
  "expects",
  "exposes",
  "messages",
  "hooks",
  "onSuccess",
  "onFailure",
  "onException",
  "onError",
  "tool",
  "toolVersion",
  "toolPrefixes",
  "semanticHints",
  "longRunning",
  "requires",
  "configure",
  "coerceInputTypes",
  "failsOn",
  "extends",
  "access",
  "call",
]);

function fail(action: string, message: string): never {
  throw new TypeError(`defineAxn(${action}): ${message}`);
}

export function checkDefinitionKeys(name: string, definition: object): void {
  for (const key of Object.keys(definition)) {
    if (!DEFINITION_KEYS.has(key)) fail(name, `unknown option "${key}"`);
  }
}

function expectType(action: string, field: string, option: string, value: unknown, type: string): void {
  if (value !== undefined && typeof value !== type) {
    fail(
      action,
      `option "${option}" on field "${field}" must be a ${type}, got ${value === null ? "null" : typeof value}`,
    );
  }
}

export function normalizeFields(
  action: string,
  fields: Fields | undefined,
  direction: "expects" | "exposes",
): NormalizedField[] {
  if (fields === undefined) return [];
  if (typeof fields !== "object" || fields === null) fail(action, `${direction} must be an object of fields`);
  const out: NormalizedField[] = [];
  const names = new Set(Object.keys(fields));
  for (const [name, spec] of Object.entries(fields)) {
    checkFieldName(action, name, direction);
    out.push(normalizeField(action, name, spec, direction, names));
  }
  return out;
}

/**
 * A field name becomes a JSON property (schemas, tool arguments, rendered bodies): one with a lone
 * surrogate has no UTF-8 form, so no transport could ever carry it. Escaped in the message.
 */
function checkFieldName(action: string, name: string, direction: "expects" | "exposes"): void {
  if (!isWellFormed(name)) {
    fail(
      action,
      `${direction} field name ${JSON.stringify(name)} has no UTF-8 form (a lone surrogate); a field name becomes a JSON property name`,
    );
  }
  // Refused rather than carried: every object the name would key (the body's input, the result,
  // the rendered body, and each transport's own parsing of the arguments) would have to be built
  // with defineProperty, and one plain assignment anywhere sets the prototype instead — the value
  // silently lost. Every other Object.prototype name is an ordinary own key and round-trips.
  if (name === "__proto__") {
    const error = new TypeError(
      `defineAxn(${action}): ${direction} field "__proto__" has a reserved name: assigned as a property it sets an object's prototype ` +
        `instead of a value, so the ${direction === "expects" ? "body would never receive it" : "result could not carry it"}; rename the field`,
    );
    // DSL misuse stays a plain TypeError (outside the brand), carrying a stable code as AXN_UNKNOWN_ADAPTER does.
    throw Object.assign(error, { code: ErrorCodes.ReservedFieldName });
  }
}

function normalizeField(
  action: string,
  name: string,
  spec: FieldSpec,
  direction: "expects" | "exposes",
  siblings: ReadonlySet<string>,
): NormalizedField {
  if (direction === "exposes" && isReservedExposeName(name)) {
    fail(action, `cannot expose "${name}": the name is reserved by Result`);
  }
  if (looksLikeSchema(spec)) return fromSchema(name, spec as FieldSchema, readField(action, name, spec), {}, {});
  if (typeof spec !== "object" || spec === null || !("schema" in spec)) {
    fail(
      action,
      `field "${name}" must be a schema or { schema, ...options }, got ${describeSpec(spec)}. Supported schemas: ${SUPPORTED_SCHEMAS}`,
    );
  }
  const reader = readField(action, name, (spec as { schema: unknown }).schema);
  const options = spec as unknown as Record<string, unknown>;
  const metadataKeys = knownFieldMetadataKeys();
  // Null-prototype: a registered key named like an Object.prototype member (`__proto__`,
  // `toString`) is an own entry, never an inherited member or a prototype write.
  const metadata = Object.create(null) as Record<string, unknown>;
  for (const key of Object.keys(options)) {
    if (CORE_OPTIONS.has(key)) continue;
    if (metadataKeys.has(key)) {
      metadata[key] = options[key];
      continue;
    }
    fail(action, `unknown option "${key}" on field "${name}"`);
  }
  for (const key of [
    "type",
    "of",
    "shape",
    "inclusion",
    "length",
    "format",
    "numericality",
    "presence",
    "allowNil",
    "allowBlank",
    "message",
    "as",
    "model",
  ]) {
    if (key in options) fail(action, `option "${key}" on field "${name}" is expressed with the schema in TypeScript`);
  }
  expectType(action, name, "optional", options.optional, "boolean");
  expectType(action, name, "description", options.description, "string");
  expectType(action, name, "sensitive", options.sensitive, "boolean");
  expectType(action, name, "coerce", options.coerce, "boolean");
  expectType(action, name, "userFacing", options.userFacing, "boolean");
  expectType(action, name, "validate", options.validate, "function");
  const on = options.on;
  if (on !== undefined) {
    if (direction === "exposes") fail(action, `option "on" is only valid on expects (field "${name}")`);
    if (typeof on !== "string" || on === "")
      fail(action, `option "on" on field "${name}" must be "ambientContext" or a parent field name`);
    if (on !== "ambientContext") {
      const parent = on.split(".")[0]!;
      if (parent === name || !siblings.has(parent)) {
        fail(action, `field "${name}" is declared on "${on}", but "${parent}" is not another expects field`);
      }
    }
  }
  return fromSchema(name, (spec as { schema: FieldSchema }).schema, reader, options, metadata);
}

/** The field's schema read by its kind; an unsupported one names the field, what it is, and what works. */
function readField(action: string, name: string, schema: unknown): SchemaReader {
  try {
    return readSchema(schema);
  } catch (error) {
    if (error instanceof UnsupportedSchema) {
      fail(
        action,
        `field "${name}" has an unsupported schema: got ${error.received}${error.hint === undefined ? "" : ` (${error.hint})`}. Supported schemas: ${SUPPORTED_SCHEMAS}`,
      );
    }
    // A converter that throws (a type its library cannot express as JSON Schema) is a declaration mistake too.
    fail(action, `field "${name}": its schema cannot be read (${errorMessage(error)})`);
  }
}

function describeSpec(spec: unknown): string {
  if (spec === null) return "null";
  if (Array.isArray(spec)) return "an array";
  if (typeof spec === "object") return "an object without a schema key";
  return `a ${typeof spec}`;
}

function fromSchema(
  name: string,
  schema: FieldSchema,
  reader: SchemaReader,
  options: Record<string, unknown>,
  metadata: Record<string, unknown>,
): NormalizedField {
  const analysis = reader.analysis;
  const on = options.on as string | undefined;
  const hasDefault = "default" in options && options.default !== undefined;
  return {
    name,
    path: fieldPath(name),
    schema,
    reader,
    optional: options.optional === true || hasDefault || analysis.optional,
    // Every field has the same keys (`default` too, when absent), so the runtime's loops over
    // fields read them with one object shape.
    default: hasDefault ? { value: options.default } : undefined,
    description: (options.description as string | undefined) ?? analysis.description,
    sensitive: options.sensitive === true,
    kind: on === undefined ? "arg" : on === "ambientContext" ? "ambient" : "subfield",
    parentPath: on === undefined || on === "ambientContext" ? undefined : on.split("."),
    coerce: options.coerce as boolean | undefined,
    coerceWire: reader.coerce,
    userFacing: options.userFacing === true,
    validate: options.validate as NormalizedField["validate"],
    metadata,
  };
}

/** Subfields read from their parents' resolved values, so parents resolve first. */
export function resolutionOrder(fields: readonly NormalizedField[]): NormalizedField[] {
  const ordered: NormalizedField[] = [];
  const placed = new Set<string>();
  let pending = [...fields];
  while (pending.length > 0) {
    const next: NormalizedField[] = [];
    for (const field of pending) {
      const parent = field.parentPath?.[0];
      if (parent === undefined || placed.has(parent)) {
        ordered.push(field);
        placed.add(field.name);
      } else next.push(field);
    }
    if (next.length === pending.length)
      throw new TypeError(`defineAxn: subfields form a cycle: ${next.map((f) => f.name).join(", ")}`);
    pending = next;
  }
  return ordered;
}

export interface NormalizedTool {
  readonly tool: NormalizedToolDeclaration;
  readonly overrides: Map<string, Record<string, unknown>>;
}

/** Folds `tool` and `configure` into membership grants and the per-adapter override store. */
export function normalizeTool(action: string, definition: AxnDefinition<Fields, Fields>): NormalizedTool {
  const keys = new Set<string>();
  const except = new Set<string>();
  // Null-prototype records, read by adapter key and setting name: an adapter keyed `constructor`
  // or `toString` must find no override rather than the inherited Object.prototype member.
  const adapterNames = Object.create(null) as Record<string, string>;
  const overrides = new Map<string, Record<string, unknown>>();
  let all = false;
  let optOut = false;
  let name: string | undefined;

  const addBag = (key: string, bag: unknown, origin: string): void => {
    if (typeof bag !== "object" || bag === null || Array.isArray(bag))
      fail(action, `${origin}.${key} must be an object of settings`);
    keys.add(key);
    const settings = Object.assign(Object.create(null) as Record<string, unknown>, overrides.get(key));
    for (const [setting, value] of Object.entries(bag)) {
      if (setting === "name") {
        if (typeof value !== "string" || value === "") fail(action, `${origin}.${key}.name must be a non-empty string`);
        adapterNames[key] = value;
      } else settings[setting] = value;
    }
    overrides.set(key, settings);
  };

  const tool = definition.tool;
  if (tool === false) optOut = true;
  else if (tool === true) all = true;
  else if (Array.isArray(tool)) {
    for (const key of tool) {
      if (typeof key !== "string" || key === "") fail(action, `tool keys must be non-empty strings`);
      keys.add(key);
    }
  } else if (tool !== undefined) {
    if (typeof tool !== "object" || tool === null)
      fail(action, `tool must be true, false, a list of adapter keys or an object`);
    for (const [key, value] of Object.entries(tool)) {
      if (key === "name") {
        if (typeof value !== "string" || value === "") fail(action, `tool.name must be a non-empty string`);
        name = value;
      } else if (key === "except") {
        const list = Array.isArray(value) ? value : [value];
        for (const k of list) {
          if (typeof k !== "string") fail(action, `tool.except must list adapter keys`);
          except.add(k);
        }
      } else addBag(key, value, "tool");
    }
    // `tool: { except }` alone (or `{ name }`) narrows the grants from every adapter.
    if (keys.size === 0) all = true;
  }
  if (definition.configure !== undefined) {
    if (typeof definition.configure !== "object" || definition.configure === null)
      fail(action, `configure must be an object of per-adapter bags`);
    for (const [key, bag] of Object.entries(definition.configure)) if (bag !== undefined) addBag(key, bag, "configure");
  }
  if (optOut && (keys.size > 0 || definition.configure !== undefined)) {
    fail(action, `tool: false opts out of every adapter and cannot be combined with adapter grants or configure bags`);
  }
  return { tool: { all, keys, except, optOut, name, adapterNames }, overrides };
}

export function normalizeToolVersion(action: string, value: unknown): number {
  if (value === undefined) return 1;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1) {
    fail(action, `toolVersion must be an integer >= 1, got ${String(value)}`);
  }
  return value;
}

export function checkMessages(action: string, messages: AxnDefinition<Fields, Fields>["messages"]): void {
  if (messages === undefined) return;
  const allowed = new Set(["success", "error", "join", "errors", "successes"]);
  for (const key of Object.keys(messages)) if (!allowed.has(key)) fail(action, `unknown messages option "${key}"`);
  for (const [list, label] of [
    [messages.errors, "errors"],
    [messages.successes, "successes"],
  ] as const) {
    if (list === undefined) continue;
    list.forEach((entry, i) => {
      for (const key of Object.keys(entry)) {
        if (key === "join") fail(action, `messages.${label}[${i}]: join is only valid on the base message`);
        if (!["when", "message", "standalone"].includes(key))
          fail(action, `messages.${label}[${i}]: unknown option "${key}"`);
      }
      if (typeof entry.when !== "function")
        fail(action, `messages.${label}[${i}].when must be an error class or a predicate`);
    });
  }
}

/**
 * The names of the trusted ambient-context channel. The Invoker never reads a tool argument of
 * either name (ambient values come only from the adapter's `ambientContext` option), so a field
 * named so would be advertised to the model and never receive a value.
 */
export const AMBIENT_CHANNEL_NAMES: ReadonlySet<string> = new Set(["ambientContext", "ambient_context"]);

export function refuseReservedInputNames(action: string, expects: Fields | undefined): void {
  if (expects === undefined || typeof expects !== "object" || expects === null) return;
  for (const name of Object.keys(expects)) {
    if (!AMBIENT_CHANNEL_NAMES.has(name)) continue;
    fail(
      action,
      `expects field "${name}" has a reserved name: "ambientContext" and "ambient_context" are the trusted ambient-context channel, ` +
        `which the Invoker strips from tool arguments, so no tool call could ever supply it; ` +
        `rename the field (an ambient value is declared with on: "ambientContext")`,
    );
  }
}
