/**
 * `CompiledAction`: what `defineAxn` compiles once per action for the runtime — fields in
 * resolution order, the name sets a call checks against, messages, hooks and callbacks with the
 * ancestors folded in, the body.
 */
import type { NormalizedField } from "../action/fields.js";
import type { ActionContext, AnyAxn, AroundHook, BeforeHook, ResultCallback } from "../action/types.js";
import type { CompiledMessages } from "./messages.js";
import type { ArgsCheck, ArgsReader, CompleteLiteral, CopyOnto, ExposedReader, LiteralBuilder } from "./plan.js";
import type { InputPreparer } from "./prepare.js";
import type { FieldBatch } from "../schema/schema-kind.js";

/** Everything the runtime needs, compiled once per action (ancestors folded in). */
export interface CompiledAction {
  readonly name: string;
  /** Expects in resolution order (parents before their subfields). */
  readonly expects: readonly NormalizedField[];
  readonly argNames: ReadonlySet<string>;
  /** For each expects field (by index): its parent's index when it is a subfield. */
  readonly parentIndex: readonly (number | undefined)[];
  /**
   * The expects' schemas run as one batch (by expects index), when no field is a subfield (a
   * subfield reads its parent's validated value, so those fields are validated one after another).
   */
  readonly inputBatch: FieldBatch | undefined;
  /** Some expects field has its own `validate`. */
  readonly checksInput: boolean;
  /** The exposes' schemas as one batch (by exposes index); `undefined` when there are none. */
  readonly outputBatch: FieldBatch | undefined;
  /** Some exposes field has its own `validate`. */
  readonly checksOutput: boolean;
  /** Some exposes field has an axn default or is left out when missing: the side's values are prepared before validation. */
  readonly preparesOutput: boolean;
  /**
   * Reads the arguments and ambient values by expects index, each prepared for its schema
   * (prepare.ts): for a side without subfields, where `inputBatch` may be defined.
   */
  readonly prepareInput: InputPreparer | undefined;
  /** The body's input from the validated values when every one is there, else `undefined` (plan.ts). */
  readonly completeInput: CompleteLiteral;
  /** The validated exposes when every one is there, else `undefined` (plan.ts). */
  readonly completeExposed: CompleteLiteral;
  /** Reads the arg fields' values from the arguments, by expects index (plan.ts). */
  readonly readArgs: ArgsReader;
  /** The caller's wire check over the arg fields' validated values (validate.ts), for a side with `prepareInput`. */
  readonly checkArgs: ArgsCheck;
  /** The body's input from the expects' values, every one defined (plan.ts). */
  readonly buildInput: LiteralBuilder;
  /** The validated exposes from their values, every one defined (plan.ts). */
  readonly buildExposed: LiteralBuilder;
  /** Copies the exposed values onto a `Result` with constant-key stores (plan.ts). */
  readonly copyExposed: CopyOnto;
  /**
   * The success message when it cannot depend on the call: no conditional success reasons and a
   * headline that is not a function. `undefined` when each call must compose its own.
   */
  readonly staticSuccess: string | undefined;
  /** The `on: "ambientContext"` fields: all `Current.get()` shows inside this action. */
  readonly ambientNames: readonly string[];
  /** Expects whose value comes through the trusted ambient channel (see `ambientSourcedFields`). */
  readonly ambientSourced: ReadonlySet<string>;
  readonly exposes: readonly NormalizedField[];
  readonly exposeNames: ReadonlySet<string>;
  /** The fast path of merging a returned object into the exposes bag (plan.ts); undefined: always key by key. */
  readonly readExposed: ExposedReader | undefined;
  /** Each exposed field's index in `exposes`. */
  readonly exposeIndex: ReadonlyMap<string, number>;
  readonly sensitiveExposes: ReadonlySet<string>;
  readonly coerceInputTypes: boolean | undefined;
  readonly messages: CompiledMessages;
  readonly failsOn: readonly ((error: Error) => boolean)[];
  readonly before: readonly BeforeHook<never>[];
  readonly after: readonly BeforeHook<never>[];
  readonly around: readonly AroundHook<never>[];
  readonly onSuccess: readonly ResultCallback<never>[];
  readonly onFailure: readonly ResultCallback<never>[];
  readonly onException: readonly ResultCallback<never>[];
  readonly onError: readonly ResultCallback<never>[];
  readonly body: (input: never, ctx: ActionContext<never>) => unknown;
  /** Set once the action value exists (results point back at it). */
  self: AnyAxn | undefined;
}
