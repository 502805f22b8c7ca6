/**
 * The child behind `readImportGraph` (import-graph.ts): reads a package's sources as JSON on stdin,
 * parses them with TypeScript's own parser (the compiler's module-reference list of each file:
 * static imports and re-exports, type-only ones included, dynamic `import()` calls and `import("…")`
 * types) and writes the graph as JSON on stdout. In its own process so the native compiler's
 * shutdown noise on stderr is captured by the parent, never printed into a test run.
 */
import { readFileSync } from "node:fs";
import { posix } from "node:path";
import { SyntaxKind } from "typescript/unstable/ast";
import { createVirtualFileSystem } from "typescript/unstable/fs";
import { API } from "typescript/unstable/sync";
import type { ImportEdge, Sources } from "./import-graph.js";

/**
 * Parses every file (in memory: the parser never reads the disk, so the graph is exactly the
 * sources given) and resolves each relative module reference to a file of the graph.
 */
function parseImportGraph(sources: Sources): Record<string, ImportEdge[]> {
  const base = "/architecture";
  const tsconfig = `${base}/tsconfig.json`;
  const names = Object.keys(sources.files).sort();
  const fs = createVirtualFileSystem({
    // Parsing is all this needs: no lib, no resolution of what a file imports.
    [tsconfig]: JSON.stringify({ compilerOptions: { noLib: true, noResolve: true, types: [] }, files: names }),
    ...Object.fromEntries(names.map((name) => [`${base}/${name}`, sources.files[name]!])),
  });
  const api = new API({ cwd: base, fs });
  try {
    const program = api.updateSnapshot({ openProject: tsconfig }).getProject(tsconfig)?.program;
    if (program === undefined) throw new Error(`TypeScript opened no project for ${sources.root}`);
    const graph: Record<string, ImportEdge[]> = {};
    for (const name of names) {
      const file = program.getSourceFile(`${base}/${name}`);
      if (file === undefined) throw new Error(`TypeScript did not parse ${name}`);
      const edges: ImportEdge[] = [];
      for (const reference of file.imports) {
        const specifier = (reference as unknown as { text: string }).text;
        if (!specifier.startsWith(".")) continue;
        edges.push({ to: resolveSpecifier(name, specifier, sources), typeOnly: isTypeOnly(reference) });
      }
      graph[name] = edges;
    }
    return graph;
  } finally {
    api.close();
  }
}

/** `./result.js` from `action/types.ts` → `action/result.ts` (NodeNext: a `.js` specifier names the `.ts` source). */
function resolveSpecifier(from: string, specifier: string, sources: Sources): string {
  const target = posix.normalize(posix.join(posix.dirname(from), specifier));
  for (const candidate of [target.replace(/\.js$/, ".ts"), target, `${target}.ts`, `${target}/index.ts`]) {
    if (Object.hasOwn(sources.files, candidate)) return candidate;
  }
  throw new Error(`${from} imports ${JSON.stringify(specifier)}, which is not a module of ${sources.root}`);
}

interface ReferenceNode {
  readonly kind: SyntaxKind;
  readonly parent?: ReferenceNode;
  readonly isTypeOnly?: boolean;
  readonly importClause?: {
    readonly phaseModifier?: SyntaxKind;
    readonly name?: unknown;
    readonly namedBindings?: ReferenceNode & { readonly elements?: readonly { readonly isTypeOnly: boolean }[] };
  };
}

function isTypeOnly(reference: unknown): boolean {
  const parent = (reference as ReferenceNode).parent;
  if (parent === undefined) return false;
  if (parent.kind === SyntaxKind.LiteralType) return true; // import("./x.js") in a type position
  if (parent.kind === SyntaxKind.ExportDeclaration) return parent.isTypeOnly === true;
  if (parent.kind === SyntaxKind.ImportDeclaration) {
    const clause = parent.importClause;
    if (clause === undefined) return false; // `import "./x.js"`: evaluated for its effects
    if (clause.phaseModifier === SyntaxKind.TypeKeyword) return true;
    const elements = clause.namedBindings?.elements;
    return (
      clause.name === undefined && elements !== undefined && elements.length > 0 && elements.every((e) => e.isTypeOnly)
    );
  }
  return false;
}

process.stdout.write(JSON.stringify(parseImportGraph(JSON.parse(readFileSync(0, "utf8")) as Sources)));
