// Part of `npm run build`: the documentation each package's README links to, copied into the
// package as `<package>/docs/` so that the tarball carries it (issue 32: the READMEs linked
// `../docs/*.md`, which no tarball ships, and there is no public URL to point at instead).
//
// A README links package-local `docs/<page>`; that is the repository's `docs/<page>`. Every page
// reached from the README — and every page or file those pages link to, transitively, inside the
// repository's docs/ — is copied, each link in a copy rewritten to resolve inside the package:
// - to a copied page or file: the same relative link (the copies keep docs/' layout);
// - to a file the package itself ships (`src/…`, `dist/…`, `README.md`, e.g. the sdk's conformance
//   checks linked from adapter-authoring.md): a link to that file in the package;
// - to anything else (another package's sources, the repository's own files): the link's text
//   alone, since nothing in the tarball could answer it.
// Links with a scheme (https:, mailto:) and in-page anchors are left as they are.
//
// The copies are build output: `<package>/docs/` is git-ignored, brought up to date on each run, and
// listed in each package's `files`. test/e2e/packaging.spec.ts checks that every relative link in
// a packed README and in every shipped page resolves to a file of the same tarball.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, posix, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const docsRoot = join(repo, "docs");
const PACKAGES = ["core", "sdk", "plugins/mcp", "plugins/langchain", "plugins/http"];

// `[text](target)` and `![alt](target)`, with an optional title; code is skipped below.
const LINK = /(!?)\[([^\]]*)\]\(([^)\s]+)(\s+"[^"]*")?\)/g;
const FENCE = /^(```|~~~)/;

/** Markdown as lines, each marked code (inside a fenced block) or prose. */
function* lines(markdown) {
  let fenced = false;
  for (const text of markdown.split(/(?<=\n)/)) {
    const fence = FENCE.test(text.trimStart());
    if (fence) fenced = !fenced;
    yield { code: fence || fenced, text };
  }
}

/** Rewrites every relative link of `markdown` through `rewrite(target) → link | undefined (text only)`. */
function mapLinks(markdown, rewrite) {
  let out = "";
  for (const { code, text } of lines(markdown)) {
    if (code) {
      out += text;
      continue;
    }
    // A link starts outside a code span; its text may hold one (`[\`name\`](target)`).
    const spans = [...text.matchAll(/`[^`]*`/g)].map((span) => [span.index, span.index + span[0].length]);
    const inSpan = (at) => spans.some(([from, to]) => at > from && at < to);
    out += text.replace(LINK, (whole, bang, label, target, title = "", at) => {
      if (inSpan(at) || /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("#")) return whole;
      const [path, anchor] = splitAnchor(target);
      const next = rewrite(path);
      return next === undefined ? label : `${bang}[${label}](${next}${anchor}${title})`;
    });
  }
  return out;
}

function splitAnchor(target) {
  const at = target.indexOf("#");
  return at < 0 ? [target, ""] : [target.slice(0, at), target.slice(at)];
}

const toPosix = (path) => path.split(sep).join(posix.sep);
const rootReadme = join(repo, "README.md");

/** Where a repository file goes under `<package>/docs/`, or undefined when it is not docs. */
function copyOf(file) {
  if (file === rootReadme) return "README.md"; // the whole guide, linked as docs/README.md
  if (file.startsWith(docsRoot + sep)) return toPosix(relative(docsRoot, file));
  return undefined;
}

/** Ships `<folder>/docs/` for one package. */
function ship(folder) {
  const pkg = join(repo, folder);
  const out = join(pkg, "docs");

  // The files to ship: the README's `docs/…` links, then everything they reach inside docs/.
  const wanted = new Map(); // repository file → its path under <package>/docs/
  const queue = [];
  const want = (file) => {
    const copy = copyOf(file);
    if (copy === undefined || wanted.has(file)) return;
    if (!existsSync(file)) throw new Error(`ship-docs: ${relative(repo, file)} is linked but does not exist`);
    if (!statSync(file).isFile()) return; // a folder: its link becomes text, like any target not shipped
    wanted.set(file, copy);
    if (file.endsWith(".md")) queue.push(file);
  };
  mapLinks(readFileSync(join(pkg, "README.md"), "utf8"), (path) => {
    if (!path.startsWith("docs/"))
      throw new Error(
        `ship-docs: ${folder}/README.md links ${path}; a README links only docs/<page> (shipped with it)`,
      );
    const page = path.slice("docs/".length);
    want(page === "README.md" ? rootReadme : join(docsRoot, page));
    return path;
  });
  while (queue.length > 0) {
    const page = queue.shift();
    mapLinks(readFileSync(page, "utf8"), (path) => {
      want(resolve(dirname(page), path));
      return path;
    });
  }

  // What the package ships of its own that a page may link to.
  const ownFile = (file) =>
    file.startsWith(pkg + sep) &&
    /^(src|dist|bin)\/|^README\.md$/.test(toPosix(relative(pkg, file))) &&
    existsSync(file) &&
    statSync(file).isFile();

  const contents = new Map(); // path under <package>/docs/ → its bytes
  for (const [file, copyPath] of wanted) {
    const copy = join(out, copyPath);
    if (!file.endsWith(".md")) {
      contents.set(copyPath, readFileSync(file));
      continue;
    }
    const text = mapLinks(readFileSync(file, "utf8"), (path) => {
      const target = path === "" ? file : resolve(dirname(file), path);
      const shipped = wanted.get(target);
      if (shipped !== undefined) return toPosix(relative(dirname(copy), join(out, shipped))) || posix.basename(copy);
      if (ownFile(target)) return toPosix(relative(dirname(copy), target));
      return undefined;
    });
    contents.set(copyPath, Buffer.from(text));
  }
  update(out, contents);
}

/**
 * `out` made to hold exactly `contents`, touching only what differs: the build runs again inside
 * the suite (test/docs/contributing.spec.ts) while other specs pack the packages, and a pack must
 * never see the folder half-written.
 */
function update(out, contents) {
  for (const [path, bytes] of contents) {
    const file = join(out, path);
    if (existsSync(file) && readFileSync(file).equals(bytes)) continue;
    mkdirSync(dirname(file), { recursive: true });
    const staged = `${file}.${process.pid}.tmp`;
    writeFileSync(staged, bytes);
    renameSync(staged, file);
  }
  const stale = (dir) => {
    for (const entry of existsSync(dir) ? readdirSync(dir, { withFileTypes: true }) : []) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        stale(path);
        if (readdirSync(path).length === 0) rmSync(path, { recursive: true });
      } else if (!contents.has(toPosix(relative(out, path)))) rmSync(path);
    }
  };
  stale(out);
}

for (const folder of PACKAGES) ship(folder);
