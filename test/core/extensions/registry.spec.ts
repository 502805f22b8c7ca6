import { expect } from "chai";
import { z } from "zod/v3";
import {
  createKernelHost,
  defineAxn,
  fieldMetadataKeyOwner,
  knownFieldMetadataKeys,
  knownSemanticHints,
  registerFieldMetadataKey,
  registerSemanticHint,
  semanticHintOwner,
} from "@axn/core";
import { internalsOf, assertKnownHints, extensionsFrozen } from "@axn/core/internal";
import { thrown } from "../../support/thrown.js";
import { freshKernel } from "../../support/fresh-kernel.js";


/** Names the core field DSL owns (see CORE_FIELD_OPTIONS): none may become a metadata key. */
const CORE_OWNED = ["schema", "type", "optional", "default", "description", "sensitive", "on", "coerce", "userFacing", "validate", "of", "shape", "inclusion", "length", "format", "as", "model"];

describe("extension registry", () => {
  freshKernel();

  describe("semantic hints", () => {
    it("pre-registers core's hints", () => {
      expect(knownSemanticHints()).to.deep.equal(["destructive", "idempotent", "readOnly"]);
      expect(semanticHintOwner("readOnly")).to.equal("@axn/core");
    });

    it("adds hints (idempotently) and lists them sorted", () => {
      registerSemanticHint("openWorld", "closedWorld");
      registerSemanticHint("openWorld");
      expect(knownSemanticHints()).to.deep.equal(["closedWorld", "destructive", "idempotent", "openWorld", "readOnly"]);
    });

    it("assertKnownHints names the action and lists the registered hints", () => {
      const error = thrown(() => assertKnownHints("Foo", ["readOnly", "openWorld"]));
      expect(error.code).to.equal("AXN_UNKNOWN_SEMANTIC_HINT");
      expect(error.message).to.equal('Unknown semantic hint "openWorld" on action Foo; registered hints: destructive, idempotent, readOnly');
      registerSemanticHint("openWorld");
      expect(() => assertKnownHints("Foo", ["readOnly", "openWorld"])).not.to.throw();
    });

    it("defineAxn checks hints at definition once the registry is frozen", () => {
      const host = createKernelHost();
      host.freeze();
      expect(extensionsFrozen()).to.equal(true);
      const error = thrown(() => defineAxn({ name: "Foo", semanticHints: ["openWorld" as "readOnly"], call: () => undefined }));
      expect(error.message).to.equal('Unknown semantic hint "openWorld" on action Foo; registered hints: destructive, idempotent, readOnly');
    });

    it("defineAxn defers the check while the host is still loading", () => {
      expect(() => defineAxn({ name: "Foo", semanticHints: ["openWorld" as "readOnly"], call: () => undefined })).not.to.throw();
    });

    it("refuses a name that is not an identifier", () => {
      const error = thrown(() => registerSemanticHint("open world"));
      expect(error.code).to.equal("AXN_INVALID_REGISTRY_NAME");
      expect(error.message).to.equal('Cannot register semantic hint "open world": expected an identifier such as "openWorld" or "mcpTitle"');
    });
  });

  describe("field metadata keys", () => {
    it("refuses every name the core field DSL owns, naming the owner", () => {
      for (const key of CORE_OWNED) {
        const error = thrown(() => registerFieldMetadataKey(key));
        expect(error.code, key).to.equal("AXN_RESERVED_METADATA_KEY");
        expect(error.message).to.equal(`Cannot register field metadata key "${key}": it is owned by the axn core field DSL`);
      }
      expect(knownFieldMetadataKeys().size).to.equal(0);
    });

    it("registers nothing from a batch containing a reserved name", () => {
      thrown(() => registerFieldMetadataKey("mcpTitle", "sensitive"));
      expect(knownFieldMetadataKeys().has("mcpTitle")).to.equal(false);
    });

    it("routes a registered key onto the field's metadata", () => {
      registerFieldMetadataKey("mcpTitle");
      const Action = defineAxn({
        name: "Meta",
        expects: { q: { schema: z.string(), mcpTitle: "Query" } as never },
        call: () => undefined,
      });
      expect(internalsOf(Action).expects[0]?.metadata).to.deep.equal({ mcpTitle: "Query" });
      expect(fieldMetadataKeyOwner("mcpTitle")).to.equal("an application");
    });
  });

  describe("freezing", () => {
    it("refuses registrations after the host finished loading, saying so", () => {
      createKernelHost().freeze();
      const hint = thrown(() => registerSemanticHint("x"));
      expect(hint.code).to.equal("AXN_REGISTRY_FROZEN");
      expect(hint.message).to.equal(`Cannot register semantic hint "x" after the host finished loading; register it from a plugin's apply()`);
      const key = thrown(() => registerFieldMetadataKey("x"));
      expect(key.code).to.equal("AXN_REGISTRY_FROZEN");
      expect(key.message).to.equal(`Cannot register field metadata key "x" after the host finished loading; register it from a plugin's apply()`);
    });

    it("still refuses a core-owned name after freezing (the reservation is the more useful message)", () => {
      createKernelHost().freeze();
      expect(thrown(() => registerFieldMetadataKey("sensitive")).code).to.equal("AXN_RESERVED_METADATA_KEY");
    });
  });
});
