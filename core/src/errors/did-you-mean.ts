/**
 * "Did you mean …?" for a mistyped name in a message (an adapter key, a field name): the closest
 * candidate by edit distance, if it is close enough to read as a typo. The one copy: @axn/sdk's
 * config loader and CLI use it too (through @axn/core/internal).
 *
 * @example
 * ```ts
 * closestMatch("mpc", ["http", "mcp"]); // "mcp"
 * didYouMean("mpc", ["http", "mcp"]);   // 'did you mean "mcp"?'
 * didYouMean("kafka", ["http", "mcp"]); // undefined
 * ```
 */

/** The closest candidate within two edits, or a third of the name for long names. */
export function closestMatch(wanted: string, candidates: Iterable<string>): string | undefined {
  const limit = Math.max(2, Math.floor(wanted.length / 3));
  let best: { name: string; distance: number } | undefined;
  for (const candidate of candidates) {
    if (candidate === wanted) continue;
    const distance = levenshtein(wanted, candidate);
    if (distance <= limit && (best === undefined || distance < best.distance)) best = { name: candidate, distance };
  }
  return best?.name;
}

/** `did you mean "mcp"?` for the closest candidate, or undefined when none is close. */
export function didYouMean(wanted: string, candidates: Iterable<string>): string | undefined {
  const match = closestMatch(wanted, candidates);
  return match === undefined ? undefined : `did you mean ${JSON.stringify(match)}?`;
}

function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    previous = current;
  }
  return previous[b.length]!;
}
