/**
 * A count with its noun, singular for one: "1 tool", "2 tools", "1 tool version". The one rule for
 * every count the CLI prints.
 */

/** `counted(1, "module")` → "1 module"; `counted(3, "tool version")` → "3 tool versions". */
export function counted(n: number, noun: string, plural = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : plural}`;
}
