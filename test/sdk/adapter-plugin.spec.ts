/**
 * `defineAdapterPlugin`: the registration and the zero-argument `tools()` of an adapter plugin,
 * generated from its key, settings and `wrap` — loaded here through the real host.
 */
import { expect } from "chai";
import { createConfigurable, defineAxn, fieldMetadataKeyOwner, semanticHintOwner, Tools, type AnyAxn } from "@axn/core";
import { registeredAdapters } from "@axn/core/internal";
import { createHost } from "@axn/sdk";
import { defineAdapterPlugin, toolRootsDefault } from "@axn/sdk/adapter";
import { resetKernel } from "@axn/sdk/testing";

// Namespaces are process-wide, like a published plugin's: one per configurable in this file.
const rooted = toolRootsDefault(createConfigurable("axn-plugin-specrooted").configNamespace("specrooted"), []);
const plain = createConfigurable("axn-plugin-specplain").configNamespace("specplain");

interface SpecTool {
  readonly name: string;
  readonly version: number;
  readonly tag: string | undefined;
}
interface SpecWrapOptions {
  readonly name?: string;
  readonly description?: string;
  readonly tag?: string;
}
const wrapWith =
  (key: string) =>
  (action: AnyAxn, options: SpecWrapOptions = {}): SpecTool => ({
    name: options.name ?? action.toolName(key),
    version: action.toolVersion,
    tag: options.tag,
  });

const applied: string[] = [];
const rootedPlugin = defineAdapterPlugin({
  name: "axn-plugin-specrooted",
  version: "1.2.3",
  host: "^0.1.0",
  key: "specrooted",
  settings: rooted,
  wrap: wrapWith("specrooted"),
  semanticHints: ["specEffects"],
  fieldMetadataKeys: ["specExample"],
  apply: (host) => void applied.push(`extra apply, ${typeof host.hooks.onResult.tap}`),
});
const plainPlugin = defineAdapterPlugin({
  name: "axn-plugin-specplain",
  version: "1.0.0",
  host: "^0.1.0",
  dependencies: ["axn-plugin-specrooted"],
  key: "specplain",
  settings: plain,
  wrap: wrapWith("specplain"),
  allVersions: true,
});

describe("defineAdapterPlugin", () => {
  beforeEach(async () => {
    resetKernel();
    applied.length = 0;
    await createHost({ config: { plugins: [rootedPlugin, plainPlugin] } });
  });
  after(resetKernel);

  it("is a frozen host plugin carrying its key, wrap and tools", () => {
    expect([rootedPlugin.name, rootedPlugin.version, rootedPlugin.host, rootedPlugin.key]).to.deep.equal([
      "axn-plugin-specrooted",
      "1.2.3",
      "^0.1.0",
      "specrooted",
    ]);
    expect(plainPlugin.dependencies).to.deep.equal(["axn-plugin-specrooted"]);
    expect(Object.isFrozen(rootedPlugin)).to.equal(true);
    expect(typeof rootedPlugin.wrap).to.equal("function");
    expect(rootedPlugin.tools.length).to.equal(0);
  });

  it("registers the key under the plugin's name, with the settings' tool roots when they declare them", () => {
    const byKey = new Map(registeredAdapters().map((adapter) => [adapter.key, adapter]));
    expect(byKey.get("specrooted")?.plugin).to.equal("axn-plugin-specrooted");
    expect(byKey.get("specrooted")?.configSource?.toolRoots()).to.deep.equal([]);
    rooted.configure((c) => {
      c.toolRoots = ["spec_tools"];
    });
    expect(byKey.get("specrooted")?.configSource?.toolRoots()).to.deep.equal(["spec_tools"]);
    rooted.reset("toolRoots");
    expect(byKey.get("specplain")?.plugin).to.equal("axn-plugin-specplain");
    expect(byKey.get("specplain")?.configSource).to.equal(undefined);
  });

  it("registers its semantic hints and field-metadata keys, and runs its own apply with the host", () => {
    expect(semanticHintOwner("specEffects")).to.equal("axn-plugin-specrooted");
    expect(fieldMetadataKeyOwner("specExample")).to.equal("axn-plugin-specrooted");
    expect(applied).to.deep.equal(["extra apply, function"]);
  });

  it("tools() wraps every member with no arguments; its options go to every wrap", () => {
    defineAxn({ name: "SpecAdapterPlugin.Zeta", tool: ["specrooted", "specplain"], call: () => undefined });
    defineAxn({ name: "SpecAdapterPlugin.Alpha", tool: ["specrooted", "specplain"], call: () => undefined });
    defineAxn({
      name: "SpecAdapterPlugin.AlphaV2",
      tool: { specrooted: { name: "spec_adapter_plugin_alpha" }, specplain: { name: "spec_adapter_plugin_alpha" } },
      toolVersion: 2,
      call: () => undefined,
    });
    expect(rootedPlugin.tools()).to.deep.equal([
      { name: "spec_adapter_plugin_alpha", version: 2, tag: undefined },
      { name: "spec_adapter_plugin_zeta", version: 1, tag: undefined },
    ]);
    expect(rootedPlugin.tools().map((t) => t.name)).to.deep.equal(
      Tools.for("specrooted").map((a) => a.toolName("specrooted")),
    );
    expect(rootedPlugin.tools({ tag: "shared" }).map((t) => t.tag)).to.deep.equal(["shared", "shared"]);
    // allVersions: every version of each tool, sorted by name then version.
    expect(plainPlugin.tools().map((t) => [t.name, t.version])).to.deep.equal([
      ["spec_adapter_plugin_alpha", 1],
      ["spec_adapter_plugin_alpha", 2],
      ["spec_adapter_plugin_zeta", 1],
    ]);
  });

  it("takes no options: the host refuses any given to it", async () => {
    resetKernel();
    let message: string | undefined;
    await createHost({ config: { plugins: [[rootedPlugin as never, { tag: "x" }]] } }).catch(
      (error: Error) => (message = error.message),
    );
    expect(message).to.equal(
      "Plugin \"axn-plugin-specrooted\" takes no options, got { tag: 'x' }; remove them from the config passed to createHost",
    );
  });

  it("refuses settings outside the adapter key's namespace, a missing key and a missing wrap", () => {
    const base = { name: "axn-plugin-specbad", version: "1.0.0", host: "^0.1.0", wrap: wrapWith("specbad") };
    expect(() => defineAdapterPlugin({ ...base, key: "specbad", settings: plain })).to.throw(
      TypeError,
      'defineAdapterPlugin(axn-plugin-specbad): the settings\' config namespace is "specplain", not the adapter key "specbad"; call configNamespace("specbad") on them',
    );
    expect(() => defineAdapterPlugin({ ...base, key: "", settings: plain })).to.throw(
      TypeError,
      "defineAdapterPlugin(axn-plugin-specbad): `key` must be a non-empty string",
    );
    expect(() =>
      defineAdapterPlugin({ ...base, key: "specplain", settings: plain, wrap: undefined as never }),
    ).to.throw(
      TypeError,
      "defineAdapterPlugin(axn-plugin-specbad): `wrap` must be a function (action, options?) => tool",
    );
  });
});
