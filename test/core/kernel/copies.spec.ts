/**
 * A second copy of @axn/core in one process — an `npm link`ed plugin, a sibling package with its
 * own install — is noticed when it loads: it joins the kernel state of the first (same layout, same
 * release line) or refuses to load naming both copies. Never a second, silently empty registry.
 *
 * The real-copy cases copy the built package into a folder of its own (under node_modules/.cache,
 * so its own dependencies still resolve) and import it into this process.
 */
import { expect } from "chai";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Current, Tools, VERSION, defineAxn, isMediaSchema, media, mediaFieldsOf, type AnyAxn } from "@axn/core";
import { z } from "zod";
import { catalogActions, kernelCopies, createKernelHost, resetHost } from "@axn/core/internal";
import { createHost } from "@axn/sdk";
import { resetKernel } from "@axn/sdk/testing";
import { joinKernel, KERNEL_SHAPE } from "../../../core/src/kernel/state.js";
import { thrown } from "../../support/thrown.js";
import { main } from "../../../sdk/dist/cli/main.js";

const repo = fileURLToPath(new URL("../../..", import.meta.url));
const CORE = join(repo, "core");

/** A copy of the built @axn/core at `<dir>/node_modules/@axn/core`, its version rewritten to `version`. */
function copyCore(dir: string, version: string = VERSION): string {
  const target = join(dir, "node_modules", "@axn", "core");
  mkdirSync(target, { recursive: true });
  cpSync(join(CORE, "dist"), join(target, "dist"), { recursive: true });
  cpSync(join(CORE, "package.json"), join(target, "package.json"));
  if (version !== VERSION) {
    const state = join(target, "dist", "kernel", "state.js");
    writeFileSync(
      state,
      readFileSync(state, "utf8").replace(`CORE_VERSION = "${VERSION}"`, `CORE_VERSION = "${version}"`),
    );
  }
  return target;
}

describe("kernel state: one per process", () => {
  beforeEach(resetKernel);
  after(resetKernel);

  describe("joinKernel", () => {
    const first = { path: "/app/node_modules/@axn/core", version: "0.1.0" };

    it("creates the state for the first copy and lets a copy of the same release line join it", () => {
      const holder = {};
      const state = joinKernel(holder, first);
      expect(state.shape).to.equal(KERNEL_SHAPE);
      const second = { path: "/app/node_modules/axn-plugin-x/node_modules/@axn/core", version: "0.1.4" };
      expect(joinKernel(holder, second)).to.equal(state);
      expect(state.copies).to.deep.equal([first, second]);
      expect(joinKernel(holder, second).copies).to.have.length(2); // the same copy again is not listed twice
    });

    it("refuses a copy of another release line, naming both copies and the fix", () => {
      const holder = {};
      joinKernel(holder, first);
      const error = thrown(() =>
        joinKernel(holder, { path: "/app/node_modules/axn-plugin-x/node_modules/@axn/core", version: "0.2.0" }),
      );
      expect(error.code).to.equal("AXN_KERNEL_MISMATCH");
      expect(error.message).to.equal(
        "Two incompatible copies of @axn/core in one process: @axn/core 0.2.0 at /app/node_modules/axn-plugin-x/node_modules/@axn/core " +
          "cannot join @axn/core 0.1.0 at /app/node_modules/@axn/core, which loaded first and holds the registries " +
          `(kernel layout ${KERNEL_SHAPE}, this copy reads layout ${KERNEL_SHAPE}). Make @axn/core a peer dependency of the package ` +
          "that installs its own copy, then dedupe (npm dedupe) so the process loads one @axn/core",
      );
    });

    it("refuses a copy that cannot read the state's layout, whatever its version", () => {
      const holder = {};
      const state = joinKernel(holder, first);
      Object.defineProperty(state, "shape", { value: KERNEL_SHAPE + 1 });
      const error = thrown(() => joinKernel(holder, { path: "/elsewhere/@axn/core", version: "0.1.0" }));
      expect(error.code).to.equal("AXN_KERNEL_MISMATCH");
      expect(error.message).to.include(`(kernel layout ${KERNEL_SHAPE + 1}, this copy reads layout ${KERNEL_SHAPE})`);
    });

    it("1.x copies share a major: 1.2.0 joins 1.0.3, 2.0.0 does not", () => {
      const holder = {};
      joinKernel(holder, { path: "/a", version: "1.0.3" });
      expect(() => joinKernel(holder, { path: "/b", version: "1.2.0" })).not.to.throw();
      expect(thrown(() => joinKernel(holder, { path: "/c", version: "2.0.0" })).code).to.equal("AXN_KERNEL_MISMATCH");
    });
  });

  describe("a real second copy loaded into this process", () => {
    const cache = join(repo, "node_modules", ".cache", "axn-kernel-copies");
    const made: string[] = [];
    const scratch = (): string => {
      mkdirSync(cache, { recursive: true });
      const dir = mkdtempSync(join(cache, "copy-"));
      made.push(dir);
      return dir;
    };
    after(() => {
      for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
    });

    it("joins: a plugin resolving its own @axn/core registers its adapter and tools into this process's registry", async () => {
      const dir = scratch();
      const copy = copyCore(join(dir, "plugin"));
      writeFileSync(
        join(dir, "plugin", "index.mjs"),
        [
          'import { defineAxn } from "@axn/core";',
          'import { z } from "zod";',
          'export const Linked = defineAxn({ name: "Linked.Ping", tool: ["linked"], call: () => ({}) });',
          "export const Who = defineAxn({",
          '  name: "Linked.Who", expects: { userId: { schema: z.string(), on: "ambientContext" } }, exposes: { userId: z.string() },',
          "  call: ({ userId }) => ({ userId }),",
          "});",
          "export default {",
          '  name: "axn-plugin-linked", version: "1.0.0", host: "^0.1.0",',
          '  apply(host) { host.hooks.registerAdapter.tap("axn-plugin-linked", (adapters) => adapters.add("linked")); },',
          "};",
        ].join("\n"),
      );
      const loaded = await createHost({ config: { plugins: [join(dir, "plugin", "index.mjs")] }, cwd: dir });
      expect(loaded.plugins.map((p) => p.name)).to.deep.equal(["axn-plugin-linked"]);
      expect(Tools.for("linked").map((a) => a.toolName("linked"))).to.deep.equal(["linked_ping"]);
      expect(catalogActions().map((a) => a.name)).to.include("Linked.Ping");
      expect(kernelCopies().map((c) => c.path)).to.include.members([CORE, copy]);
      // Per-call state is shared too: an ambient context set through this copy reaches the other's action.
      const { Who } = (await import(pathToFileURL(join(dir, "plugin", "index.mjs")).href)) as { Who: AnyAxn };
      const seen = await Current.run({ userId: "u_7" }, () => Who.call({} as never));
      expect([seen.ok, (seen as unknown as { userId: string }).userId]).to.deep.equal([true, "u_7"]);
    });

    it("joins: a media schema made through the copy is a media field to this copy (the brand is Symbol.for-keyed)", async () => {
      const copy = copyCore(scratch());
      const other = (await import(pathToFileURL(join(copy, "dist", "index.js")).href)) as typeof import("@axn/core");
      expect(other.media).not.to.equal(media); // really another module instance
      const image = other.media.image();
      expect([isMediaSchema(image), other.isMediaSchema(media.image()), isMediaSchema(z.string())]).to.deep.equal([
        true,
        true,
        false,
      ]);
      const Snap = defineAxn({
        name: "Copies.Snap",
        exposes: { picture: image },
        call: () => ({ picture: { type: "image" as const, mimeType: "image/png", data: "AAAA" } }),
      });
      expect(mediaFieldsOf(Snap)).to.have.length(1);
      expect(Object.keys(image)).to.deep.equal(["mediaKind", "~standard"]); // the brand is not enumerable
    });

    it("resetKernel forgets the copies that joined: an in-process axn doctor after it warns of no duplicate", async () => {
      const dir = scratch();
      const copy = copyCore(dir);
      await import(pathToFileURL(join(copy, "dist", "index.js")).href);
      writeFileSync(join(dir, "axn.config.mjs"), "export default { plugins: [] };\n");
      const doctor = async (): Promise<string> => {
        let stdout = "";
        await main(["doctor"], {
          cwd: dir,
          env: process.env,
          stdout: { write: (text: string) => void (stdout += text) },
          stderr: { write: () => undefined },
        });
        return stdout;
      };
      const duplicate = /@axn\/core is loaded \d+ times in this process/;
      try {
        expect(kernelCopies().map((c) => c.path)).to.include(copy);
        expect(await doctor()).to.match(duplicate);
        resetHost(); // the host alone: the copies stay listed
        expect(await doctor()).to.match(duplicate);
        resetKernel();
        expect(kernelCopies().map((c) => c.path)).to.deep.equal([CORE]);
        expect(await doctor()).to.not.match(duplicate);
      } finally {
        resetKernel();
      }
    });

    it("refuses: a copy of another release line fails to load, naming both copies", async () => {
      const copy = copyCore(scratch(), "1.0.0");
      let error: unknown;
      try {
        await import(pathToFileURL(join(copy, "dist", "index.js")).href);
      } catch (caught) {
        error = caught;
      }
      expect((error as { code?: unknown }).code).to.equal("AXN_KERNEL_MISMATCH");
      expect((error as Error).message).to.match(
        new RegExp(
          `^Two incompatible copies of @axn/core in one process: @axn/core 1\\.0\\.0 at ${escapeRegExp(copy)} cannot join @axn/core ${escapeRegExp(VERSION)} at ${escapeRegExp(kernelCopies()[0]!.path)},`,
        ),
      );
      // The process keeps working on the first copy.
      createKernelHost().freeze();
    });
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
