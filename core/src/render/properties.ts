/** Own properties as render reads and writes them: array indexes told from named properties, `__proto__` kept as data. */

/** Whether an own property name is one of the first `items` array indexes. */
export function isIndex(name: string, items: number): boolean {
  const n = Number(name);
  return Number.isInteger(n) && n >= 0 && n < items && String(n) === name;
}

/** Assigns without tripping the `__proto__` setter, which would drop the value and change the prototype. */
export function setProperty(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  else out[key] = value;
}
