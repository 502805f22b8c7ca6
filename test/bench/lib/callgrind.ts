/**
 * Reading callgrind's output, for the bench's hand-run instruction counters (stdio-cpu.ts,
 * http-instructions.ts, mcp-instructions.ts, test/queue/measure-instructions.ts): one parser of its
 * compressed format, and one way to sort its functions into areas.
 */

/**
 * valgrind's arguments for a TypeScript script run by this Node under callgrind, its output to `out`:
 * V8 `--single-threaded` (compilation and GC on the main thread, so counted) and `--perf-basic-prof`
 * (JIT code named in /tmp/perf-<pid>.map, read by `jitNamer`).
 */
export function callgrindArgs(out: string, script: string, args: readonly string[]): string[] {
  return [
    "--tool=callgrind",
    `--callgrind-out-file=${out}`,
    process.execPath,
    "--single-threaded",
    "--perf-basic-prof",
    "--import",
    "tsx",
    script,
    ...args,
  ];
}

/**
 * Each function's own instructions in a callgrind output file: the cost lines under its `fn=`,
 * without the line after each `calls=` (the callee's inclusive cost). Names are compressed as
 * `(id) name` on first use and `(id)` after; a function with no symbol (JIT code) is its address.
 */
export function selfInstructions(text: string): Map<string, number> {
  const names = new Map<string, string>();
  const costs = new Map<string, number>();
  let current = "";
  let skipNext = false;
  for (const row of text.split("\n")) {
    if (row.startsWith("fn=")) {
      const named = /^fn=\((\d+)\)(?: (.*))?$/.exec(row);
      if (named === null) current = row.slice(3);
      else {
        if (named[2] !== undefined) names.set(named[1]!, named[2]);
        current = names.get(named[1]!) ?? named[1]!;
      }
    } else if (row.startsWith("cfn=")) {
      // A callee's name is defined here too, for later `fn=` references.
      const named = /^cfn=\((\d+)\) (.*)$/.exec(row);
      if (named !== null) names.set(named[1]!, named[2]!);
    } else if (row.startsWith("calls=")) skipNext = true;
    else if (/^[+\-*\d]/.test(row)) {
      if (skipNext) skipNext = false;
      else {
        const cost = Number(row.split(" ")[1] ?? 0);
        costs.set(current, (costs.get(current) ?? 0) + cost);
      }
    }
  }
  return costs;
}

/**
 * The JavaScript function at an address, from the perf map V8 writes with `--perf-basic-prof`: of
 * the entries covering it, the latest (code space is reused), its tier prefix (`~ ^ + *`) dropped.
 */
export function jitNamer(perfMap: string): (address: number) => string {
  const jit = perfMap
    .split("\n")
    .filter((entry) => entry !== "")
    .map((entry, order) => {
      const [start = "0", size = "0", ...name] = entry.split(" ");
      const from = Number.parseInt(start, 16);
      return { order, start: from, end: from + Number.parseInt(size, 16), name: name.join(" ") };
    })
    .sort((a, b) => a.start - b.start);
  return (address) => {
    let [low, high] = [0, jit.length - 1];
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (jit[middle]!.start <= address) low = middle + 1;
      else high = middle - 1;
    }
    let best: (typeof jit)[number] | undefined;
    for (let i = high; i >= 0 && i > high - 400; i--) {
      const entry = jit[i]!;
      if (address >= entry.start && address < entry.end && (best === undefined || entry.order > best.order))
        best = entry;
    }
    return best === undefined ? "JS (unmapped)" : `JS ${best.name.replace(/^JS:[~^+*]?'?/, "")}`;
  };
}

/**
 * The area a function's instructions count under: JavaScript by the first of `jsAreas` (an area's
 * name and a pattern of the function's script URL) that matches, else "JS other"; V8's builtins,
 * its garbage collector and its compilers; everything else "other native".
 */
export function areaOf(name: string, jsAreas: readonly (readonly [string, RegExp])[]): string {
  if (name.startsWith("JS ")) return jsAreas.find(([, pattern]) => pattern.test(name))?.[0] ?? "JS other";
  if (name.startsWith("Builtins_")) return "V8 builtins";
  if (/Scaveng|Heap::|Marking|MarkCompact|Sweep|Evacuat|heap::base|RecordMigrated|Worklist/.test(name)) return "GC";
  if (/compiler::|maglev|Maglev|turboshaft/i.test(name)) return "V8 compiler";
  return "other native";
}
