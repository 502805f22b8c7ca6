/**
 * The `Axn::Configurable` port: a package's settings (defaults, allowed values, validation),
 * app-wide writes through `configure`, and per-action overrides keyed by a config namespace.
 * Per-action values live in the action's own override store (its `configure` / `tool` bags), so
 * `resolveOverrideFor` works for an action that never imported the package declaring the setting.
 *
 * Its public face is typed reads and writes (`get`, `configure`, `reset`, `resolveOverrideFor`,
 * `describe`…). What the host and the config loader do by setting name (read, assign, seal, check
 * an action's bag) is its internal face (config/configurable-internals.ts), built here.
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
import { AxnError } from "../errors/axn-error.js";
import { ErrorCodes } from "../errors/codes.js";
import { IDENTIFIER } from "../errors/field-path.js";
import { catalogActions } from "../runtime/catalog.js";
import { kernel } from "../kernel/state.js";
import type { ConfigurableInternals, ConfigurableView } from "./configurable-internals.js";
import { settingsDraft } from "./draft.js";
import { claimNamespace } from "./namespaces.js";
import { checkBag, internalsOfAction, overrideOf, type ConfigurableAction } from "./overrides.js";
import {
  defaultOf,
  formatValue,
  problemWith,
  TOOL_NAME_KEY,
  type SettingInfo,
  type SettingRecord,
  type SettingSpec,
} from "./setting-spec.js";

type Simplify<T> = { [K in keyof T]: T[K] } & {};
type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type Literal = string | number | boolean | null;

/**
 * A package's settings. The type parameters accumulate as settings are declared: `S` the values,
 * `N` the namespace, `O` the overridable names (the only ones `resolveOverrideFor` accepts).
 */
export class Configurable<S extends object = {}, N extends string | undefined = undefined, O extends string = never>
  implements ConfigurableView
{
  readonly owner: string;
  #namespace: string | undefined;
  #sealed = false;
  readonly #settings = new Map<string, SettingRecord>();
  readonly #values = new Map<string, unknown>();
  readonly #internals: ConfigurableInternals;

  constructor(owner: string) {
    if (typeof owner !== "string" || owner === "") {
      throw new AxnError(
        ErrorCodes.InvalidSettingDeclaration,
        "createConfigurable(owner) needs the owning package's name",
      );
    }
    this.owner = owner;
    this.#internals = this.#buildInternals();
    kernel.configurables.every.set(this, this.#internals);
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
      throw declarationError(
        `${this.owner}: config namespace ${JSON.stringify(key)} must be an identifier such as "mcp"`,
      );
    }
    if (this.#namespace === key) return this as never;
    const locked = [...this.#settings.values()].find((s) => s.overridable);
    if (locked !== undefined) {
      throw declarationError(
        `${this.owner} cannot change its config namespace to "${key}": overridable setting ${locked.name} already locked it to "${this.#namespace}"`,
      );
    }
    const holder = claimNamespace(this.#internals, key, this.#namespace);
    if (holder !== undefined) {
      throw declarationError(
        `Config namespace "${key}" is already owned by ${holder.owner}; ${this.owner} must choose another key`,
      );
    }
    this.#namespace = key;
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
    const record = this.#checkDeclaration(name, spec);
    this.#settings.set(name, record);
    this.#validateCatalog();
    return this;
  }

  /** The package-level value: what `configure` set, else the default (a function default re-evaluated). */
  get<K extends keyof S & string>(name: K): S[K] {
    return this.#read(name) as S[K];
  }

  /**
   * Writes settings through a draft: each assignment is validated as it happens and nothing is
   * written unless the callback completes. Assigning `undefined` returns a setting to its default.
   */
  configure(fn: (config: Mutable<S>) => void): void {
    const writes = new Map<string, unknown>();
    fn(
      settingsDraft<Mutable<S>>(
        {
          settings: this.#settings,
          read: (name) => this.#read(name),
          checkWrite: (name, value) => this.#checkWrite(name, value),
        },
        writes,
      ),
    );
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
    return this.#resolveOverride(action, name) as S[K];
  }

  /** Every declared setting name, in declaration order. */
  settingKeys(): readonly (keyof S & string)[] {
    return [...this.#settings.keys()] as (keyof S & string)[];
  }

  /** The names an action may override. */
  overridableKeys(): readonly O[] {
    return [...this.#settings.values()].filter((s) => s.overridable).map((s) => s.name) as O[];
  }

  /** Every setting with its current value, for the CLI and docs. */
  describe(): readonly SettingInfo[] {
    return [...this.#settings.values()].map((record) => ({
      name: record.name,
      overridable: record.overridable,
      oneOf: record.spec.oneOf,
      description: record.spec.description,
      value: this.#read(record.name),
      isDefault: !this.#values.has(record.name),
    }));
  }

  #buildInternals(): ConfigurableInternals {
    // `this` is captured, not exposed: the face carries only these functions.
    const self = this as unknown as Configurable<Record<string, unknown>, string | undefined, string>;
    return {
      owner: self.owner,
      get namespace() {
        return self.#namespace;
      },
      get sealed() {
        return self.#sealed;
      },
      settingKeys: () => self.settingKeys(),
      overridableKeys: () => self.overridableKeys(),
      describe: () => self.describe(),
      read: (name) => self.#read(name),
      assign: (values) => self.#assign(values),
      resolveOverride: (action, name) => self.#resolveOverride(action, name),
      validateAction: (action) => self.#validateAction(action),
      seal: () => {
        self.#sealed = true;
        self.#validateCatalog();
      },
      reopen: () => {
        self.#sealed = false;
        self.#values.clear();
      },
    };
  }

  #checkDeclaration(name: string, spec: SettingSpec<unknown>): SettingRecord {
    if (typeof name !== "string" || !IDENTIFIER.test(name)) {
      throw declarationError(`${this.owner}: setting name ${JSON.stringify(name)} must be an identifier`);
    }
    if (typeof spec !== "object" || spec === null || !("default" in spec)) {
      throw declarationError(`Setting ${name} of ${this.owner} needs a spec with a default`);
    }
    if (this.#sealed) {
      throw declarationError(
        `${this.owner} cannot declare setting ${name} after the host finished loading; declare settings when the plugin loads`,
      );
    }
    if (this.#settings.has(name)) throw declarationError(`${this.owner} declares setting ${name} twice`);
    const overridable = spec.overridable === true;
    if (overridable && this.#namespace === undefined) {
      throw declarationError(
        `Setting ${name} of ${this.owner} is overridable, but ${this.owner} has no config namespace yet; call configNamespace(key) before declaring an overridable setting`,
      );
    }
    if (overridable && name === TOOL_NAME_KEY) {
      throw declarationError(
        `Setting ${name} of ${this.owner} cannot be overridable: "name" in a per-adapter bag is the tool-name override`,
      );
    }
    if (spec.oneOf !== undefined && (!Array.isArray(spec.oneOf) || spec.oneOf.length === 0)) {
      throw declarationError(`Setting ${name} of ${this.owner}: oneOf must be a non-empty array`);
    }
    const record: SettingRecord = { name, spec, overridable };
    // A literal default is checked now so a bad declaration fails where it is written; a function
    // default can depend on the environment, so it is evaluated (not checked) on each read.
    if (typeof spec.default !== "function") {
      const problem = problemWith(record, spec.default);
      if (problem !== undefined) {
        throw declarationError(
          `Default ${formatValue(spec.default)} of setting ${name} of ${this.owner} is invalid: ${problem}`,
        );
      }
    }
    return record;
  }

  #read(name: string): unknown {
    const record = this.#record(name);
    return this.#values.has(name) ? this.#values.get(name) : defaultOf(record);
  }

  #assign(values: Readonly<Record<string, unknown>>): void {
    const writes = new Map<string, unknown>();
    for (const [name, value] of Object.entries(values)) {
      this.#checkWrite(name, value);
      writes.set(name, value);
    }
    this.#commit(writes);
  }

  #resolveOverride(action: ConfigurableAction, name: string): unknown {
    const record = this.#record(name);
    if (!record.overridable) {
      throw new AxnError(
        ErrorCodes.NotOverridable,
        `Setting ${name} of ${this.owner} is not overridable, so it has no per-action value; read it with get("${name}") or declare it with overridable: true`,
      );
    }
    const override = overrideOf(action, this.#namespace as string, name);
    if (override !== undefined) return override.value;
    // `#read` without its second look-up of the record: a transport resolves settings on every
    // call (bench: row 5, three map look-ups where there were four for a setting left at its default).
    return this.#values.has(name) ? this.#values.get(name) : defaultOf(record);
  }

  /** Checks one action's bag for this namespace; `defineAxn` reaches it through the catalog's admission check. */
  #validateAction(action: ConfigurableAction): void {
    if (this.#namespace === undefined) return;
    const internals = internalsOfAction(action);
    const bag = internals.overrides.get(this.#namespace);
    if (bag === undefined) return;
    checkBag(
      {
        owner: this.owner,
        namespace: this.#namespace,
        sealed: this.#sealed,
        settings: this.#settings,
        overridableKeys: () => this.overridableKeys(),
      },
      internals.name,
      bag,
    );
  }

  #validateCatalog(): void {
    if (this.#namespace === undefined) return;
    for (const action of catalogActions()) this.#validateAction(action);
  }

  #checkWrite(name: string, value: unknown): void {
    const record = this.#record(name);
    if (value === undefined) return;
    const problem = problemWith(record, value);
    if (problem !== undefined) {
      throw new AxnError(
        ErrorCodes.InvalidSetting,
        `Invalid ${name} ${formatValue(value)} for ${this.owner}: ${problem}`,
      );
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
      throw new AxnError(
        ErrorCodes.UnknownSetting,
        `Unknown setting ${name} for ${this.owner}; declared settings: ${declared}`,
      );
    }
    return record;
  }
}

function declarationError(message: string): AxnError {
  return new AxnError(ErrorCodes.InvalidSettingDeclaration, message);
}

/** Starts a package's settings; chain `configNamespace` and `setting` calls onto it. */
export function createConfigurable(owner: string): Configurable {
  return new Configurable(owner);
}

/** The package-level values type of a configurable: `SettingsOf<typeof mcpConfig>`. */
export type SettingsOf<C> = C extends Configurable<infer S, string | undefined, string> ? S : never;

/**
 * The per-action bag type of a configurable, for `AdapterSettingsRegistry` augmentation:
 * `interface AdapterSettingsRegistry { mcp: OverridableSettingsOf<typeof mcpConfig> }`.
 */
export type OverridableSettingsOf<C> =
  C extends Configurable<infer S, string | undefined, infer O> ? { readonly [K in O & keyof S]?: S[K] } : never;
