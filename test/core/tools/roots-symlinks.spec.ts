/**
 * Tool roots judged by their real path, and discovery over ordinary file-system states (issue 16,
 * items 10 and 11). The seed: the broad-path guard rejects "a root that resolves to the project
 * root, escapes via .., or ends in a bulk directory (app, actions)", so that "no adapter can
 * accidentally expose every business action". A symlink must not get around that: the guard judges
 * where a root really is. And discovery must survive what real folders hold — an editor's dangling
 * lock link (`.#x.ts`), a link loop, a link leading out of the project — skipping each with a
 * warning that names the path, never crashing and never importing a module from outside the project.
 *
 * Every case builds a real project in a temp folder, with real symlinks, and removes it afterwards.
 */
import { expect } from "chai";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { configureAxn, InvalidToolRoot, Tools, validateToolRoots, type AnyAxn } from "@axn/core";
import { createKernelHost } from "@axn/core/internal";
import { resetKernel } from "@axn/sdk/testing";

const CORE_PACKAGE = join(dirname(fileURLToPath(import.meta.url)), "../../../core");
const noop = () => undefined;
const names = (actions: readonly AnyAxn[]) => actions.map((a) => a.toolName("mcp"));

/** Flags a module sets when it is imported, so a spec can prove a module was never loaded. */
const imported = ((globalThis as { __axnImported?: Set<string> }).__axnImported ??= new Set<string>());

interface TempProject {
  readonly dir: string;
  /** Writes `path` (relative to the project) with `source`, creating folders. */
  file(path: string, source: string): void;
  /** An action module that defines and exports one action, recording its import under `flag`. */
  action(path: string, name: string, flag?: string): void;
  link(path: string, target: string): void;
}

const cleanups: (() => void)[] = [];

function tempFolder(prefix: string): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function project(): TempProject {
  const dir = tempFolder("axn-roots-");
  const helpers: TempProject = {
    dir,
    file(path, source) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), source);
    },
    action(path, name, flag = name) {
      helpers.file(
        path,
        `import { defineAxn } from "@axn/core";\n` +
          `(globalThis as { __axnImported?: Set<string> }).__axnImported?.add(${JSON.stringify(flag)});\n` +
          `export const Action = defineAxn({ name: ${JSON.stringify(name)}, call: () => undefined });\n`,
      );
    },
    link(path, target) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      symlinkSync(target, join(dir, path));
    },
  };
  // A real package: ESM, resolving @axn/core to this workspace's copy (the one the spec imports).
  helpers.file("package.json", JSON.stringify({ type: "module" }));
  helpers.link("node_modules/@axn/core", CORE_PACKAGE);
  return helpers;
}

/** Loads a host whose mcp adapter has `roots`, then runs discovery the way the host does; returns what it threw. */
async function discoverWith(dir: string, roots: readonly string[]): Promise<unknown> {
  Tools.setProjectRoot(dir);
  const host = createKernelHost();
  host.hooks.registerAdapter.tap("roots-spec", (adapters) => adapters.add("mcp", { toolRoots: () => roots }));
  host.freeze();
  try {
    await Tools.discover();
    return undefined;
  } catch (error) {
    return error;
  }
}

describe("tool roots and symlinks", () => {
  const warnings: string[] = [];
  beforeEach(() => {
    resetKernel();
    warnings.length = 0;
    imported.clear();
    configureAxn({ logger: { debug: noop, info: noop, error: noop, warn: (m: string) => void warnings.push(m) } });
  });
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });
  after(() => {
    resetKernel();
    configureAxn({ logger: console });
  });

  describe("the broad-path guard judges a root's real path (item 10)", () => {
    it('refuses a root that is a symlink to a bulk folder ("agent_tools" → "app"), importing nothing', async () => {
      const p = project();
      p.action("app/secret_action.ts", "App.SecretAction", "secret");
      p.link("agent_tools", "app");
      const error = await discoverWith(p.dir, ["agent_tools"]);
      expect(error).to.be.instanceOf(InvalidToolRoot);
      expect((error as InvalidToolRoot).code).to.equal("AXN_INVALID_TOOL_ROOT");
      expect((error as Error).message).to.equal(
        'tool root "agent_tools" resolves (through a symlink) to "app", which ends in the bulk folder "app"; point it at a folder that holds only tools (e.g. "app/agent_tools")',
      );
      expect(imported.has("secret")).to.equal(false);
      // The same verdict wherever roots are validated (an app's toolRoots setting, toolRootsDefault).
      expect(validateToolRoots(["agent_tools"], p.dir)).to.equal((error as Error).message);
    });

    it("refuses a root that resolves to the project root", async () => {
      const p = project();
      p.link("agent_tools", ".");
      expect(((await discoverWith(p.dir, ["agent_tools"])) as Error).message).to.equal(
        'tool root "agent_tools" resolves (through a symlink) to the project root; point it at a folder that holds only tools',
      );
    });

    it("refuses a root that resolves outside the project", async () => {
      const p = project();
      const elsewhere = tempFolder("axn-elsewhere-");
      p.link("agent_tools", elsewhere);
      expect(((await discoverWith(p.dir, ["agent_tools"])) as Error).message).to.equal(
        `tool root "agent_tools" resolves (through a symlink) to "${elsewhere}", outside the project root; point it at a folder inside the project`,
      );
    });

    it("refuses a root that is a symlink loop", async () => {
      const p = project();
      p.link("agent_tools", "agent_tools");
      expect(((await discoverWith(p.dir, ["agent_tools"])) as Error).message).to.equal(
        'tool root "agent_tools" is a symlink loop; point it at a real folder that holds only tools',
      );
    });

    it("judges every component: a root under a linked folder is judged where it really is", async () => {
      const p = project();
      p.link("tools", "lib");
      p.action("lib/agent_tools/ping.ts", "Lib.Ping");
      // "tools/agent_tools" is really "lib/agent_tools": a tools folder inside lib is fine.
      expect(await discoverWith(p.dir, ["tools/agent_tools"])).to.equal(undefined);
      expect(names(Tools.for("mcp"))).to.deep.equal(["ping"]);
      // "tools" itself is really "lib", a bulk folder.
      expect(validateToolRoots(["tools"], p.dir)).to.equal(
        'tool root "tools" resolves (through a symlink) to "lib", which ends in the bulk folder "lib"; point it at a folder that holds only tools (e.g. "lib/agent_tools")',
      );
    });

    it("accepts a root linked to an ordinary folder inside the project; names stay relative to the root", async () => {
      const p = project();
      p.action("ai/tools_src/users/list_companies.ts", "Ai.ListCompanies");
      p.link("agent_tools", "ai/tools_src");
      expect(await discoverWith(p.dir, ["agent_tools"])).to.equal(undefined);
      expect(names(Tools.for("mcp"))).to.deep.equal(["users_list_companies"]);
      expect(warnings).to.deep.equal([]);
    });

    it("a missing root is not an error (nothing to expose), and is not reported", async () => {
      const p = project();
      expect(await discoverWith(p.dir, ["agent_tools"])).to.equal(undefined);
      expect(warnings).to.deep.equal([]);
    });
  });

  describe("discovery skips what it cannot or must not read, naming each path (item 11)", () => {
    it("skips dangling links, loops, links out of the project and into bulk folders; discovers the rest", async () => {
      const p = project();
      const outside = tempFolder("axn-foreign-");
      writeFileSync(join(outside, "package.json"), JSON.stringify({ type: "module" }));
      writeFileSync(
        join(outside, "foreign.ts"),
        `(globalThis as { __axnImported?: Set<string> }).__axnImported?.add("foreign");\nexport const x = 1;\n`,
      );
      p.action("agent_tools/ok.ts", "Tools.Ok");
      p.action("app/business.ts", "App.Business", "business");
      p.action("shared/shared_tool.ts", "Shared.SharedTool");
      p.link("agent_tools/.#draft.ts", "someone@host.4242:1700000000"); // an editor's lock file
      p.link("agent_tools/loop.ts", "loop.ts");
      p.link("agent_tools/again", ".");
      p.link("agent_tools/up", "..");
      p.link("agent_tools/foreign.ts", join(outside, "foreign.ts"));
      p.link("agent_tools/foreign_dir", outside);
      p.link("agent_tools/business", "../app");
      p.link("agent_tools/shared.ts", "../shared/shared_tool.ts"); // one module, linked in on purpose
      expect(await discoverWith(p.dir, ["agent_tools"])).to.equal(undefined);
      expect(names(Tools.for("mcp"))).to.deep.equal(["ok", "shared"]);
      expect(imported.has("foreign")).to.equal(false);
      expect(imported.has("business")).to.equal(false);
      expect(warnings).to.deep.equal([
        'axn: tool discovery skipped "agent_tools/.#draft.ts": it is a symlink to "someone@host.4242:1700000000", which does not exist; remove the link or restore its target',
        'axn: tool discovery skipped "agent_tools/again": it is a symlink to "agent_tools", a folder that contains the link (a loop); remove the link',
        'axn: tool discovery skipped "agent_tools/business": it is a symlink to "app", which ends in the bulk folder "app"; link the tool modules themselves, or move them under the tool root',
        `axn: tool discovery skipped "agent_tools/foreign.ts": it is a symlink to "${join(outside, "foreign.ts")}", outside the project root; a tool root exposes only modules inside the project`,
        `axn: tool discovery skipped "agent_tools/foreign_dir": it is a symlink to "${outside}", outside the project root; a tool root exposes only modules inside the project`,
        'axn: tool discovery skipped "agent_tools/loop.ts": it is a symlink loop; remove the link',
        'axn: tool discovery skipped "agent_tools/up": it is a symlink to the project root, a folder that contains the link (a loop); remove the link',
      ]);
    });

    it("a root that is a dangling link is skipped with a warning", async () => {
      const p = project();
      p.link("agent_tools", "gone");
      expect(await discoverWith(p.dir, ["agent_tools"])).to.equal(undefined);
      expect(warnings).to.deep.equal([
        'axn: tool discovery skipped "agent_tools": it is a symlink to "gone", which does not exist; remove the link or restore its target',
      ]);
    });

    it("a folder linked inside the root: its module is one tool, named by its real path under the root", async () => {
      const p = project();
      p.action("agent_tools/billing/charge.ts", "Billing.Charge");
      p.link("agent_tools/payments", "billing");
      expect(await discoverWith(p.dir, ["agent_tools"])).to.equal(undefined);
      // The module is named by the path it really has under the root, not by the link.
      expect(names(Tools.for("mcp"))).to.deep.equal(["billing_charge"]);
      expect(warnings).to.deep.equal([]);
    });
  });
});
