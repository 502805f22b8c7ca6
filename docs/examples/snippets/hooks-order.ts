/**
 * docs/actions.md — hooks and callbacks across `extends`. Every step appends to `log`.
 */
import { defineAxn } from "@axn/core";

export const log: string[] = [];

export const AuditedBase = defineAxn({
  name: "Docs.AuditedBase",
  hooks: {
    before: () => void log.push("parent before"),
    after: () => void log.push("parent after"),
    around: async (next) => {
      log.push("parent around in");
      await next();
      log.push("parent around out");
    },
  },
  onSuccess: () => void log.push("parent onSuccess"),
  onError: () => void log.push("parent onError"),
  call: () => undefined,
});

export const Audited = defineAxn({
  name: "Docs.Audited",
  extends: AuditedBase,
  hooks: {
    before: () => void log.push("child before"),
    after: () => void log.push("child after"),
    around: async (next) => {
      log.push("child around in");
      await next();
      log.push("child around out");
    },
  },
  onSuccess: [() => void log.push("child onSuccess 1"), () => void log.push("child onSuccess 2")],
  onError: () => void log.push("child onError"),
  call: () => void log.push("body"),
});
