/**
 * Type-level pins of the public surface (checked by `tsc -b`): each public type is named on the
 * entry file; internal shapes are reached only through `@axn/core/internal`.
 */
import { expect } from "chai";
import type { AnyAxn, AxnDefinition, CallOptions, FieldSpec, ToolDeclaration } from "@axn/core";
// @ts-expect-error — the normalized field is internal (its coercer and reader are not API)
import type { NormalizedField } from "@axn/core";
// @ts-expect-error — the internal record behind an action's handle is not API
import type { ActionInternals } from "@axn/core";
import type { ActionInternals as Internals, NormalizedField as Field } from "@axn/core/internal";

type Named = [AnyAxn, AxnDefinition<{}, {}>, CallOptions, FieldSpec, ToolDeclaration, Field, Internals];

describe("types: the public surface", () => {
  it("names its public types and keeps internal shapes internal", () => {
    const named: Named | undefined = undefined;
    expect(named).to.equal(undefined);
  });
});
