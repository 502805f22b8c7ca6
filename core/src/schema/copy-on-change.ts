/**
 * Container walks for the coercers: each maps the items of an object or array and copies the
 * container only when an item changed, so coercion never mutates its input and returns the very
 * same value when nothing applied.
 */

export function mapEntries(
  value: Record<string, unknown>,
  map: (key: string, item: unknown) => unknown,
): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value)) {
    const mapped = map(key, item);
    if (mapped !== item) (copy ??= { ...value })[key] = mapped;
  }
  return copy ?? value;
}

export function mapItems(value: readonly unknown[], map: (index: number, item: unknown) => unknown): unknown[] {
  let copy: unknown[] | undefined;
  value.forEach((item, index) => {
    const mapped = map(index, item);
    if (mapped !== item) (copy ??= [...value])[index] = mapped;
  });
  return copy ?? (value as unknown[]);
}
