/**
 * Every TypeScript block the docs show is real code: each ```ts block of README.md, docs/*.md and
 * docs/plugins/*.md appears, line for line (at any indentation), in a file under docs/examples/.
 * Those files are type-checked with the test project (test/tsconfig.json includes docs/**), and a
 * spec imports each of them (or discovers it, under a tool root) and pins what the page prints.
 *
 * To add an example: write it in a snippet file, quote it in the page, and pin its outputs in the
 * spec of that page (test/docs/snippets.spec.ts, test/docs/pages.spec.ts, or the plugin's docs spec).
 */
import { expect } from "chai";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");
const EXAMPLES = join(ROOT, "docs/examples");

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === "node_modules") return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path, keep);
    return keep(entry.name) ? [path] : [];
  });
}

const PAGES = [
  join(ROOT, "README.md"),
  ...readdirSync(join(ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => join(ROOT, "docs", name)),
  ...readdirSync(join(ROOT, "docs/plugins"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => join(ROOT, "docs/plugins", name)),
];

interface Block {
  readonly page: string;
  readonly line: number;
  readonly lines: readonly string[];
}

/** The ```ts / ```typescript blocks of a page, with the line each starts on. */
function blocksOf(page: string): Block[] {
  const lines = readFileSync(page, "utf8").split("\n");
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^```(ts|typescript)\s*$/.test(lines[i]!)) continue;
    const start = i;
    const body: string[] = [];
    while (++i < lines.length && !lines[i]!.startsWith("```")) body.push(lines[i]!.trimEnd());
    blocks.push({ page: relative(ROOT, page), line: start + 1, lines: body });
  }
  return blocks;
}

/** Whether `block` is a run of `file`'s lines, all indented by one same prefix (blank lines match blank lines). */
function contains(file: readonly string[], block: readonly string[]): boolean {
  const first = block.findIndex((line) => line !== "");
  if (first === -1) return true;
  for (let start = 0; start + block.length <= file.length; start++) {
    const anchor = file[start + first]!;
    if (!anchor.endsWith(block[first]!)) continue;
    const prefix = anchor.slice(0, anchor.length - block[first]!.length);
    if (prefix.trim() !== "") continue;
    if (block.every((line, j) => (line === "" ? file[start + j]!.trim() === "" : file[start + j] === prefix + line)))
      return true;
  }
  return false;
}

// Dot files are not in the type-checked program (TypeScript's include globs skip them).
const SOURCES = filesUnder(
  EXAMPLES,
  (name) => /\.(ts|mts)$/.test(name) && !name.endsWith(".d.ts") && !name.startsWith("."),
).map((path) => ({
  path,
  lines: readFileSync(path, "utf8")
    .split("\n")
    .map((line) => line.trimEnd()),
}));
const SPECS = filesUnder(join(ROOT, "test"), (name) => name.endsWith(".ts")).map((path) => readFileSync(path, "utf8"));

/**
 * Files that only type-check: each calls a hosted model, so no spec can run it. The same code paths
 * run with a scripted model in the spec named.
 */
const TYPE_CHECKED_ONLY: Record<string, string> = {
  "snippets/langchain-app/agent.ts":
    "test/plugins/langchain/docs-example.spec.ts runs the agent with FakeToolCallingModel",
  "helpdesk/agent-hosted.ts": "the helpdesk's agent.ts runs the same loop with a scripted model",
};

/**
 * A spec imports the file (by its path under docs/examples, without the extension) or starts it
 * (`"server.ts"`), it sits under a tool root a spec discovers, or it is the `axn.config.ts` of an
 * app folder a spec loads.
 */
function exercised(path: string): boolean {
  const rel = relative(EXAMPLES, path).replace(/\.(ts|mts)$/, "");
  const parts = rel.split("/");
  if (parts.includes("agent_tools")) return true;
  if (parts.at(-1) === "axn.config")
    return SPECS.some((spec) => spec.includes(`"${parts.at(-2)}`) || spec.includes(`/${parts.at(-2)}"`));
  return SPECS.some(
    (spec) =>
      spec.includes(`examples/${rel}.js`) ||
      spec.includes(`examples/${rel}.ts`) ||
      spec.includes(`"${parts.at(-1)}.ts"`),
  );
}

describe("docs: every ts block is a type-checked example", () => {
  const blocks = PAGES.flatMap(blocksOf);

  it("finds the blocks", () => {
    expect(blocks.length).to.be.greaterThan(50);
  });

  it("each block is quoted from a file under docs/examples/", () => {
    const missing = blocks.filter((block) => !SOURCES.some((source) => contains(source.lines, block.lines)));
    expect(
      missing.map((block) => `${block.page}:${block.line} ${block.lines.find((l) => l !== "") ?? ""}`),
    ).to.deep.equal([]);
  });

  it("each file a block is quoted from is run by a spec", () => {
    const hosts = new Set(
      blocks.flatMap((block) =>
        SOURCES.filter((source) => contains(source.lines, block.lines)).map((source) => source.path),
      ),
    );
    const unrun = [...hosts].filter((path) => !exercised(path) && !(relative(EXAMPLES, path) in TYPE_CHECKED_ONLY));
    expect(unrun.map((path) => relative(ROOT, path))).to.deep.equal([]);
  });

  it("the type-checked-only files are still quoted by a page", () => {
    const quoted = new Set(
      [...blocks].flatMap((block) =>
        SOURCES.filter((source) => contains(source.lines, block.lines)).map((source) =>
          relative(EXAMPLES, source.path),
        ),
      ),
    );
    expect(Object.keys(TYPE_CHECKED_ONLY).filter((file) => !quoted.has(file))).to.deep.equal([]);
  });
});
