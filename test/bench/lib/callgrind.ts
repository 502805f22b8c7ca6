/**
 * Reading callgrind's output, for the bench's hand-run instruction counters (stdio-cpu.ts,
 * http-instructions.ts): one parser of its compressed format.
 */

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
