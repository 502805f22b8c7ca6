/**
 * tool-adapter-authoring.txt, "Naming & description": "a per-adapter tool your_key: { name: "…" }
 * override is only returned when you pass the key" — an override the action did not set is never
 * returned. An adapter key named like an `Object.prototype` member (`constructor`, `toString`, …)
 * used to read the inherited member as an override (the tool was named
 * `function_object_native_code`), and a metadata key `__proto__` or `toString` was lost. Keys are
 * read as own entries only (issue 30, item 4).
 */
import { expect } from "chai";
import { z } from "zod";
import { defineAxn, fieldMetadata, Tools } from "@axn/core";
import { createKernelHost } from "@axn/core/internal";
import { freshKernel } from "../../support/fresh-kernel.js";

const KEYS = ["constructor", "toString", "valueOf", "hasOwnProperty", "__proto__", "isPrototypeOf"];

describe("tools: an adapter key named like an Object.prototype member has no override unless the action sets one", () => {
  freshKernel();

  /** A loaded host (so enumeration is complete) with these adapter keys and metadata keys registered. */
  const load = (adapters: readonly string[], metadataKeys: readonly string[] = []) => {
    const host = createKernelHost();
    host.hooks.registerAdapter.tap("axn-plugin-protospec", (registrar) => {
      for (const key of adapters) registrar.add(key);
    });
    if (metadataKeys.length > 0)
      host.hooks.registerFieldMetadataKey.tap("axn-plugin-protospec", (keys) => keys.add(...metadataKeys));
    host.freeze();
  };

  it("derives the ordinary tool name for every such key, in toolName and Tools.for", () => {
    load(KEYS);
    const Lookup = defineAxn({ name: "AgentTools.ProtoKeys.Lookup", tool: true, call: () => undefined });
    for (const key of KEYS) {
      expect(Lookup.toolName(key), key).to.equal("proto_keys_lookup");
      expect(
        Tools.for(key).map((a) => a.toolName(key)),
        key,
      ).to.deep.equal(["proto_keys_lookup"]);
    }
  });

  it("returns the override an action does set under such a key", () => {
    load(["constructor", "toString"]);
    const Lookup = defineAxn({
      name: "AgentTools.ProtoKeys.Named",
      // Computed keys: TypeScript reads a literal `constructor` key as Object's own member.
      tool: { ["constructor" as string]: { name: "build_it" }, ["toString" as string]: {} },
      call: () => undefined,
    });
    expect(Lookup.toolName("constructor")).to.equal("build_it");
    expect(Lookup.toolName("toString")).to.equal("proto_keys_named");
    expect(Tools.for("constructor").map((a) => a.toolName("constructor"))).to.deep.equal(["build_it"]);
  });

  it("keeps field metadata registered under __proto__ and toString as own entries", () => {
    load([], ["__proto__", "toString"]);
    // No declaration merge names these keys, so the declaration is typed as a bare `{ schema }`.
    const spec = Object.defineProperty({ schema: z.string(), toString: "shown" }, "__proto__", {
      value: "kept",
      enumerable: true,
    }) as { schema: z.ZodString };
    const Tagged = defineAxn({ name: "ProtoKeys.Tagged", expects: { query: spec }, call: () => undefined });
    const metadata = fieldMetadata(Tagged, "expects", "query");
    expect(Object.getOwnPropertyDescriptor(metadata, "__proto__")?.value).to.equal("kept");
    expect(Object.getOwnPropertyDescriptor(metadata, "toString")?.value).to.equal("shown");
    expect(Object.keys(metadata).sort()).to.deep.equal(["__proto__", "toString"]);
  });
});
