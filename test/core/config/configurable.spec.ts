import { expect } from "chai";
import { z } from "zod/v3";
import { createConfigurable, configNamespaces, defineAxn } from "@axn/core";
import { clearCatalog, configurableFor, configurableInternals } from "@axn/core/internal";
import { thrown } from "../../support/thrown.js";
import { freshKernel } from "../../support/fresh-kernel.js";

let counter = 0;
/** Each spec gets its own namespace: namespaces are process-wide and outlive a spec. */
const freshNamespace = (): string => `ns${++counter}x${Date.now() % 1000}`;

const presentAs = { default: "structured", oneOf: ["structured", "message"], overridable: true } as const;

describe("Configurable", () => {
  freshKernel();

  describe("declaration", () => {
    it("refuses an overridable setting before configNamespace, naming owner and setting", () => {
      const error = thrown(() => createConfigurable("axn-plugin-x").setting("presentAs", presentAs));
      expect(error.code).to.equal("AXN_INVALID_SETTING_DECLARATION");
      expect(error.message).to.equal(
        "Setting presentAs of axn-plugin-x is overridable, but axn-plugin-x has no config namespace yet; call configNamespace(key) before declaring an overridable setting",
      );
    });

    it("allows non-overridable settings without a namespace", () => {
      const config = createConfigurable("axn-plugin-x").setting("retries", { default: 3 });
      expect(config.get("retries")).to.equal(3);
      expect(config.namespace).to.equal(undefined);
    });

    it("locks the namespace once an overridable setting is declared", () => {
      const ns = freshNamespace();
      const config = createConfigurable("axn-plugin-lock").configNamespace(ns).setting("presentAs", presentAs);
      const error = thrown(() => config.configNamespace("other"));
      expect(error.code).to.equal("AXN_INVALID_SETTING_DECLARATION");
      expect(error.message).to.equal(
        `axn-plugin-lock cannot change its config namespace to "other": overridable setting presentAs already locked it to "${ns}"`,
      );
    });

    it("refuses a namespace owned by another package, and lets the same owner re-declare it", () => {
      const ns = freshNamespace();
      createConfigurable("axn-plugin-a").configNamespace(ns);
      expect(thrown(() => createConfigurable("axn-plugin-b").configNamespace(ns)).message).to.equal(
        `Config namespace "${ns}" is already owned by axn-plugin-a; axn-plugin-b must choose another key`,
      );
      const again = createConfigurable("axn-plugin-a").configNamespace(ns);
      expect(configurableFor(ns)).to.equal(configurableInternals(again));
      expect(configNamespaces()).to.include(ns);
    });

    it("refuses a duplicate setting, an invalid literal default and an overridable `name`", () => {
      const ns = freshNamespace();
      const config = createConfigurable("axn-plugin-d").configNamespace(ns).setting("a", { default: 1 });
      expect(thrown(() => config.setting("a", { default: 2 })).message).to.equal(
        "axn-plugin-d declares setting a twice",
      );
      expect(thrown(() => config.setting("mode", { default: "x", oneOf: ["y", "z"] })).message).to.equal(
        'Default "x" of setting mode of axn-plugin-d is invalid: expected one of "y", "z"',
      );
      expect(thrown(() => config.setting("name", { default: "", overridable: true })).message).to.equal(
        'Setting name of axn-plugin-d cannot be overridable: "name" in a per-adapter bag is the tool-name override',
      );
    });
  });

  describe("package-level values", () => {
    it("reads defaults, re-evaluating a function default on every read", () => {
      let calls = 0;
      const config = createConfigurable("axn-plugin-f").setting("stamp", { default: () => ++calls });
      expect(config.get("stamp")).to.equal(1);
      expect(config.get("stamp")).to.equal(2);
    });

    it("configure writes through a validated draft; reset restores one or all defaults", () => {
      const ns = freshNamespace();
      const config = createConfigurable("axn-plugin-c")
        .configNamespace(ns)
        .setting("presentAs", presentAs)
        .setting("limit", { default: 10 });
      config.configure((c) => {
        c.presentAs = "message";
        c.limit = 20;
      });
      expect(config.get("presentAs")).to.equal("message");
      expect(config.get("limit")).to.equal(20);
      config.reset("presentAs");
      expect(config.get("presentAs")).to.equal("structured");
      expect(config.get("limit")).to.equal(20);
      config.reset();
      expect(config.get("limit")).to.equal(10);
    });

    it("rejects a value outside oneOf, naming owner, setting, value and allowed values", () => {
      const config = createConfigurable("axn-plugin-mcp")
        .configNamespace(freshNamespace())
        .setting("presentAs", presentAs);
      const error = thrown(() =>
        config.configure((c) => {
          (c as { presentAs: string }).presentAs = "mesage";
        }),
      );
      expect(error.code).to.equal("AXN_INVALID_SETTING");
      expect(error.message).to.equal(
        'Invalid presentAs "mesage" for axn-plugin-mcp: expected one of "structured", "message"',
      );
    });

    it("uses the reason a validate function returns", () => {
      const config = createConfigurable("axn-plugin-v").setting("limit", {
        default: 10,
        validate: (n: number) => n > 0 || "must be positive",
      });
      expect(thrown(() => config.configure((c) => void (c.limit = 0))).message).to.equal(
        "Invalid limit 0 for axn-plugin-v: must be positive",
      );
      expect(thrown(() => config.configure((c) => void (c.limit = -1))).code).to.equal("AXN_INVALID_SETTING");
      const noReason = createConfigurable("axn-plugin-v2").setting("even", {
        default: 2,
        validate: (n: number) => n % 2 === 0,
      });
      expect(thrown(() => noReason.configure((c) => void (c.even = 3))).message).to.equal(
        "Invalid even 3 for axn-plugin-v2: rejected by the setting's validate function",
      );
    });

    it("writes nothing when the configure callback fails part-way", () => {
      const config = createConfigurable("axn-plugin-t")
        .setting("a", { default: 1 })
        .setting("b", { default: "x", oneOf: ["x", "y"] });
      thrown(() =>
        config.configure((c) => {
          c.a = 2;
          (c as { b: string }).b = "nope";
        }),
      );
      expect(config.get("a")).to.equal(1);
    });

    it("refuses an undeclared setting", () => {
      const config = createConfigurable("axn-plugin-u").setting("a", { default: 1 });
      const error = thrown(() => config.configure((c) => void ((c as Record<string, unknown>)["b"] = 1)));
      expect(error.code).to.equal("AXN_UNKNOWN_SETTING");
      expect(error.message).to.equal("Unknown setting b for axn-plugin-u; declared settings: a");
      expect(thrown(() => config.reset("b" as "a")).code).to.equal("AXN_UNKNOWN_SETTING");
    });

    it("describes its settings for the CLI", () => {
      const ns = freshNamespace();
      const config = createConfigurable("axn-plugin-i")
        .configNamespace(ns)
        .setting("presentAs", { ...presentAs, description: "How results are presented" })
        .setting("limit", { default: 10 });
      config.configure((c) => void (c.limit = 5));
      expect(config.settingKeys()).to.deep.equal(["presentAs", "limit"]);
      expect(config.overridableKeys()).to.deep.equal(["presentAs"]);
      expect(config.describe()).to.deep.equal([
        {
          name: "presentAs",
          overridable: true,
          oneOf: ["structured", "message"],
          description: "How results are presented",
          value: "structured",
          isDefault: true,
        },
        { name: "limit", overridable: false, oneOf: undefined, description: undefined, value: 5, isDefault: false },
      ]);
    });
  });

  describe("resolveOverrideFor", () => {
    it("reads a configure bag and an inline tool bag (the same store), else the package value", () => {
      const ns = freshNamespace();
      const config = createConfigurable("axn-plugin-r").configNamespace(ns).setting("presentAs", presentAs);
      const ViaConfigure = defineAxn({
        name: "A.ViaConfigure",
        configure: { [ns]: { presentAs: "message" } },
        call: () => undefined,
      });
      const ViaTool = defineAxn({ name: "A.ViaTool", tool: { [ns]: { presentAs: "message" } }, call: () => undefined });
      const Plain = defineAxn({ name: "A.Plain", call: () => undefined });
      expect(config.resolveOverrideFor(ViaConfigure, "presentAs")).to.equal("message");
      expect(config.resolveOverrideFor(ViaTool, "presentAs")).to.equal("message");
      expect(config.resolveOverrideFor(Plain, "presentAs")).to.equal("structured");
      config.configure((c) => void (c.presentAs = "message"));
      expect(config.resolveOverrideFor(Plain, "presentAs")).to.equal("message");
    });

    it("is shadow-proof: works for an action whose module never imported the package", async () => {
      const { UnawareReport } = await import("../../fixtures/config-actions/unaware-action.js");
      // The owner of "unaware" is declared only now, after the action exists.
      const config = createConfigurable("axn-plugin-unaware")
        .configNamespace("unaware")
        .setting("presentAs", presentAs);
      expect(config.resolveOverrideFor(UnawareReport, "presentAs")).to.equal("message");
      expect(Object.keys(UnawareReport)).not.to.include("presentAs");
    });

    it("walks the parent chain: own value, else the nearest ancestor's, else the package value", () => {
      const ns = freshNamespace();
      const config = createConfigurable("axn-plugin-p")
        .configNamespace(ns)
        .setting("presentAs", presentAs)
        .setting("title", { default: "none", overridable: true });
      const Base = defineAxn({
        name: "P.Base",
        configure: { [ns]: { presentAs: "message", title: "base" } },
        call: () => undefined,
      });
      const Middle = defineAxn({
        name: "P.Middle",
        extends: Base,
        configure: { [ns]: { title: "middle" } },
        call: () => undefined,
      });
      const Leaf = defineAxn({ name: "P.Leaf", extends: Middle, call: () => undefined });
      expect(config.resolveOverrideFor(Leaf, "title")).to.equal("middle");
      expect(config.resolveOverrideFor(Leaf, "presentAs")).to.equal("message");
      const Orphan = defineAxn({ name: "P.Orphan", call: () => undefined });
      expect(config.resolveOverrideFor(Orphan, "title")).to.equal("none");
    });

    it("throws for a setting that is not overridable", () => {
      const ns = freshNamespace();
      const config = createConfigurable("axn-plugin-n").configNamespace(ns).setting("limit", { default: 1 });
      const Action = defineAxn({ name: "N.Action", call: () => undefined });
      // @ts-expect-error — "limit" is not overridable, so the type refuses it too
      const error = thrown(() => config.resolveOverrideFor(Action, "limit"));
      expect(error.code).to.equal("AXN_SETTING_NOT_OVERRIDABLE");
      expect(error.message).to.equal(
        'Setting limit of axn-plugin-n is not overridable, so it has no per-action value; read it with get("limit") or declare it with overridable: true',
      );
    });
  });

  describe("per-action validation", () => {
    it("validates actions already defined as soon as the owner declares the setting", () => {
      const ns = freshNamespace();
      defineAxn({ name: "Reports.Daily", configure: { [ns]: { presentAs: "mesage" } }, call: () => undefined });
      const config = createConfigurable("axn-plugin-mcp").configNamespace(ns);
      const error = thrown(() => config.setting("presentAs", presentAs));
      expect(error.code).to.equal("AXN_INVALID_SETTING");
      expect(error.message).to.equal(
        `Invalid ${ns}.presentAs "mesage" on action Reports.Daily: expected one of "structured", "message"`,
      );
    });

    it("validates an action defined after the owner loaded, at definition", () => {
      const ns = freshNamespace();
      createConfigurable("axn-plugin-mcp").configNamespace(ns).setting("presentAs", presentAs);
      const error = thrown(() =>
        defineAxn({ name: "Reports.Daily", tool: { [ns]: { presentAs: "mesage" } }, call: () => undefined }),
      );
      expect(error.message).to.equal(
        `Invalid ${ns}.presentAs "mesage" on action Reports.Daily: expected one of "structured", "message"`,
      );
    });

    it("refuses a per-action value for a setting that is not overridable", () => {
      const ns = freshNamespace();
      createConfigurable("axn-plugin-mcp")
        .configNamespace(ns)
        .setting("toolRoots", { default: (): string[] => [] });
      const error = thrown(() =>
        defineAxn({ name: "R.Roots", configure: { [ns]: { toolRoots: ["x"] } }, call: () => undefined }),
      );
      expect(error.code).to.equal("AXN_SETTING_NOT_OVERRIDABLE");
      expect(error.message).to.equal(
        `Setting ${ns}.toolRoots on action R.Roots is not overridable per action; set it app-wide (axn-plugin-mcp configure or axn.config)`,
      );
    });

    it("treats unknown keys as errors once the owner is sealed (the host finished loading), `name` excepted", () => {
      const ns = freshNamespace();
      const config = createConfigurable("axn-plugin-mcp").configNamespace(ns).setting("presentAs", presentAs);
      const early = defineAxn({
        name: "R.Early",
        configure: { [ns]: { presentAss: "message", name: "early_tool" } },
        call: () => undefined,
      });
      expect(early.name).to.equal("R.Early"); // not yet an error: the setting list may still grow
      const error = thrown(() => configurableInternals(config).seal());
      expect(error.code).to.equal("AXN_UNKNOWN_SETTING");
      expect(error.message).to.equal(
        `Unknown setting ${ns}.presentAss on action R.Early; axn-plugin-mcp accepts: name, presentAs`,
      );
      clearCatalog();
      expect(() =>
        defineAxn({
          name: "R.Named",
          configure: { [ns]: { name: "named_tool", presentAs: "message" } },
          call: () => undefined,
        }),
      ).not.to.throw();
      expect(
        thrown(() => defineAxn({ name: "R.Late", tool: { [ns]: { colour: "red" } }, call: () => undefined })).message,
      ).to.equal(`Unknown setting ${ns}.colour on action R.Late; axn-plugin-mcp accepts: name, presentAs`);
      expect(thrown(() => config.setting("more", { default: 1 })).message).to.equal(
        "axn-plugin-mcp cannot declare setting more after the host finished loading; declare settings when the plugin loads",
      );
    });

    it("ignores bags of namespaces whose owner never loaded", () => {
      expect(() =>
        defineAxn({ name: "R.Free", configure: { nobodyOwnsThis: { anything: 1 } }, call: () => undefined }),
      ).not.to.throw();
    });
  });

  it("validates action fields with zod untouched (sanity: defineAxn still runs)", async () => {
    const Echo = defineAxn({
      name: "Echo",
      expects: { v: z.number() },
      exposes: { v: z.number() },
      call: ({ v }) => ({ v }),
    });
    expect((await Echo.call({ v: 2 })).ok).to.equal(true);
  });
});
