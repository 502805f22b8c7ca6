/**
 * What each package's tarball carries (issue 20, "Packaging"): `npm pack --dry-run --json` for the
 * five published packages, and the file list pinned per package.
 *
 * The pin is a rule plus a literal list, so that adding a module does not mean editing this spec,
 * while nothing else can slip in:
 * - the literal files: `package.json`, `README.md`, `LICENSE`, `CHANGELOG.md` (and the sdk's `bin/axn.js`);
 * - for every module `src/<m>.ts`: the source itself and tsc's declarations, `dist/<m>.d.ts` and
 *   `dist/<m>.d.ts.map`;
 * - the JavaScript, bundled (scripts/bundle.mjs): exactly the `dist/` files reached from the
 *   package's `exports` targets and its bin through relative imports, static or `import()`, each
 *   with its `.js.map` — no stale module of tsc's, no chunk nothing loads.
 * - `docs/…`: the documentation, exactly the files reachable from the README through relative links
 *   (scripts/ship-docs.mjs copies them at build: the README links `docs/<page>`), each page the
 *   repository's own once links are read as their text, every link resolving inside the tarball.
 * The sources ship so that the source maps and declaration maps resolve: a stack trace or a
 * go-to-definition lands on a file the package has (a bundle's map names each module it holds). No `.tsbuildinfo`, no stale output of a
 * deleted module, no stray file.
 *
 * The LICENSE in each package is the root LICENSE, byte for byte; each README is the package's
 * own page (its name, the install line, its two public methods, links to the docs that exist).
 * Dependencies are arranged so an app never holds two copies of what must be one: `@axn/core` and
 * `@axn/sdk` are peers of everything that needs them, as is `@langchain/core` of the LangChain
 * plugin (what LangChain asks of its integrations), and `@langchain/langgraph` an optional one. The fresh-app spec installs the packed result.
 */
import { expect } from "chai";
import { execFile } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { basename, dirname, join, posix, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

interface PackageSpec {
  readonly name: string;
  /** Files outside the per-module rule, exactly. */
  readonly literal: readonly string[];
  /** The README's headings for the package's two public methods, in order. */
  readonly methods: readonly [string, string];
  /** Further sections before "Documentation" (the sdk's CLI reference, which `axn --help` points at). */
  readonly sections?: readonly string[];
  /** What the README's install line installs, exactly. */
  readonly install: string;
}

const LITERAL = ["CHANGELOG.md", "LICENSE", "README.md", "package.json"];

const PACKAGES: Readonly<Record<string, PackageSpec>> = {
  core: {
    name: "@axn/core",
    literal: LITERAL,
    methods: ["`defineAxn(definition)`", "`action.call(args)`"],
    install: "npm install @axn/core zod",
  },
  sdk: {
    name: "@axn/sdk",
    literal: [...LITERAL, "bin/axn.js"],
    methods: ["`loadHost(options?)`", "`definePlugin(plugin)`"],
    sections: ["The axn CLI"],
    install: "npm install @axn/sdk @axn/core zod",
  },
  "plugins/mcp": {
    name: "axn-plugin-mcp",
    literal: LITERAL,
    methods: ["`McpAdapter.tools()`", "`McpAdapter.wrap(action, options?)`"],
    install: "npm install axn-plugin-mcp @axn/core @axn/sdk zod",
  },
  "plugins/langchain": {
    name: "axn-plugin-langchain",
    literal: LITERAL,
    methods: ["`LangchainAdapter.tools(options?)`", "`LangchainAdapter.wrap(action, options?)`"],
    install: "npm install axn-plugin-langchain @axn/core @axn/sdk @langchain/core zod",
  },
  "plugins/http": {
    name: "axn-plugin-http",
    literal: LITERAL,
    methods: ["`HttpAdapter.tools()`", "`HttpAdapter.wrap(action, options?)`"],
    install: "npm install axn-plugin-http @axn/core @axn/sdk zod",
  },
};

/** The dependency fields the spec pins, per package; `optionalPeers` are the peers marked optional in peerDependenciesMeta. */
const DEPENDENCIES: Readonly<
  Record<
    string,
    { dependencies: readonly string[]; peerDependencies: readonly string[]; optionalPeers: readonly string[] }
  >
> = {
  "@axn/core": {
    dependencies: ["@opentelemetry/api", "@standard-schema/spec", "tapable", "zod-to-json-schema"],
    peerDependencies: ["zod"],
    optionalPeers: [],
  },
  "@axn/sdk": {
    dependencies: ["@inquirer/prompts", "chokidar", "cli-progress", "jiti", "jose", "semver"],
    peerDependencies: ["@axn/core", "bullmq", "ioredis", "zod"],
    optionalPeers: ["bullmq", "ioredis"],
  },
  "axn-plugin-mcp": {
    dependencies: ["@hono/node-server", "@modelcontextprotocol/core", "@modelcontextprotocol/server"],
    peerDependencies: ["@axn/core", "@axn/sdk", "zod"],
    optionalPeers: [],
  },
  "axn-plugin-langchain": {
    dependencies: [],
    peerDependencies: ["@axn/core", "@axn/sdk", "@langchain/core", "@langchain/langgraph"],
    // Loaded only when a question is asked inside a LangGraph run, which has it installed already.
    optionalPeers: ["@langchain/langgraph"],
  },
  // The reference page's Scalar bundle (~60 MB) is opt-in: an app that wants the page installs it.
  "axn-plugin-http": {
    dependencies: ["@hono/node-server", "hono"],
    peerDependencies: ["@axn/core", "@axn/sdk", "@scalar/api-reference"],
    optionalPeers: ["@scalar/api-reference"],
  },
};

interface Packed {
  readonly name: string;
  readonly files: readonly { readonly path: string }[];
}

/** The environment without the npm-script variables of the `npm test` this spec may run under. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(env)) {
    if (/^npm_(package_|lifecycle_|command$)/i.test(key)) delete env[key];
    if (/^npm_config_(workspaces?|include_workspace_root|global|prefix|dry_run|json|pack_destination)$/i.test(key))
      delete env[key];
  }
  return env;
}

/** npm as the test runs it (the `npm_execpath` of `npm test`), else the `npm` on PATH. */
function npmCommand(args: readonly string[]): [string, string[]] {
  const execPath = process.env["npm_execpath"];
  return execPath !== undefined && basename(execPath) === "npm-cli.js"
    ? [process.execPath, [execPath, ...args]]
    : ["npm", [...args]];
}

/** Every `.ts` module under `<folder>/src`, as `src/…` paths. */
function sourceModules(folder: string): string[] {
  const found: string[] = [];
  const visit = (relative: string): void => {
    for (const entry of readdirSync(join(repo, folder, relative), { withFileTypes: true })) {
      const path = posix.join(relative, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.isFile() && entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts")) found.push(path);
    }
  };
  visit("src");
  return found;
}

/** The pinned list: the literal files, each module and its declarations, the JavaScript loaded, the docs the README reaches. */
function expectedFiles(folder: string, spec: PackageSpec, shipped: ReadonlySet<string>): string[] {
  const perModule = sourceModules(folder).flatMap((source) => {
    const out = `dist/${source.slice("src/".length, -".ts".length)}`;
    return [source, `${out}.d.ts`, `${out}.d.ts.map`];
  });
  const javascript = [...reachableJavaScript(folder)].flatMap((path) =>
    reExportsOnly(readFileSync(join(repo, folder, path), "utf8")) ? [path] : [path, `${path}.map`],
  );
  const docs = [...reachableFromReadme(folder, shipped)].filter((path) => path.startsWith("docs/"));
  return [...spec.literal, ...perModule, ...javascript, ...docs].sort();
}

/**
 * A relative module specifier in built JavaScript: `from "./x.js"`, `import "./x.js"`, `import("./x.js")`,
 * and `require("./x.js")` (a module loaded synchronously on first use: axn-plugin-langchain's tool kit).
 */
const RELATIVE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)["'](\.\.?\/[^"']+)["']/g;

/** A file of import and export statements alone (an entry whose code is all in chunks): nothing to map. */
function reExportsOnly(javascript: string): boolean {
  return javascript.split("\n").every((line) => line.trim() === "" || /^(import|export) /.test(line));
}

/**
 * The `dist/` JavaScript an app can load: from each `exports` target and the bin, every file
 * reached through relative imports (package paths, e.g. `dist/cli/bin.js` from `bin/axn.js`).
 */
function reachableJavaScript(folder: string): Set<string> {
  const manifest = JSON.parse(readFileSync(join(repo, folder, "package.json"), "utf8")) as {
    exports: Record<string, { default: string }>;
    bin?: Record<string, string>;
  };
  const starts = [
    ...Object.values(manifest.exports).map((target) => target.default),
    ...Object.values(manifest.bin ?? {}),
  ].map((path) => posix.normalize(path));
  const reached = new Set<string>();
  const queue = [...starts];
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (reached.has(path)) continue;
    reached.add(path);
    for (const match of readFileSync(join(repo, folder, path), "utf8").matchAll(RELATIVE_IMPORT)) {
      queue.push(posix.normalize(posix.join(posix.dirname(path), match[1]!)));
    }
  }
  return new Set([...reached].filter((path) => path.startsWith("dist/")));
}

/** A Markdown link outside code: its text and its target (no scheme, no in-page anchor). */
interface PageLink {
  readonly text: string;
  readonly target: string;
}

/** The relative links of a Markdown page, outside fenced blocks and code spans. */
function pageLinks(markdown: string): PageLink[] {
  const links: PageLink[] = [];
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (/^(```|~~~)/.test(line.trimStart())) fenced = !fenced;
    if (fenced || /^(```|~~~)/.test(line.trimStart())) continue;
    const spans = [...line.matchAll(/`[^`]*`/g)].map((span) => [span.index, span.index + span[0].length] as const);
    for (const match of line.matchAll(/!?\[([^\]]*)\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      if (spans.some(([from, to]) => match.index > from && match.index < to)) continue;
      const target = match[2]!;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("#")) continue;
      links.push({ text: match[1]!, target });
    }
  }
  return links;
}

/** A page with every link (outside code) read as its text alone. */
function withoutLinks(markdown: string): string {
  let fenced = false;
  return markdown
    .split("\n")
    .map((line) => {
      if (/^(```|~~~)/.test(line.trimStart())) {
        fenced = !fenced;
        return line;
      }
      if (fenced) return line;
      const spans = [...line.matchAll(/`[^`]*`/g)].map((span) => [span.index, span.index + span[0].length] as const);
      return line.replace(
        /(!?)\[([^\]]*)\]\(([^)\s]+)(\s+"[^"]*")?\)/g,
        (whole, _bang, text: string, _t, _title, at: number) =>
          spans.some(([from, to]) => at > from && at < to) ? whole : text,
      );
    })
    .join("\n");
}

/** Tarball paths reached from README.md through relative links (following .md pages), in the package folder. */
function reachableFromReadme(folder: string, shipped: ReadonlySet<string>): Set<string> {
  const reached = new Set<string>();
  const queue = ["README.md"];
  while (queue.length > 0) {
    const page = queue.shift()!;
    if (reached.has(page)) continue;
    reached.add(page);
    if (!page.endsWith(".md") || !shipped.has(page)) continue;
    for (const { target } of pageLinks(readFileSync(join(repo, folder, page), "utf8"))) {
      const path = posix.normalize(posix.join(posix.dirname(page), target.split("#")[0]!));
      if (!reached.has(path)) queue.push(path);
    }
  }
  return reached;
}

describe("the package tarballs (npm pack --dry-run --json)", function () {
  this.timeout(120_000); // a hang guard, not a budget

  let packed: ReadonlyMap<string, Packed>;

  before(async () => {
    for (const folder of Object.keys(PACKAGES)) {
      if (!existsSync(join(repo, folder, "dist/index.js")) || !existsSync(join(repo, folder, "docs/README.md")))
        throw new Error(`${folder}/dist or ${folder}/docs is missing: build first (npm run build)`);
    }
    const workspaces = Object.keys(PACKAGES).flatMap((folder) => ["-w", folder]);
    const [file, args] = npmCommand(["pack", "--dry-run", "--json", "--ignore-scripts", ...workspaces]);
    const { stdout } = await promisify(execFile)(file, args, {
      cwd: repo,
      env: cleanEnv(),
      maxBuffer: 64 * 1024 * 1024,
    });
    packed = new Map((JSON.parse(stdout) as Packed[]).map((entry) => [entry.name, entry]));
  });

  it("are the five packages", () => {
    expect([...packed.keys()].sort()).to.deep.equal(
      Object.values(PACKAGES)
        .map((spec) => spec.name)
        .sort(),
    );
  });

  for (const [folder, spec] of Object.entries(PACKAGES)) {
    describe(spec.name, () => {
      const paths = (): string[] =>
        packed
          .get(spec.name)!
          .files.map((entry) => entry.path)
          .sort();

      it(`ships exactly ${spec.literal.join(", ")}, per module src/<m>.ts with dist/<m>.{d.ts,d.ts.map}, and the JavaScript its exports load`, () => {
        const expected = expectedFiles(folder, spec, new Set(paths()));
        const actual = paths();
        const unexpected = actual.filter((path) => !expected.includes(path));
        const missing = expected.filter((path) => !actual.includes(path));
        expect(
          { unexpected, missing },
          `${spec.name}'s tarball differs from the pinned list (stale output? rebuild from clean: rm -rf ${folder}/dist && npm run build)`,
        ).to.deep.equal({ unexpected: [], missing: [] });
        expect(actual).to.deep.equal(expected);
        expect(actual.filter((path) => path.endsWith(".tsbuildinfo"))).to.deep.equal([]);
      });

      it("ships source maps whose sources it ships too: one module per declaration map, the modules bundled per JavaScript map", () => {
        const shipped = new Set(paths());
        const maps = paths().filter((path) => path.endsWith(".map"));
        expect(maps.length, "source maps").to.be.greaterThan(0);
        const unresolved: string[] = [];
        for (const map of maps) {
          const { sources, sourceRoot, sourcesContent } = JSON.parse(readFileSync(join(repo, folder, map), "utf8")) as {
            sources: string[];
            sourceRoot?: string;
            sourcesContent?: unknown;
          };
          if (map.endsWith(".d.ts.map")) expect(sources, map).to.have.lengthOf(1);
          else expect(sources.length, map).to.be.greaterThan(0);
          // The map points at the shipped file rather than carrying a copy of it.
          expect(sourcesContent, map).to.equal(undefined);
          for (const source of sources) {
            const target = posix.normalize(posix.join(posix.dirname(map), sourceRoot ?? "", source));
            if (!shipped.has(target)) unresolved.push(`${map} -> ${target}`);
          }
        }
        expect(unresolved).to.deep.equal([]);
      });

      it("ships the root LICENSE (MIT, axn contributors) byte for byte, and says MIT in package.json", () => {
        const root = readFileSync(join(repo, "LICENSE"), "utf8");
        expect(root.split("\n").slice(0, 3)).to.deep.equal(["MIT License", "", "Copyright (c) 2026 axn contributors"]);
        expect(readFileSync(join(repo, folder, "LICENSE"), "utf8"), `${folder}/LICENSE`).to.equal(root);
        const manifest = JSON.parse(readFileSync(join(repo, folder, "package.json"), "utf8")) as { license: string };
        expect(manifest.license).to.equal("MIT");
      });

      it("ships its own README: its name, the install line, its two public methods, links to its docs", () => {
        const readme = readFileSync(join(repo, folder, "README.md"), "utf8");
        expect(readme.split("\n")[0]).to.equal(`# ${spec.name}`);
        expect(readme.split("\n")).to.include(spec.install);
        const headings = readme
          .split("\n")
          .filter((line) => line.startsWith("## "))
          .map((line) => line.slice(3));
        expect(headings).to.deep.equal([...spec.methods, ...(spec.sections ?? []), "Documentation", "License"]);
        const targets = pageLinks(readme).map(({ target }) => target.split("#")[0]!);
        expect(targets.length, "links to the docs").to.be.greaterThan(0);
        expect(
          targets.filter((target) => !target.startsWith("docs/")),
          "README links outside the package's docs/",
        ).to.deep.equal([]);
      });

      it("ships every page and file its README and docs link to: each relative link resolves inside the tarball", () => {
        const shipped = new Set(paths());
        const broken: string[] = [];
        for (const page of paths().filter((path) => path.endsWith(".md"))) {
          for (const { target } of pageLinks(readFileSync(join(repo, folder, page), "utf8"))) {
            const path = posix.normalize(posix.join(posix.dirname(page), target.split("#")[0]!));
            if (!shipped.has(path)) broken.push(`${page} -> ${target}`);
          }
        }
        expect(broken).to.deep.equal([]);
        expect(paths(), "the guide's start and the getting-started page").to.include.members([
          "docs/README.md",
          "docs/getting-started.md",
        ]);
      });

      it("ships each page as the repository has it (the root README as docs/README.md), links aside", () => {
        const pages = paths().filter((path) => path.startsWith("docs/") && path.endsWith(".md"));
        expect(pages.length).to.be.greaterThan(10);
        for (const page of pages) {
          const source = page === "docs/README.md" ? join(repo, "README.md") : join(repo, page);
          expect(withoutLinks(readFileSync(join(repo, folder, page), "utf8")), page).to.equal(
            withoutLinks(readFileSync(source, "utf8")),
          );
        }
      });

      it("declares what must be one copy per app as a peer, never as a dependency", () => {
        const manifest = JSON.parse(readFileSync(join(repo, folder, "package.json"), "utf8")) as Record<
          string,
          Record<string, unknown> | undefined
        >;
        const meta = (manifest["peerDependenciesMeta"] ?? {}) as Record<string, { optional?: boolean }>;
        expect({
          dependencies: Object.keys(manifest["dependencies"] ?? {}).sort(),
          peerDependencies: Object.keys(manifest["peerDependencies"] ?? {}).sort(),
          optionalPeers: Object.keys(meta)
            .filter((name) => meta[name]?.optional === true)
            .sort(),
        }).to.deep.equal(DEPENDENCIES[spec.name]);
      });
    });
  }
});
