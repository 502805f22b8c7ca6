/**
 * The `Axn::Configurable` port: a package's settings (defaults, allowed values, validation),
 * app-wide writes through `configure`, and per-action overrides keyed by a config namespace.
 * Per-action values live in the action's own override store (its `configure` / `tool` bags), so
 * `resolveOverrideFor` works for an action that never imported the package declaring the setting.
 *
 * @example
 * ```ts
 * export const mcpConfig = createConfigurable("axn-plugin-mcp")
 *   .configNamespace("mcp")
 *   .setting("presentAs", { default: "structured", oneOf: ["structured", "message"], overridable: true })
 *   .setting("toolRoots", { default: (): string[] => [] });
 *
 * mcpConfig.configure((c) => { c.presentAs = "message"; });
 * mcpConfig.resolveOverrideFor(Reports.Daily, "presentAs"); // the action's value, else "message"
 * ```
 */
import { inspect } from "node:util";
import { AxnError } from "../errors/axn-error.js";
import { ErrorCodes } from "../errors/codes.js";
import { IDENTIFIER } from "../errors/field-path.js";
import { errorMessage } from "../errors/message.js";
import { internalsOf, isAction, type ActionInternals, type HasActionHandle } from "../action/internals.js";
import { catalogActions } from "../action/run/catalog.js";
import { kernel, type KernelConfigurable } from "../kernel/state.js";

/** Anything carrying action internals: an action from `defineAxn`, `Factory.build`, or a parent. */
export interface ConfigurableAction extends HasActionHandle {
  readonly name?: string;
}

/** What `validate` may return: `false` or a reason string rejects; anything else accepts. */
export type SettingCheckResult = boolean | string | undefined | null | void;

export interface SettingSpec<T, Ov extends boolean = boolean> {
  /**
   * The value when none was configured. A function is a thunk, re-evaluated on every read (so a
   * setting whose value is itself a function declares `default: () => handler`).
   */
  readonly default: T | (() => T);
  /** The only values accepted. */
  readonly oneOf?: readonly T[];
  /** An extra check on every write (app-wide or per action): return `false` or a reason to reject. */
  readonly validate?: (value: T) => SettingCheckResult;
  /** Whether an action may override it through its `configure` / `tool` bag for this namespace. */
  readonly overridable?: Ov;
  /** Shown by the CLI. */
  readonly description?: string;
}

/** A setting as the CLI and docs see it. */
export interface SettingInfo {
  readonly name: string;
  readonly overridable: boolean;
  readonly oneOf: readonly unknown[] | undefined;
  readonly description: string | undefined;
  /** The current package-level value (a function default evaluated now). */
  readonly value: unknown;
  /** True when no one configured it. */
  readonly isDefault: boolean;
}

/**
 * The untyped face of a configurable: what the registry hands to code that only knows a namespace
 * string (the app config loader, the tool registry, the CLI).
 */
export interface ConfigurableView {
  readonly owner: string;
  readonly namespace: string | undefined;
  readonly sealed: boolean;
  settingKeys(): readonly string[];
  overridableKeys(): readonly string[];
  describe(): readonly SettingInfo[];
  /** Reads any declared setting (throws for an undeclared one). */
  read(name: string): unknown;
  /** Validates every entry first, then writes them all (nothing is written if one is invalid). */
  assign(values: Readonly<Record<string, unknown>>): void;
  reset(name?: string): void;
  resolveOverride(action: ConfigurableAction, name: string): unknown;
  seal(): void;
}

type Simplify<T> = { [K in keyof T]: T[K] } & {};
type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type Literal = string | number | boolean | null;

interface SettingRecord {
  readonly name: string;
  readonly spec: SettingSpec<unknown>;
  readonly overridable: boolean;
}

/** The per-adapter tool-name override; every namespace bag may carry it. */
const TOOL_NAME_KEY = "name";

/**
 * Which configurable owns which namespace is kernel state (kernel/state.ts), so a package whose
 * configurable came from a second copy of @axn/core still owns its namespace here.
 */
type AnyConfigurable = Configurable<object, string | undefined, string>;
const configurables = kernel.configurables;
const byNamespace = configurables.byNamespace as Map<string, AnyConfigurable & KernelConfigurable>;

/**
 * A package's settings. The type parameters accumulate as settings are declared: `S` the values,
 * `N` the namespace, `O` the overridable names (the only ones `resolveOverrideFor` accepts).
 */
export class Configurable<S extends object = {}, N extends string | undefined = undefined, O extends string = never>
  implements ConfigurableView, KernelConfigurable
{
  readonly owner: string;
  #namespace: string | undefined;
  #sealed = false;
  readonly #settings = new Map<string, SettingRecord>();
  readonly #values = new Map<string, unknown>();

  constructor(owner: string) {
    if (typeof owner !== "string" || owner === "") {
      throw new AxnError(ErrorCodes.InvalidSettingDeclaration, "createConfigurable(owner) needs the owning package's name");
    }
    this.owner = owner;
    configurables.every.add(this as never);
  }

  get namespace(): N {
    return this.#namespace as N;
  }

  /** True once the host finished loading: the setting list is final and unknown per-action keys are errors. */
  get sealed(): boolean {
    return this.#sealed;
  }

  /**
   * Keys this package's per-action overrides under `key` (`configure: { mcp: {...} }`), so two
   * packages declaring a same-named setting never collide. Must come before any overridable setting.
   */
  configNamespace<const K extends string>(key: K): Configurable<S, K, O> {
    if (typeof key !== "string" || !IDENTIFIER.test(key)) {
      throw this.#declarationError(`${this.owner}: config namespace ${JSON.stringify(key)} must be an identifier such as "mcp"`);
    }
    if (this.#namespace === key) return this as never;
    const locked = [...this.#settings.values()].find((s) => s.overridable);
    if (locked !== undefined) {
      throw this.#declarationError(
        `${this.owner} cannot change its config namespace to "${key}": overridable setting ${locked.name} already locked it to "${this.#namespace}"`,
      );
    }
    const current = byNamespace.get(key);
    // The same owner re-declaring (a re-applied plugin, a test) replaces its earlier configurable.
    if (current !== undefined && current !== (this as never) && current.owner !== this.owner) {
      throw this.#declarationError(
        `Config namespace "${key}" is already owned by ${current.owner}; ${this.owner} must choose another key`,
      );
    }
    if (this.#namespace !== undefined && byNamespace.get(this.#namespace) === (this as never)) byNamespace.delete(this.#namespace);
    this.#namespace = key;
    byNamespace.set(key, this as never);
    this.#validateCatalog();
    return this as never;
  }

  /** Declares a setting whose values are listed in `oneOf` (their literal types become the setting's type). */
  setting<const Name extends string, const T extends Literal, const Ov extends boolean = false>(
    name: Name,
    spec: SettingSpec<T, Ov> & { readonly oneOf: readonly T[] },
  ): Configurable<Simplify<S & { [P in Name]: T }>, N, O | (Ov extends true ? Name : never)>;
  /** Declares a setting; its type is inferred from `default` (widened) or given by `validate`'s parameter. */
  setting<const Name extends string, T, const Ov extends boolean = false>(
    name: Name,
    spec: SettingSpec<T, Ov>,
  ): Configurable<Simplify<S & { [P in Name]: T }>, N, O | (Ov extends true ? Name : never)>;
  setting(name: string, spec: SettingSpec<unknown>): unknown {
    if (typeof name !== "string" || !IDENTIFIER.test(name)) {
      throw this.#declarationError(`${this.owner}: setting name ${JSON.stringify(name)} must be an identifier`);
    }
    if (typeof spec !== "object" || spec === null || !("default" in spec)) {
      throw this.#declarationError(`Setting ${name} of ${this.owner} needs a spec with a default`);
    }
    if (this.#sealed) {
      throw this.#declarationError(
        `${this.owner} cannot declare setting ${name} after the host finished loading; declare settings when the plugin loads`,
      );
    }
    if (this.#settings.has(name)) throw this.#declarationError(`${this.owner} declares setting ${name} twice`);
    const overridable = spec.overridable === true;
    if (overridable && this.#namespace === undefined) {
      throw this.#declarationError(
        `Setting ${name} of ${this.owner} is overridable, but ${this.owner} has no config namespace yet; call configNamespace(key) before declaring an overridable setting`,
      );
    }
    if (overridable && name === TOOL_NAME_KEY) {
      throw this.#declarationError(
        `Setting ${name} of ${this.owner} cannot be overridable: "name" in a per-adapter bag is the tool-name override`,
      );
    }
    if (spec.oneOf !== undefined && (!Array.isArray(spec.oneOf) || spec.oneOf.length === 0)) {
      throw this.#declarationError(`Setting ${name} of ${this.owner}: oneOf must be a non-empty array`);
    }
    const record: SettingRecord = { name, spec, overridable };
    // A literal default is checked now so a bad declaration fails where it is written; a function
    // default can depend on the environment, so it is evaluated (not checked) on each read.
    if (typeof spec.default !== "function") {
      const problem = problemWith(record, spec.default);
      if (problem !== undefined) {
        throw this.#declarationError(`Default ${formatValue(spec.default)} of setting ${name} of ${this.owner} is invalid: ${problem}`);
      }
    }
    this.#settings.set(name, record);
    this.#validateCatalog();
    return this;
  }

  /** The package-level value: what `configure` set, else the default (a function default re-evaluated). */
  get<K extends keyof S & string>(name: K): S[K] {
    return this.read(name) as S[K];
  }

  /**
   * Writes settings through a draft: each assignment is validated as it happens and nothing is
   * written unless the callback completes. Assigning `undefined` returns a setting to its default.
   */
  configure(fn: (config: Mutable<S>) => void): void {
    const writes = new Map<string, unknown>();
    const draft = new Proxy(Object.create(null) as Mutable<S>, {
      get: (_target, prop) => {
        if (typeof prop !== "string" || !this.#settings.has(prop)) return undefined;
        return writes.has(prop) ? (writes.get(prop) ?? this.#defaultOf(this.#record(prop))) : this.read(prop);
      },
      set: (_target, prop, value) => {
        if (typeof prop !== "string") return false;
        this.#checkWrite(prop, value);
        writes.set(prop, value);
        return true;
      },
      has: (_target, prop) => typeof prop === "string" && this.#settings.has(prop),
      ownKeys: () => [...this.#settings.keys()],
      getOwnPropertyDescriptor: (_target, prop) =>
        typeof prop === "string" && this.#settings.has(prop)
          ? { configurable: true, enumerable: true, writable: true, value: writes.has(prop) ? writes.get(prop) : this.read(prop) }
          : undefined,
    });
    fn(draft);
    this.#commit(writes);
  }

  /** Back to the default: one setting, or all of them. */
  reset(name?: keyof S & string): void {
    if (name === undefined) {
      this.#values.clear();
      return;
    }
    this.#record(name);
    this.#values.delete(name);
  }

  /**
   * The value for one action: its own override (its `configure` / `tool` bag under this namespace),
   * else its parent's, up the `extends` chain, else the package-level value. Reads the action's
   * store directly, so it never depends on the action having imported this package.
   */
  resolveOverrideFor<K extends O & keyof S & string>(action: ConfigurableAction, name: K): S[K] {
    return this.resolveOverride(action, name) as S[K];
  }

  /** Every declared setting name, in declaration order. */
  settingKeys(): readonly (keyof S & string)[] {
    return [...this.#settings.keys()] as (keyof S & string)[];
  }

  /** The names an action may override. */
  overridableKeys(): readonly O[] {
    return [...this.#settings.values()].filter((s) => s.overridable).map((s) => s.name) as O[];
  }

  describe(): readonly SettingInfo[] {
    return [...this.#settings.values()].map((record) => ({
      name: record.name,
      overridable: record.overridable,
      oneOf: record.spec.oneOf,
      description: record.spec.description,
      value: this.read(record.name),
      isDefault: !this.#values.has(record.name),
    }));
  }

  read(name: string): unknown {
    const record = this.#record(name);
    return this.#values.has(name) ? this.#values.get(name) : this.#defaultOf(record);
  }

  assign(values: Readonly<Record<string, unknown>>): void {
    const writes = new Map<string, unknown>();
    for (const [name, value] of Object.entries(values)) {
      this.#checkWrite(name, value);
      writes.set(name, value);
    }
    this.#commit(writes);
  }

  resolveOverride(action: ConfigurableAction, name: string): unknown {
    const record = this.#record(name);
    if (!record.overridable) {
      throw new AxnError(
        ErrorCodes.NotOverridable,
        `Setting ${name} of ${this.owner} is not overridable, so it has no per-action value; read it with get("${name}") or declare it with overridable: true`,
      );
    }
    const namespace = this.#namespace as string;
    let internals: ActionInternals | undefined = internalsOfAction(action);
    while (internals !== undefined) {
      const bag = internals.overrides.get(namespace);
      if (bag !== undefined && Object.hasOwn(bag, name) && bag[name] !== undefined) return bag[name];
      internals = internals.parent === undefined ? undefined : internalsOf(internals.parent);
    }
    return this.read(name);
  }

  /**
   * Marks the setting list final (the host does this when it finishes loading) and checks every
   * defined action's bag for keys this package does not declare.
   */
  seal(): void {
    this.#sealed = true;
    this.#validateCatalog();
  }

  /** Checks one action's bag for this namespace; `defineAxn` reaches it through the catalog listener. */
  validateAction(action: ConfigurableAction): void {
    if (this.#namespace === undefined) return;
    const internals = internalsOfAction(action);
    const bag = internals.overrides.get(this.#namespace);
    if (bag !== undefined) this.#validateBag(internals.name, bag);
  }

  /** Part of a reset (`resetKernel`, or a failed load rolled back): reopen for declarations and drop configured values. */
  reopen(): void {
    this.#sealed = false;
    this.#values.clear();
  }

  #validateCatalog(): void {
    if (this.#namespace === undefined) return;
    for (const action of catalogActions()) this.validateAction(action);
  }

  #validateBag(actionName: string, bag: Readonly<Record<string, unknown>>): void {
    const namespace = this.#namespace as string;
    for (const [key, value] of Object.entries(bag)) {
      if (key === TOOL_NAME_KEY) continue;
      const record = this.#settings.get(key);
      if (record === undefined) {
        // Until the package is sealed its setting list may still grow, so an unknown key is not yet an error.
        if (!this.#sealed) continue;
        const allowed = [TOOL_NAME_KEY, ...this.overridableKeys()].sort().join(", ");
        throw new AxnError(
          ErrorCodes.UnknownSetting,
          `Unknown setting ${namespace}.${key} on action ${actionName}; ${this.owner} accepts: ${allowed}`,
        );
      }
      if (!record.overridable) {
        throw new AxnError(
          ErrorCodes.NotOverridable,
          `Setting ${namespace}.${key} on action ${actionName} is not overridable per action; set it app-wide (${this.owner} configure or axn.config)`,
        );
      }
      if (value === undefined) continue;
      const problem = problemWith(record, value);
      if (problem !== undefined) {
        throw new AxnError(
          ErrorCodes.InvalidSetting,
          `Invalid ${namespace}.${key} ${formatValue(value)} on action ${actionName}: ${problem}`,
        );
      }
    }
  }

  #checkWrite(name: string, value: unknown): void {
    const record = this.#record(name);
    if (value === undefined) return;
    const problem = problemWith(record, value);
    if (problem !== undefined) {
      throw new AxnError(ErrorCodes.InvalidSetting, `Invalid ${name} ${formatValue(value)} for ${this.owner}: ${problem}`);
    }
  }

  #commit(writes: ReadonlyMap<string, unknown>): void {
    for (const [name, value] of writes) {
      if (value === undefined) this.#values.delete(name);
      else this.#values.set(name, value);
    }
  }

  #record(name: string): SettingRecord {
    const record = this.#settings.get(name);
    if (record === undefined) {
      const declared = [...this.#settings.keys()].join(", ") || "(none)";
      throw new AxnError(ErrorCodes.UnknownSetting, `Unknown setting ${name} for ${this.owner}; declared settings: ${declared}`);
    }
    return record;
  }

  #defaultOf(record: SettingRecord): unknown {
    const fallback = record.spec.default;
    return typeof fallback === "function" ? (fallback as () => unknown)() : fallback;
  }

  #declarationError(message: string): AxnError {
    return new AxnError(ErrorCodes.InvalidSettingDeclaration, message);
  }
}

/** Starts a package's settings; chain `configNamespace` and `setting` calls onto it. */
export function createConfigurable(owner: string): Configurable {
  return new Configurable(owner);
}

/** The configurable that owns a namespace (`"mcp"`), if that package is loaded. */
export function configurableFor(namespace: string): ConfigurableView | undefined {
  return byNamespace.get(namespace);
}

/** Every namespace with a loaded owner, sorted. */
export function configNamespaces(): readonly string[] {
  return [...byNamespace.keys()].sort();
}

/** Called by the host when it finishes loading. Not public API. */
export function sealConfigurables(): void {
  for (const configurable of byNamespace.values()) configurable.seal();
}

/** The package-level values type of a configurable: `SettingsOf<typeof mcpConfig>`. */
export type SettingsOf<C> = C extends Configurable<infer S, string | undefined, string> ? S : never;

/**
 * The per-action bag type of a configurable, for `AdapterSettingsRegistry` augmentation:
 * `interface AdapterSettingsRegistry { mcp: OverridableSettingsOf<typeof mcpConfig> }`.
 */
export type OverridableSettingsOf<C> =
  C extends Configurable<infer S, string | undefined, infer O> ? { readonly [K in O & keyof S]?: S[K] } : never;

function internalsOfAction(action: ConfigurableAction): ActionInternals {
  if (!isAction(action)) throw new TypeError(`Expected an action defined with defineAxn, got ${formatValue(action)}`);
  return internalsOf(action);
}

function problemWith(record: SettingRecord, value: unknown): string | undefined {
  const { oneOf, validate } = record.spec;
  if (oneOf !== undefined && !oneOf.some((allowed) => Object.is(allowed, value))) {
    return `expected one of ${oneOf.map(formatValue).join(", ")}`;
  }
  if (validate !== undefined) {
    let verdict: SettingCheckResult;
    try {
      verdict = validate(value);
    } catch (error) {
      return errorMessage(error);
    }
    if (typeof verdict === "string") return verdict;
    if (verdict === false) return "rejected by the setting's validate function";
  }
  return undefined;
}

function formatValue(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value);
  return inspect(value, { depth: 2, breakLength: Infinity });
}
