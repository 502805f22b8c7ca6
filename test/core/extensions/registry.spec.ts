import { expect } from "chai";
import { z } from "zod/v3";
import {
  defineAxn,
  fieldMetadataKeyOwner,
  knownFieldMetadataKeys,
  knownSemanticHints,
  semanticHintOwner,
  type AxnHost,
  type HintRegistrar,
  type MetadataKeyRegistrar,
} from "@axn/core";
import { internalsOf, assertKnownHints, extensionsFrozen, createKernelHost } from "@axn/core/internal";
import { thrown } from "../../support/thrown.js";
import { freshKernel } from "../../support/fresh-kernel.js";

/** Names the core field DSL owns (see CORE_FIELD_OPTIONS): none may become a metadata key. */
const CORE_OWNED = [
  "schema",
  "type",
  "optional",
  "default",
  "description",
  "sensitive",
  "on",
  "coerce",
  "userFacing",
  "validate",
  "of",
  "shape",
  "inclusion",
  "length",
  "format",
  "as",
  "model",
];

/**
 * The one way to register a hint or a metadata key: a plugin's tap on the host's hook. The
 * registrars are kept past their taps so a spec can call them (later calls after `freeze()` are
 * what a plugin holding on to one would do).
 */
function registrars(): { readonly hints: HintRegistrar; readonly keys: MetadataKeyRegistrar; readonly host: AxnHost } {
  const host = createKernelHost();
  let hints: HintRegistrar | undefined;
  let keys: MetadataKeyRegistrar | undefined;
  host.hooks.registerSemanticHint.tap("axn-plugin-test", (registrar) => void (hints = registrar));
  host.hooks.registerFieldMetadataKey.tap("axn-plugin-test", (registrar) => void (keys = registrar));
  host.runRegistrations();
  return { hints: hints!, keys: keys!, host };
}

describe("extension registry", () => {
  freshKernel();

  describe("semantic hints", () => {
    it("has one way in, the host's hook: no free registration function on the public surface", async () => {
      const core = (await import("@axn/core")) as Record<string, unknown>;
      expect([core.registerSemanticHint, core.registerFieldMetadataKey]).to.deep.equal([undefined, undefined]);
    });

    it("pre-registers core's hints", () => {
      expect(knownSemanticHints()).to.deep.equal(["destructive", "idempotent", "readOnly"]);
      expect(semanticHintOwner("readOnly")).to.equal("@axn/core");
    });

    it("adds hints (idempotently) and lists them sorted", () => {
      const { hints } = registrars();
      hints.add("openWorld", "closedWorld");
      hints.add("openWorld");
      expect(knownSemanticHints()).to.deep.equal(["closedWorld", "destructive", "idempotent", "openWorld", "readOnly"]);
    });

    it("assertKnownHints names the action and lists the registered hints", () => {
      const error = thrown(() => assertKnownHints("Foo", ["readOnly", "openWorld"]));
      expect(error.code).to.equal("AXN_UNKNOWN_SEMANTIC_HINT");
      expect(error.message).to.equal(
        'Unknown semantic hint "openWorld" on action Foo; registered hints: destructive, idempotent, readOnly',
      );
      registrars().hints.add("openWorld");
      expect(semanticHintOwner("openWorld")).to.equal("axn-plugin-test");
      expect(() => assertKnownHints("Foo", ["readOnly", "openWorld"])).not.to.throw();
    });

    it("defineAxn checks hints at definition once the registry is frozen", () => {
      const host = createKernelHost();
      host.freeze();
      expect(extensionsFrozen()).to.equal(true);
      const error = thrown(() =>
        defineAxn({ name: "Foo", semanticHints: ["openWorld" as "readOnly"], call: () => undefined }),
      );
      expect(error.message).to.equal(
        'Unknown semantic hint "openWorld" on action Foo; registered hints: destructive, idempotent, readOnly',
      );
    });

    it("defineAxn defers the check while the host is still loading", () => {
      expect(() =>
        defineAxn({ name: "Foo", semanticHints: ["openWorld" as "readOnly"], call: () => undefined }),
      ).not.to.throw();
    });

    it("refuses a name that is not an identifier", () => {
      const { hints } = registrars();
      const error = thrown(() => hints.add("open world"));
      expect(error.code).to.equal("AXN_INVALID_REGISTRY_NAME");
      expect(error.message).to.equal(
        'Cannot register semantic hint "open world": expected an identifier such as "openWorld" or "mcpTitle"',
      );
    });
  });

  describe("field metadata keys", () => {
    it("refuses every name the core field DSL owns, naming the owner", () => {
      const { keys } = registrars();
      for (const key of CORE_OWNED) {
        const error = thrown(() => keys.add(key));
        expect(error.code, key).to.equal("AXN_RESERVED_METADATA_KEY");
        expect(error.message).to.equal(
          `Cannot register field metadata key "${key}": it is owned by the axn core field DSL`,
        );
      }
      expect(knownFieldMetadataKeys().size).to.equal(0);
    });

    it("registers nothing from a batch containing a reserved name", () => {
      const { keys } = registrars();
      thrown(() => keys.add("mcpTitle", "sensitive"));
      expect(knownFieldMetadataKeys().has("mcpTitle")).to.equal(false);
    });

    it("routes a registered key onto the field's metadata", () => {
      registrars().keys.add("mcpTitle");
      const Action = defineAxn({
        name: "Meta",
        expects: { q: { schema: z.string(), mcpTitle: "Query" } as never },
        call: () => undefined,
      });
      expect(internalsOf(Action).expects[0]?.metadata).to.deep.equal({ mcpTitle: "Query" });
      expect(fieldMetadataKeyOwner("mcpTitle")).to.equal("axn-plugin-test");
    });
  });

  describe("freezing", () => {
    it("refuses registrations after the host finished loading, saying so", () => {
      const { hints, keys, host } = registrars();
      host.freeze();
      const hint = thrown(() => hints.add("x"));
      expect(hint.code).to.equal("AXN_REGISTRY_FROZEN");
      expect(hint.message).to.equal(
        `Cannot register semantic hint "x" after the host finished loading; register it from a plugin's apply()`,
      );
      const key = thrown(() => keys.add("x"));
      expect(key.code).to.equal("AXN_REGISTRY_FROZEN");
      expect(key.message).to.equal(
        `Cannot register field metadata key "x" after the host finished loading; register it from a plugin's apply()`,
      );
    });

    it("still refuses a core-owned name after freezing (the reservation is the more useful message)", () => {
      const { keys, host } = registrars();
      host.freeze();
      expect(thrown(() => keys.add("sensitive")).code).to.equal("AXN_RESERVED_METADATA_KEY");
    });
  });
});
