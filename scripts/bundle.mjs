// Part of `npm run build`, after `tsc -b`: each package's JavaScript in `dist/` becomes a bundle
// (rolldown, ES modules, code splitting) in place of tsc's one file per module. A cold start loads
// a few dozen files instead of ~300 (bench row 8: each ES module costs ~0.25 ms to resolve, read,
// link and evaluate). tsc's `.d.ts` and `.d.ts.map` are left exactly as it wrote them.
//
// What stays as it was, so that nothing outside this script knows a bundler ran:
// - The package's entry points keep their paths (`dist/index.js`, `dist/internal/index.js`, the
//   sdk's `dist/cli/bin.js`, …): every `exports` target and the bin shim resolve unchanged.
// - Every other package and every npm dependency stays an import (external): each package is still
//   one copy that others import by name, and its dependencies stay what package.json says.
// - One build per package holds all of its entry points, so each module is in exactly one output
//   file: one module instance per process, whichever entry a caller imported (core's kernel state).
// - rolldown keeps an entry module's own code in the entry file (shared modules go to
//   `dist/chunks/`): `dist/kernel/state.js` is core's kernel state itself — the module whose
//   location names the copy (`kernel.copies`) — and each lazily imported module (the CLI's commands,
//   jiti's wrapper) is its own file at its own path, loaded only when used.
// - `import.meta.url` means the module's own location, as tsc's output had it: each occurrence is
//   rewritten to a function (same length, so no column moves) that answers the URL of the module's
//   tsc path, computed from the output file it landed in (`new URL("../package.json", …)` still
//   finds the package's manifest from a chunk).
// - Source maps point at the shipped `src/*.ts` (no sources inlined: the package ships them), so a
//   stack trace or a debugger lands on the TypeScript the package has.
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, posix, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { rolldown } from "rolldown";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Each package's entry points under `src/` (without `.ts`): its `exports` targets, the modules its
 * standalone entries import (below), then the modules something outside the package imports by
 * path — the workspace's own specs import a few of the sdk's internals from `dist/` (the in-process
 * CLI, its command index, the serve plan) and must get the very modules the bundle runs, not a
 * copy. A module another module imports with `import()` needs no listing: it becomes its own file
 * at its own path (see `chunkFileNames`).
 */
const PACKAGES = {
  core: ["index", "internal/index", "kernel/state"],
  sdk: [
    "index",
    "adapter/index",
    "auth/index",
    "serving/index",
    "testing/index",
    "conformance/index",
    "queue/index",
    // What the bin imports.
    "cli/main",
    "config/import-module",
    // What specs import by path.
    "cli/command-index",
    "cli/init/templates",
    "cli/serve/options",
    "cli/serve/registered",
    "config/missing-module",
    // jiti's wrapper in a file of its own, so a module-loading trace shows when jiti was reached.
    "config/jiti",
  ],
  "plugins/mcp": ["index"],
  // plugin: the `./plugin` export; tool-kit: what plugin.ts loads with `require` on the first wrap.
  "plugins/langchain": ["index", "plugin", "tool-kit"],
  "plugins/http": ["index"],
};

/**
 * Entry points built on their own, their relative imports left as they are (each names another
 * entry point): a module with top-level `await`, which would make rolldown route every entry
 * through a facade file of re-exports (the code moved to chunks/). The sdk's bin awaits the CLI.
 */
const STANDALONE = { sdk: ["cli/bin"] };

/** A specifier that is not a file of this package: another workspace package, an npm package, `node:`. */
const isExternal = (id) => !id.startsWith(".") && !id.startsWith("/") && !id.startsWith("\0");

/** `dist/` paths of tsc's JavaScript: removed before the bundle is written, so no stale module remains. */
function tscJavaScript(folder) {
  const found = [];
  const visit = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (/\.js(\.map)?$/.test(entry.name)) found.push(path);
    }
  };
  visit(folder);
  return found;
}

/** `import.meta.url` → `__axnUrlk3x9q()`: 15 characters each, so the source map's columns hold. */
const META_URL = /\bimport\.meta\.url\b/g;
// Named by the module's path, not by the order rolldown transforms modules in: the same sources
// give the same bundle, byte for byte, so a rebuild rewrites nothing.
const moduleKey = (srcDir, id) =>
  BigInt(`0x${createHash("sha256").update(relative(srcDir, id)).digest("hex").slice(0, 12)}`)
    .toString(36)
    .padStart(5, "0")
    .slice(-5);
const urlFunction = (key) => `__axnUrl${key}`;
const placeholder = (key) => `__AXN_MODULE_PATH_${key}__`;

/**
 * The rewrite of `import.meta.url`: in `transform`, each use in module M calls M's own function,
 * declared at the end of M (hoisted, so a top-level use works); in `renderChunk`, the function's
 * placeholder becomes M's tsc path relative to the file M landed in.
 */
function moduleUrls(srcDir, distDir) {
  const modules = new Map(); // module id → key
  return {
    name: "axn-module-urls",
    transform(code, id) {
      if (!id.startsWith(srcDir + sep) || !META_URL.test(code)) return null;
      META_URL.lastIndex = 0;
      const index = moduleKey(srcDir, id);
      if ([...modules.values()].includes(index)) throw new Error(`${id}: two modules share the key ${index}`);
      modules.set(id, index);
      const name = urlFunction(index);
      return {
        code:
          code.replace(META_URL, `${name}()`) +
          `\nfunction ${name}() { return new URL("${placeholder(index)}", import.meta.url).href; }\n`,
        map: null, // every original character keeps its line and column
      };
    },
    renderChunk(code, chunk) {
      let out = code;
      for (const id of chunk.moduleIds) {
        const index = modules.get(id);
        if (index === undefined) continue;
        const tscPath = join(distDir, relative(srcDir, id)).replace(/\.[cm]?tsx?$/, ".js");
        let from = posix.relative(posix.dirname(chunk.fileName), relative(distDir, tscPath).split(sep).join("/"));
        if (!from.startsWith(".")) from = `./${from}`;
        out = out.replace(placeholder(index), from);
      }
      // The placeholders are on the appended lines alone, after every mapped column of their line.
      return { code: out, map: null };
    },
  };
}

async function bundle(folder, entries, standalone) {
  const root = join(repo, folder);
  const srcDir = join(root, "src");
  const distDir = join(root, "dist");
  const files = new Map([
    ...(await generate(srcDir, entries)),
    ...(await Promise.all(standalone.map((entry) => generate(srcDir, [entry], keepRelative)))).flatMap((m) => [...m]),
  ]);
  // Written in place, each changed file renamed over the old one, then what the bundle no longer
  // has (tsc's one-file-per-module output, a chunk of an earlier build) removed: a process that
  // loads the package while the build runs (a spec beside the one that builds) sees whole files.
  for (const [name, text] of files) {
    const path = join(distDir, name);
    if (statSync(path, { throwIfNoEntry: false })?.isFile() && readFileSync(path, "utf8") === text) continue;
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(`${path}.tmp`, text);
    renameSync(`${path}.tmp`, path);
  }
  for (const file of tscJavaScript(distDir)) {
    if (!files.has(relative(distDir, file).split(sep).join("/"))) rmSync(file);
  }
}

/** For a standalone entry: each relative import kept as written (it names an entry at its own path). */
const keepRelative = {
  name: "axn-keep-relative",
  resolveId: (source) => (source.startsWith(".") ? { id: source, external: "absolute" } : null),
};

/** The bundle of `entries`, in memory: output path under dist/ → text (JavaScript and source maps). */
async function generate(srcDir, entries, ...extra) {
  const build = await rolldown({
    input: Object.fromEntries(entries.map((entry) => [entry, join(srcDir, `${entry}.ts`)])),
    platform: "node",
    external: isExternal,
    // tsc's target (tsconfig.base.json): the same syntax reaches Node as before.
    transform: { target: "es2022" },
    plugins: [...extra, moduleUrls(srcDir, join(dirname(srcDir), "dist"))],
    // An entry may export what other chunks need of it: its code then stays in its own file.
    preserveEntrySignatures: "allow-extension",
    onLog(level, log, handle) {
      // A module imported with `import()` and also statically (axn-plugin-mcp's entry re-exports the
      // Redis session store that its setting imports lazily) simply stays in the static importer's file.
      if (log.code === "INEFFECTIVE_DYNAMIC_IMPORT") return;
      handle(level, log);
    },
  });
  const { output } = await build.generate({
    // Where the files go (written below): source map paths are relative to it.
    dir: join(dirname(srcDir), "dist"),
    format: "esm",
    entryFileNames: "[name].js",
    // A module loaded with `import()` keeps its path (dist/cli/commands/serve.js); shared code is in chunks/.
    chunkFileNames: (chunk) =>
      chunk.isDynamicEntry && chunk.facadeModuleId?.startsWith(srcDir + sep)
        ? `${relative(srcDir, chunk.facadeModuleId)
            .split(sep)
            .join("/")
            .replace(/\.[cm]?tsx?$/, "")}.js`
        : "chunks/[name]-[hash].js",
    sourcemap: true,
    sourcemapExcludeSources: true,
    // What a cold start reads, decodes and compiles is the file's every byte (bench row 8): the
    // comments (a quarter of each file; the shipped src/*.ts and the .d.ts keep every one) are left
    // out, and the few non-ASCII characters of messages and docs (—, →, …) are written as escapes —
    // one such character anywhere makes V8 hold the whole source as two-byte text, twice the memory
    // to decode, hash and scan. Code stays as written otherwise: not minified, names kept.
    comments: { legal: true, annotation: true, jsdoc: false },
    charset: "ascii",
  });
  await build.close();
  const files = new Map();
  for (const item of output) {
    if (item.type === "chunk") {
      files.set(item.fileName, item.code); // with its sourceMappingURL comment when it has a map
      if (item.map !== null) files.set(`${item.fileName}.map`, item.map.toString());
    }
  }
  return files;
}

for (const [folder, entries] of Object.entries(PACKAGES)) {
  if (!statSync(join(repo, folder, "dist"), { throwIfNoEntry: false })?.isDirectory())
    throw new Error(`${folder}/dist is missing: run tsc -b first`);
  await bundle(folder, entries, STANDALONE[folder] ?? []);
}
