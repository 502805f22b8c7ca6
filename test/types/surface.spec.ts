/**
 * Type-level pins of the public surface (checked by `tsc -b`): each public type is named on the
 * entry file; internal shapes are reached only through `@axn/core/internal`.
 */
import { expect } from "chai";
import type { AnyAxn, AxnDefinition, CallOptions, FieldSpec, ToolDeclaration } from "@axn/core";
import type { ActionInternals as Internals, NormalizedField as Field } from "@axn/core/internal";

type Named = [AnyAxn, AxnDefinition<{}, {}>, CallOptions, FieldSpec, ToolDeclaration, Field, Internals];

describe("types: the public surface", () => {
  it("names its public types and keeps internal shapes internal", () => {
    const named: Named | undefined = undefined;
    expect(named).to.equal(undefined);
  });
});
