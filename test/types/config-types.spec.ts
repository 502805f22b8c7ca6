/**
 * Type-level checks for settings, overrides and plugin registrations. The `// @ts-expect-error`
 * lines are verified by `tsc -b` (the test project); the functions holding them never run.
 * The fixture plugins augment the registries exactly as a published plugin would.
 */
import { expect } from "chai";
import { z } from "zod/v3";
import { z as z4 } from "zod";
import { createConfigurable, defineAxn, type OverridableSettingsOf, type SettingsOf } from "@axn/core";
import { defineConfig, definePlugin, type AxnPlugin } from "@axn/sdk";
import type {} from "../fixtures/app/plugins/alpha.js";
import type {} from "../fixtures/app/plugins/beta.js";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assertType = <T extends true>(value?: T): T | undefined => value;

function settingTypes(): void {
  const config = createConfigurable("axn-plugin-types")
    .configNamespace("typesns")
    .setting("presentAs", { default: "structured", oneOf: ["structured", "message"], overridable: true })
    .setting("limit", { default: 10, validate: (n) => n > 0 || "must be positive" })
    .setting("roots", { default: (): readonly string[] => [] });

  assertType<Equal<ReturnType<typeof config.get<"presentAs">>, "structured" | "message">>();
  assertType<Equal<ReturnType<typeof config.get<"limit">>, number>>();
  assertType<Equal<ReturnType<typeof config.get<"roots">>, readonly string[]>>();
  assertType<
    Equal<SettingsOf<typeof config>, { presentAs: "structured" | "message"; limit: number; roots: readonly string[] }>
  >();
  assertType<Equal<OverridableSettingsOf<typeof config>, { readonly presentAs?: "structured" | "message" }>>();

  // @ts-expect-error — not a declared setting
  config.get("nope");
  config.configure((c) => {
    c.presentAs = "message";
    // @ts-expect-error — a misspelt value
    c.presentAs = "mesage";
    // @ts-expect-error — wrong type
    c.limit = "ten";
  });
  const Action = defineAxn({ name: "T.Action", call: () => undefined });
  config.resolveOverrideFor(Action, "presentAs");
  // @ts-expect-error — only overridable settings have per-action values
  config.resolveOverrideFor(Action, "limit");
  // The host's and the loader's by-name steps are not on the public face (configurableInternals is).
  // @ts-expect-error — no by-name read
  config.read("limit");
  // @ts-expect-error — no by-name write
  config.assign({ limit: 5 });
  // @ts-expect-error — the host seals, not app code
  config.seal();
  // @ts-expect-error — no untyped override read
  config.resolveOverride(Action, "presentAs");
}

function overrideTypes(): void {
  defineAxn({
    name: "T.Ok",
    tool: { alpha: { greeting: "hey" } },
    configure: { alpha: { greeting: "hi", name: "ok_tool" } },
    call: () => undefined,
  });
  // @ts-expect-error — once alpha's types are imported, a misspelt value is a compile error
  defineAxn({ name: "T.Bad", tool: { alpha: { greeting: "helo" } }, call: () => undefined });
  // @ts-expect-error — the configure bag is the same store, typed the same way
  defineAxn({ name: "T.Bad2", configure: { alpha: { greeting: "helo" } }, call: () => undefined });
  // @ts-expect-error — not an overridable alpha setting
  defineAxn({ name: "T.Bad3", configure: { alpha: { toolRoots: ["x"] } }, call: () => undefined });
}

function registrationTypes(): void {
  defineAxn({ name: "T.Hints", semanticHints: ["betaSafe", "readOnly"], call: () => undefined });
  // @ts-expect-error — an unregistered hint
  defineAxn({ name: "T.BadHint", semanticHints: ["openWorldish"], call: () => undefined });
  defineAxn({ name: "T.Meta", expects: { q: { schema: z.string(), betaNote: "a note" } }, call: () => undefined });
  // @ts-expect-error — betaNote is typed as a string by beta's augmentation
  defineAxn({ name: "T.BadMeta", expects: { q: { schema: z.string(), betaNote: 1 } }, call: () => undefined });
}

function appConfigTypes(): void {
  defineConfig({ plugins: ["mcp", ["./x.ts", { a: 1 }]], alpha: { greeting: "hi", toolRoots: ["agent_tools"] } });
  // @ts-expect-error — app-wide settings are typed per namespace too
  defineConfig({ alpha: { greeting: "yo" } });
  defineConfig({
    serve: {
      authenticate: (request) => (request.headers.has("authorization") ? { id: "u1" } : null),
      anonymous: true,
      callTimeoutMs: 5000,
    },
  });
  // @ts-expect-error — the serve settings are typed: anonymous is a boolean
  defineConfig({ serve: { anonymous: "yes" } });
  const plugin = definePlugin({
    name: "p",
    version: "1.0.0",
    host: "*",
    options: z.object({ level: z.enum(["info", "debug"]) }),
    apply: (_host, options) => void options,
  });
  assertType<Equal<typeof plugin, AxnPlugin<{ level: "info" | "debug" }>>>();
  // apply receives what the schema parses to: a default makes the field present.
  definePlugin({
    name: "p",
    version: "1.0.0",
    host: "*",
    options: z4.object({ level: z4.enum(["info", "debug"]).default("info") }),
    apply: (_host, options) => void assertType<Equal<typeof options, { level: "info" | "debug" }>>(),
  });
  const plain = definePlugin({ name: "p", version: "1.0.0", host: "*", apply: (host) => void host });
  assertType<Equal<typeof plain, AxnPlugin>>();
  definePlugin({
    name: "p",
    version: "1.0.0",
    host: "*",
    // @ts-expect-error — typed options without a schema: the host would refuse every option given
    apply: (_host, options: { level: "info" | "debug" }) => void options,
  });
  // @ts-expect-error — the options must be a schema
  definePlugin({ name: "p", version: "1.0.0", host: "*", options: { level: "info" }, apply: () => undefined });
  // @ts-expect-error — apply is required
  definePlugin({ name: "p", version: "1.0.0", host: "*" });
}

describe("config and registry types", () => {
  it("are checked at compile time (this spec only needs to compile)", () => {
    expect(
      [settingTypes, overrideTypes, registrationTypes, appConfigTypes].every((f) => typeof f === "function"),
    ).to.equal(true);
  });
});
