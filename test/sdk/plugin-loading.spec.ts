import { expect } from "chai";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync, copyFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { z } from "zod/v3";
import {
  Tools,
  axnConfig,
  defineAxn,
  knownFieldMetadataKeys,
  knownSemanticHints,
  type AxnError,
  type AxnHost,
} from "@axn/core";
import { internalsOf, activeHost, hostLoaded, registeredAdapters } from "@axn/core/internal";
import { resetKernel } from "@axn/sdk/testing";
import { type } from "arktype";
import { z as z4 } from "zod";
import {
  createHost,
  definePlugin,
  expandPluginName,
  loadHost,
  type AxnPlugin,
  type PluginError,
  type PluginWithoutOptions,
} from "@axn/sdk";
import { checkHostVersion } from "../../sdk/src/host/check-plugin.js";

const here = dirname(fileURLToPath(import.meta.url));
const appDir = resolve(here, "../fixtures/app");
const appConfig = join(appDir, "axn.config.ts");
const pluginsDir = resolve(here, "../fixtures/plugins");

/**
 * The fixture plugins as the host loaded them: through the same dynamic import the sdk uses, so the
 * spec reads the module instance the host applied (a static import may be transpiled to require).
 */
async function fixturePlugins() {
  const load = async <T>(file: string): Promise<T> => (await import(pathToFileURL(join(appDir, file)).href)) as T;
  return {
    alpha: await load<typeof import("../fixtures/app/plugins/alpha.js")>("plugins/alpha.ts"),
    beta: await load<typeof import("../fixtures/app/plugins/beta.js")>("plugins/beta.ts"),
  };
}

async function rejection(promise: Promise<unknown>): Promise<PluginError> {
  try {
    await promise;
  } catch (error) {
    return error as PluginError;
  }
  throw new Error("expected a rejection");
}

function plugin(overrides: Partial<AxnPlugin<unknown>> = {}): AxnPlugin<unknown> {
  return definePlugin({
    name: "axn-plugin-x",
    version: "1.0.0",
    host: "^0.1.0",
    apply: () => undefined,
    ...overrides,
  } as PluginWithoutOptions) as AxnPlugin<unknown>;
}

/** Loads an inline config as if it were written in the fixture app's axn.config.ts. */
const load = (plugins: readonly unknown[], extra: Record<string, object> = {}) =>
  createHost({ config: { plugins: plugins as never, ...extra }, configPath: appConfig });

describe("@axn/sdk plugin loading", () => {
  beforeEach(resetKernel);
  afterEach(resetKernel);

  describe("the fixture app (axn.config.ts with two local plugins)", () => {
    it("loads end to end", async () => {
      const loaded = await loadHost({ cwd: appDir });
      const {
        alpha: { alphaConfig },
        beta: { betaState },
      } = await fixturePlugins();
      expect(loaded.configPath).to.equal(appConfig);
      expect(loaded.plugins.map((p) => [p.name, p.version, p.source])).to.deep.equal([
        ["axn-plugin-alpha", "1.0.0", join(appDir, "plugins/alpha.ts")],
        ["axn-plugin-beta", "1.0.0", join(appDir, "plugins/beta.ts")],
      ]);
      expect(hostLoaded()).to.equal(true);
      expect(registeredAdapters().map((a) => [a.key, a.plugin])).to.deep.equal([["alpha", "axn-plugin-alpha"]]);
      expect(Tools.adapters()).to.include("alpha");
      expect(knownSemanticHints()).to.include("betaSafe");
      expect(knownFieldMetadataKeys().has("betaNote")).to.equal(true);
      expect(betaState.options).to.deep.equal({ note: "from axn.config.ts" });
      // App-wide settings from the config reached alpha's configurable.
      expect(alphaConfig.get("greeting")).to.equal("hi");

      const Hey = defineAxn({
        name: "App.Hey",
        expects: { who: { schema: z.string(), betaNote: "the person" } },
        tool: { alpha: { greeting: "hey" } },
        semanticHints: ["betaSafe", "readOnly"],
        call: () => undefined,
      });
      const Plain = defineAxn({ name: "App.Plain", tool: ["alpha"], call: () => undefined });
      expect(alphaConfig.resolveOverrideFor(Hey, "greeting")).to.equal("hey");
      expect(alphaConfig.resolveOverrideFor(Plain, "greeting")).to.equal("hi");
      expect(internalsOf(Hey).expects[0]?.metadata).to.deep.equal({ betaNote: "the person" });
      expect(Tools.for("alpha").map((a) => a.name)).to.deep.equal(["App.Hey", "App.Plain"]);

      expect(() =>
        defineAxn({ name: "App.Bad", tool: { alpha: { greeting: "helo" as "hi" } }, call: () => undefined }),
      ).to.throw('Invalid alpha.greeting "helo" on action App.Bad: expected one of "hello", "hi", "hey"');
      expect(() =>
        defineAxn({ name: "App.Typo", configure: { alpha: { greting: "hi" } as never }, call: () => undefined }),
      ).to.throw("Unknown setting alpha.greting on action App.Typo; axn-plugin-alpha accepts: greeting, name");
      expect(() =>
        defineAxn({ name: "App.Hint", semanticHints: ["nope" as "readOnly"], call: () => undefined }),
      ).to.throw(
        'Unknown semantic hint "nope" on action App.Hint; registered hints: betaSafe, destructive, idempotent, readOnly',
      );

      const result = await Hey.call({ who: "Ada" });
      expect(betaState.seen.map((info) => [info.action.name, info.result.ok])).to.deep.equal([["App.Hey", result.ok]]);
    });

    it("loads the .ts config through jiti on plain Node 20 (no TypeScript loader)", async () => {
      const script = [
        'import { loadHost } from "@axn/sdk";',
        'import { knownSemanticHints } from "@axn/core";',
        'import { registeredAdapters } from "@axn/core/internal";',
        `const loaded = await loadHost({ cwd: ${JSON.stringify(appDir)} });`,
        "console.log(JSON.stringify({ plugins: loaded.plugins.map((p) => p.name), adapters: registeredAdapters().map((a) => a.key), hints: knownSemanticHints() }));",
      ].join("\n");
      const { stdout } = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", script], {
        cwd: resolve(here, "../.."),
        env: { ...process.env, NODE_OPTIONS: "" },
      });
      expect(JSON.parse(stdout)).to.deep.equal({
        plugins: ["axn-plugin-alpha", "axn-plugin-beta"],
        adapters: ["alpha"],
        hints: ["betaSafe", "destructive", "idempotent", "readOnly"],
      });
    });
  });

  describe("config files", () => {
    const made: string[] = [];
    after(() => {
      for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
    });
    const tempApp = (files: Record<string, string>): string => {
      const dir = mkdtempSync(join(tmpdir(), "axn-config-"));
      made.push(dir);
      for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
      return dir;
    };

    it("loads axn.config.mjs with a relative JavaScript plugin", async () => {
      const dir = tempApp({ "axn.config.mjs": 'export default { plugins: ["./plain.mjs"] };' });
      copyFileSync(join(pluginsDir, "plain.mjs"), join(dir, "plain.mjs"));
      const loaded = await loadHost({ cwd: dir });
      expect(loaded.plugins.map((p) => p.name)).to.deep.equal(["axn-plugin-plain"]);
      expect(knownSemanticHints()).to.include("plainHint");
    });

    it("loads axn.config.json, including global options under `axn`", async () => {
      const dir = tempApp({
        "axn.config.json": JSON.stringify({ plugins: ["./plain.mjs"], axn: { coerceInputTypes: true } }),
      });
      copyFileSync(join(pluginsDir, "plain.mjs"), join(dir, "plain.mjs"));
      await loadHost({ cwd: dir });
      expect(axnConfig().coerceInputTypes).to.equal(true);
    });

    it("honours an explicit config path", async () => {
      const dir = tempApp({ "custom.mjs": "export default { plugins: [] };" });
      const loaded = await loadHost({ cwd: dir, configPath: "custom.mjs" });
      expect(loaded.configPath).to.equal(join(dir, "custom.mjs"));
    });

    it("says where it looked when there is no config", async () => {
      const dir = tempApp({});
      const error = await rejection(loadHost({ cwd: dir }));
      expect(error.code).to.equal("AXN_CONFIG_NOT_FOUND");
      expect(error.message).to.equal(
        `No axn config found in ${dir} (looked for axn.config.ts, axn.config.mts, axn.config.mjs, axn.config.js, axn.config.json); create one or pass --config <path>`,
      );
    });

    it("refuses settings for a namespace no loaded plugin owns, suggesting the closest", async () => {
      const error = await rejection(load(["./plugins/alpha.ts"], { alpah: { greeting: "hi" } }));
      expect(error.code).to.equal("AXN_CONFIG_INVALID");
      expect(error.message).to.equal(
        `${appConfig} sets "alpah", but no loaded plugin owns that config namespace; did you mean "alpha"?`,
      );
    });

    it("validates app-wide settings through the owning configurable", async () => {
      const error = await rejection(load(["./plugins/alpha.ts"], { alpha: { greeting: "yo" } }));
      expect(error.code).to.equal("AXN_INVALID_SETTING");
      expect(error.message).to.equal(
        'Invalid greeting "yo" for axn-plugin-alpha: expected one of "hello", "hi", "hey"',
      );
    });
  });

  describe("name resolution", () => {
    it("expands names by convention", () => {
      expect(expandPluginName("mcp")).to.equal("axn-plugin-mcp");
      expect(expandPluginName("axn-plugin-mcp")).to.equal("axn-plugin-mcp");
      expect(expandPluginName("@org/x")).to.equal("@org/axn-plugin-x");
      expect(expandPluginName("@org/axn-plugin-x")).to.equal("@org/axn-plugin-x");
      expect(expandPluginName("./plugins/alpha.ts")).to.equal("./plugins/alpha.ts");
      expect(expandPluginName("/abs/plugin.js")).to.equal("/abs/plugin.js");
    });

    it("resolves a package name from the config's folder", async () => {
      // axn-plugin-mcp is installed in the workspace's node_modules, above the fixture app.
      const mcp = await import("axn-plugin-mcp");
      const loaded = await load(["mcp"]).catch((error: AxnError) => error);
      if (loaded instanceof Error) {
        // Until the real plugin lands, it may not export a plugin yet: the failure is about its shape, not finding it.
        expect(loaded.code).to.equal("AXN_PLUGIN_INVALID");
      } else {
        expect(loaded.plugins[0]?.name).to.equal((mcp as { default: { name: string } }).default.name);
      }
    });

    it("reports a missing package with a did-you-mean over installed axn-plugin-* packages", async () => {
      const error = await rejection(load(["mpc"]));
      expect(error.code).to.equal("AXN_PLUGIN_NOT_FOUND");
      expect(error.plugin).to.equal("axn-plugin-mpc");
      expect(error.message).to.equal(
        `Plugin "axn-plugin-mpc" not found (listed as "mpc" in ${appConfig}); did you mean "axn-plugin-mcp"?`,
      );
    });

    it("suggests installing when nothing is close", async () => {
      const error = await rejection(load(["@acme/audit"]));
      expect(error.message).to.equal(
        `Plugin "@acme/axn-plugin-audit" not found (listed as "@acme/audit" in ${appConfig}); is it installed? (npm install @acme/axn-plugin-audit)`,
      );
    });

    it("reports a missing relative path, resolved from the config's folder, with nothing to install", async () => {
      const error = await rejection(load(["./plugins/nope.ts"]));
      expect(error.code).to.equal("AXN_PLUGIN_NOT_FOUND");
      expect(error.plugin).to.equal("./plugins/nope.ts");
      expect(error.message).to.equal(
        `Plugin "./plugins/nope.ts" was not found at ${join(appDir, "plugins/nope.ts")} (resolved from ${appConfig}); check the path`,
      );
      const extensionless = await rejection(load(["../plugins/nope"]));
      expect(extensionless.message).to.equal(
        `Plugin "../plugins/nope" was not found at ${resolve(appDir, "../plugins/nope")} (resolved from ${appConfig}); check the path`,
      );
    });

    it("reports a missing path in an in-memory config, resolved from cwd", async () => {
      const error = await rejection(createHost({ config: { plugins: ["./nope.mjs"] }, cwd: pluginsDir }));
      expect(error.code).to.equal("AXN_PLUGIN_NOT_FOUND");
      expect(error.message).to.equal(
        `Plugin "./nope.mjs" was not found at ${join(pluginsDir, "nope.mjs")} (resolved from ${pluginsDir}); check the path`,
      );
    });
  });

  describe("load-time checks, in order: shape, host version, dependencies, options, duplicate", () => {
    it("1. shape", async () => {
      const noApply = await rejection(load([{ name: "axn-plugin-x", version: "1.0.0", host: "^0.1.0" }]));
      expect(noApply.code).to.equal("AXN_PLUGIN_INVALID");
      expect(noApply.message).to.equal('Plugin "axn-plugin-x" is invalid: "apply" must be a function');
      expect((await rejection(load([plugin({ host: "banana" })]))).message).to.equal(
        'Plugin "axn-plugin-x" is invalid: "host" must be a semver range of @axn/core (e.g. "^0.1.0"), got "banana"',
      );
      expect((await rejection(load([plugin({ version: "one" })]))).message).to.equal(
        'Plugin "axn-plugin-x" is invalid: "version" must be a semver version, got "one"',
      );
      const noDefault = await rejection(load([join(pluginsDir, "no-default.mjs")]));
      expect(noDefault.message).to.equal(
        `Plugin "${join(pluginsDir, "no-default.mjs")}" is invalid: its module has no default export (export default definePlugin({ name, version, host, apply }))`,
      );
      expect((await rejection(load([42]))).message).to.equal(
        `Plugin entry #1 in ${appConfig} is not a plugin: expected a name, [name, options] or a plugin object`,
      );
    });

    it("1. shape: a declared options schema must be one axn reads", async () => {
      const error = await rejection(load([plugin({ options: { level: "info" } as never })]));
      expect(error.code).to.equal("AXN_PLUGIN_INVALID");
      expect(error.message).to.equal(
        'Plugin "axn-plugin-x" is invalid: "options" must be the schema of its options (zod, valibot, ArkType…): a plain object is not a supported schema',
      );
    });

    it("2. host version (semver against @axn/core's version)", async () => {
      const error = await rejection(load([plugin({ host: "^2.0.0" })]));
      expect(error.code).to.equal("AXN_PLUGIN_HOST_VERSION");
      expect(error.message).to.equal('Plugin "axn-plugin-x" requires @axn/core ^2.0.0, but 0.1.0 is installed');
    });

    it("2. host version counts prereleases of core inside the range", () => {
      expect(() => checkHostVersion(plugin({ host: "^0.2.0" }) as never, "0.2.1-rc.1")).not.to.throw();
      expect(() => checkHostVersion(plugin({ host: "^0.2.0" }) as never, "0.3.0-rc.1")).to.throw(
        'Plugin "axn-plugin-x" requires @axn/core ^0.2.0, but 0.3.0-rc.1 is installed',
      );
    });

    it("3. declared dependencies are registered before the plugin", async () => {
      const b = plugin({ name: "axn-plugin-b", dependencies: ["axn-plugin-a"] });
      const error = await rejection(load([b, plugin({ name: "axn-plugin-a" })]));
      expect(error.code).to.equal("AXN_PLUGIN_MISSING_DEPENDENCY");
      expect(error.message).to.equal('The dependency "axn-plugin-a" of plugin "axn-plugin-b" is not registered');
      resetKernel();
      const short = plugin({ name: "axn-plugin-c", dependencies: ["a"] });
      expect((await load([plugin({ name: "axn-plugin-a" }), short])).plugins.map((p) => p.name)).to.deep.equal([
        "axn-plugin-a",
        "axn-plugin-c",
      ]);
    });

    it("4. options: a plugin without an options schema takes none", async () => {
      const error = await rejection(load([["http", { port: 1 }]]));
      expect(error.code).to.equal("AXN_CONFIG_INVALID");
      expect(error.plugin).to.equal("axn-plugin-http");
      expect(error.message).to.equal(
        'Plugin "axn-plugin-http" takes no options, got { port: 1 }; remove them from axn.config.ts',
      );
      expect(activeHost()).to.equal(undefined);
      expect((await rejection(load([[plugin(), "verbose"]]))).message).to.equal(
        "Plugin \"axn-plugin-x\" takes no options, got 'verbose'; remove them from axn.config.ts",
      );
      expect((await rejection(load([[plugin(), null]]))).message).to.equal(
        'Plugin "axn-plugin-x" takes no options, got null; remove them from axn.config.ts',
      );
      const inMemory = await rejection(createHost({ config: { plugins: [[plugin() as never, { a: [1, 2] }]] } }));
      expect(inMemory.message).to.equal(
        'Plugin "axn-plugin-x" takes no options, got { a: [ 1, 2 ] }; remove them from the config passed to createHost',
      );
      // An entry without options, or with `undefined`, is fine.
      expect(
        (await load([plugin(), [plugin({ name: "axn-plugin-y" }), undefined]])).plugins.map((p) => p.name),
      ).to.deep.equal(["axn-plugin-x", "axn-plugin-y"]);
    });

    it("4. options: validated by the plugin's declared schema, apply gets the parsed value", async () => {
      const bad = await rejection(load(["./plugins/alpha.ts", ["./plugins/beta.ts", { note: 42 }]]));
      expect(bad.code).to.equal("AXN_CONFIG_INVALID");
      expect(bad.plugin).to.equal("axn-plugin-beta");
      expect(bad.message).to.equal(
        'Plugin "axn-plugin-beta" was given invalid options in axn.config.ts: note: Invalid input: expected string, received number',
      );
      const typo = await rejection(load(["./plugins/alpha.ts", ["./plugins/beta.ts", { note: "n", note2: "x" }]]));
      expect(typo.message).to.equal(
        'Plugin "axn-plugin-beta" was given invalid options in axn.config.ts: Unrecognized key: "note2"',
      );
      const none = await rejection(load(["./plugins/alpha.ts", "./plugins/beta.ts"]));
      expect(none.message).to.equal(
        'Plugin "axn-plugin-beta" requires options, got none; list it as ["./plugins/beta.ts", options] in axn.config.ts',
      );

      const seen: unknown[] = [];
      const audit = definePlugin({
        name: "axn-plugin-audit",
        version: "1.0.0",
        host: "^0.1.0",
        options: z4.strictObject({
          level: z4.enum(["info", "debug"]).default("info"),
          sinks: z4.array(z4.string()).optional(),
        }),
        apply: (_host, options) => void seen.push(options),
      });
      const noneInline = await rejection(load([audit]));
      expect(noneInline.message).to.equal(
        'Plugin "axn-plugin-audit" requires options, got none; list it as [plugin, options] in axn.config.ts',
      );
      const nested = await rejection(load([[audit, { level: "trace", sinks: ["a", 2] }]]));
      expect(nested.message).to.equal(
        'Plugin "axn-plugin-audit" was given invalid options in axn.config.ts: level: Invalid option: expected one of "info"|"debug"; sinks[1]: Invalid input: expected string, received number',
      );
      await load([[audit, {}]]);
      expect(seen).to.deep.equal([{ level: "info" }]);
    });

    it("4. options: any schema kind axn reads (ArkType here), and an optional schema", async () => {
      const seen: unknown[] = [];
      const arkPlugin = definePlugin({
        name: "axn-plugin-ark",
        version: "1.0.0",
        host: "^0.1.0",
        options: type({ retries: "number.integer >= 0" }),
        apply: (_host, options) => void seen.push(options.retries),
      });
      await load([[arkPlugin, { retries: 3 }]]);
      expect(seen).to.deep.equal([3]);
      resetKernel();
      const error = await rejection(load([[arkPlugin, { retries: -1 }]]));
      expect(error.message).to.equal(
        'Plugin "axn-plugin-ark" was given invalid options in axn.config.ts: retries: retries must be non-negative (was -1)',
      );
      resetKernel();
      const optional = definePlugin({
        name: "axn-plugin-optional",
        version: "1.0.0",
        host: "^0.1.0",
        options: z4.object({ verbose: z4.boolean() }).optional(),
        apply: (_host, options) => void seen.push(options),
      });
      await load([optional]);
      expect(seen).to.deep.equal([3, undefined]);
    });

    it("5. duplicate names: the same object twice is fine, a different object is not", async () => {
      let applied = 0;
      const once = plugin({ apply: () => void applied++ });
      expect((await load([once, once])).plugins).to.have.length(1);
      expect(applied).to.equal(1);
      resetKernel();
      const error = await rejection(load([plugin(), plugin()]));
      expect(error.code).to.equal("AXN_PLUGIN_DUPLICATE");
      expect(error.message).to.equal(
        'Plugin "axn-plugin-x" is registered twice by different plugin objects; list it once (the same plugin object may repeat)',
      );
    });

    it("runs the checks in the fixed order (a plugin failing several reports the first)", async () => {
      const bad = { name: "axn-plugin-x", version: "1.0.0", host: "^2.0.0", dependencies: ["axn-plugin-missing"] };
      expect((await rejection(load([bad]))).code).to.equal("AXN_PLUGIN_INVALID"); // no apply: shape first
      expect((await rejection(load([{ ...bad, apply: () => undefined }]))).code).to.equal("AXN_PLUGIN_HOST_VERSION");
      // Options come after the dependencies, before the duplicate check.
      const dependent = { ...bad, host: "^0.1.0", apply: () => undefined };
      expect((await rejection(load([[dependent, { a: 1 }]]))).code).to.equal("AXN_PLUGIN_MISSING_DEPENDENCY");
      const once = plugin();
      expect((await rejection(load([once, [plugin(), { a: 1 }]]))).code).to.equal("AXN_CONFIG_INVALID");
      expect((await rejection(load([once, [once, { a: 1 }]]))).message).to.equal(
        'Plugin "axn-plugin-x" takes no options, got { a: 1 }; remove them from axn.config.ts',
      );
    });

    it("wraps an apply failure with the plugin's name and the cause", async () => {
      const cause = new Error("cannot reach the registry");
      const error = await rejection(
        load([
          plugin({
            apply: () => {
              throw cause;
            },
          }),
        ]),
      );
      expect(error.code).to.equal("AXN_PLUGIN_APPLY_FAILED");
      expect(error.plugin).to.equal("axn-plugin-x");
      expect(error.message).to.equal('Plugin "axn-plugin-x" failed in apply: cannot reach the registry');
      expect(error.cause).to.equal(cause);
    });

    it("passes [entry, options] options to apply, and awaits an async apply", async () => {
      const seen: unknown[] = [];
      const withOptions = definePlugin({
        name: "axn-plugin-opts",
        version: "1.0.0",
        host: "^0.1.0",
        options: z4.object({ level: z4.string() }),
        async apply(_host: AxnHost, options) {
          await Promise.resolve();
          seen.push(options);
        },
      });
      await load([[withOptions, { level: "info" }]]);
      expect(seen).to.deep.equal([{ level: "info" }]);
    });

    it("surfaces a failing registration tap as a hook error naming the plugin", async () => {
      const error = await rejection(
        load([
          plugin({
            apply: (host) => host.hooks.registerFieldMetadataKey.tap("axn-plugin-x", (keys) => keys.add("optional")),
          }),
        ]),
      );
      expect(error.code).to.equal("AXN_HOOK_FAILED");
      expect(error.message).to.equal(
        'Plugin "axn-plugin-x" failed in hook registerFieldMetadataKey: Cannot register field metadata key "optional": it is owned by the axn core field DSL',
      );
    });

    it("leaves no host behind after a failure, so a fixed config can load", async () => {
      await rejection(load([plugin({ host: "^2.0.0" })]));
      expect(activeHost()).to.equal(undefined);
      expect((await load([plugin()])).plugins).to.have.length(1);
    });
  });
});
