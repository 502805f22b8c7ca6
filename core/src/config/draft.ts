/**
 * The draft `configure(fn)` hands its callback: an object whose properties are the declared
 * settings. Each assignment is checked as it happens and recorded, not written; the configurable
 * commits the recorded writes only once the callback completes, so a throwing callback (or a bad
 * value) leaves every setting as it was.
 */
import { defaultOf, type SettingRecord } from "./setting-spec.js";

/** What a draft reads and checks through (a configurable's own state). */
export interface DraftSource {
  readonly settings: ReadonlyMap<string, SettingRecord>;
  /** The current value (configured, else the default). */
  read(name: string): unknown;
  /** Throws for a value the setting refuses (`undefined` is always accepted: back to the default). */
  checkWrite(name: string, value: unknown): void;
}

/** A draft over `source`, recording into `writes`. */
export function settingsDraft<T extends object>(source: DraftSource, writes: Map<string, unknown>): T {
  const { settings } = source;
  const current = (name: string): unknown =>
    writes.has(name) ? (writes.get(name) ?? defaultOf(settings.get(name)!)) : source.read(name);
  return new Proxy(Object.create(null) as T, {
    get: (_target, prop) => (typeof prop === "string" && settings.has(prop) ? current(prop) : undefined),
    set: (_target, prop, value) => {
      if (typeof prop !== "string") return false;
      source.checkWrite(prop, value);
      writes.set(prop, value);
      return true;
    },
    has: (_target, prop) => typeof prop === "string" && settings.has(prop),
    ownKeys: () => [...settings.keys()],
    getOwnPropertyDescriptor: (_target, prop) =>
      typeof prop === "string" && settings.has(prop)
        ? {
            configurable: true,
            enumerable: true,
            writable: true,
            value: writes.has(prop) ? writes.get(prop) : source.read(prop),
          }
        : undefined,
  });
}
