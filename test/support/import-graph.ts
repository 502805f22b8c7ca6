/**
 * The import graph of a package's sources, read with TypeScript's own parser (the compiler's
 * module-reference list of each parsed file: static imports and re-exports, type-only ones
 * included, dynamic `import()` calls and `import("…")` types), and the two checks
 * test/architecture.spec.ts holds the tree to: no cycle, and no import up a declared layer order.
 *
 * Only relative specifiers are edges: a bare one (`zod`, `@axn/core`, `node:fs`) names another
 * package, whose direction is the workspace's concern, not this package's layering.
 *
 * @example
 * ```ts
 * const graph = readImportGraph(sourceFiles("core/src"));
 * architectureProblems(graph, [{ name: "errors", modules: ["errors/**"] }, { name: "rest", modules: ["**"] }]);
 * // [] — or one sentence per cycle and per upward import
 * ```
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

export interface ImportEdge {
  /** The imported module, relative to the graph's root (`action/result.ts`). */
  readonly to: string;
  /** `import type`, `export type`, an all-`type` specifier list, or an `import("…")` type. */
  readonly typeOnly: boolean;
}

/** Module (relative to the root, `/`-separated) → what it imports, in source order. */
export type ImportGraph = ReadonlyMap<string, readonly ImportEdge[]>;

/** A layer: a name and the modules it holds (`errors/**`, `runtime/**`, or one file such as `index.ts`). */
export interface Layer {
  readonly name: string;
  readonly modules: readonly string[];
}

/** The sources of a package: `root` and the text of every `.ts` file under it, by relative path. */
export interface Sources {
  readonly root: string;
  readonly files: Readonly<Record<string, string>>;
}

/** Every `.ts` file under `dir` (a real folder). */
export function sourceFiles(dir: string): Sources {
  const root = resolve(dir);
  const files: Record<string, string> = {};
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".ts"))
        files[relative(root, path).split(sep).join("/")] = readFileSync(path, "utf8");
    }
  };
  walk(root);
  return { root, files };
}

/**
 * The import graph of `sources`, parsed by TypeScript 7's API in a child process
 * (parse-imports-child.ts). Why a child: the API runs the native compiler as a grandchild whose
 * stderr is inherited, and closing it sometimes prints "context canceled" there — into a test run
 * that must print only the reporter. The child's stderr is captured: shown only if it fails.
 */
export function readImportGraph(sources: Sources): ImportGraph {
  const child = spawnSync(process.execPath, ["--import", "tsx", CHILD], {
    input: JSON.stringify(sources),
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (child.status !== 0)
    throw new Error(`parsing the imports of ${sources.root} failed (exit ${child.status}):\n${child.stderr}`);
  return new Map(Object.entries(JSON.parse(child.stdout) as Record<string, ImportEdge[]>));
}

const CHILD = fileURLToPath(new URL("./parse-imports-child.ts", import.meta.url));

/** The layer a module belongs to: the one whose matching pattern is the most specific (longest). */
function layerOf(module: string, layers: readonly Layer[]): number | undefined {
  let best: { index: number; length: number } | undefined;
  layers.forEach((layer, index) => {
    for (const pattern of layer.modules) {
      if (matches(module, pattern) && (best === undefined || pattern.length > best.length))
        best = { index, length: pattern.length };
    }
  });
  return best?.index;
}

function matches(module: string, pattern: string): boolean {
  if (pattern === "**") return true;
  if (pattern.endsWith("/**")) return module.startsWith(pattern.slice(0, -2));
  return module === pattern;
}

/**
 * What is wrong with `graph` against `layers` (listed bottom first: a module may import its own
 * layer and the ones below it), one sentence each, sorted: a module no layer holds, an import up
 * the order, a cycle (type-only imports count: a cycle of types is still two modules that cannot
 * be read, moved or split apart).
 */
export function architectureProblems(graph: ImportGraph, layers: readonly Layer[]): string[] {
  const problems: string[] = [];
  for (const [module, edges] of graph) {
    const from = layerOf(module, layers);
    if (from === undefined) {
      problems.push(`${module} is in no layer; add it to the layer its imports put it in`);
      continue;
    }
    for (const edge of edges) {
      const to = layerOf(edge.to, layers);
      if (to === undefined || to <= from) continue;
      problems.push(
        `upward import: ${module} (layer "${layers[from]!.name}") imports ${edge.to} (layer "${layers[to]!.name}")` +
          `${edge.typeOnly ? " (type-only)" : ""}; the ${layers[from]!.name} layer may import only its own layer and those below it`,
      );
    }
  }
  for (const cycle of cycles(graph)) problems.push(`import cycle: ${cycle.join(" → ")}`);
  return problems.sort();
}

/**
 * One cycle per strongly connected component (Tarjan), written from its first module in sorted
 * order along the shortest way back to it, so a message names the same cycle however files are listed.
 */
function cycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let counter = 0;
  const targets = (module: string): string[] => [...new Set((graph.get(module) ?? []).map((e) => e.to))].sort();
  const connect = (module: string): void => {
    index.set(module, counter);
    low.set(module, counter);
    counter++;
    stack.push(module);
    onStack.add(module);
    for (const next of targets(module)) {
      if (!index.has(next)) {
        connect(next);
        low.set(module, Math.min(low.get(module)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(module, Math.min(low.get(module)!, index.get(next)!));
    }
    if (low.get(module) === index.get(module)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== module);
      const selfLoop = component.length === 1 && targets(module).includes(module);
      if (component.length > 1 || selfLoop) components.push(component.sort());
    }
  };
  for (const module of [...graph.keys()].sort()) if (!index.has(module)) connect(module);
  return components.map((component) => shortestLoop(component[0]!, new Set(component), targets));
}

/** The shortest path from `start` back to itself inside one component (breadth-first). */
function shortestLoop(start: string, members: ReadonlySet<string>, targets: (module: string) => string[]): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const module = queue.shift()!;
    for (const next of targets(module)) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [start];
        for (let at = module; at !== start; at = previous.get(at)!) path.splice(1, 0, at);
        return [...path, start];
      }
      if (!previous.has(next)) {
        previous.set(next, module);
        queue.push(next);
      }
    }
  }
  return [start, start];
}
