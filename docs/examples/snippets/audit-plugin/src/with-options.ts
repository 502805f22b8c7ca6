// docs/plugins.md, "Options": the audit plugin again, taking a typed, validated option.
import { definePlugin } from "@axn/sdk";
import { z } from "zod";

export default definePlugin({
  name: "axn-plugin-audit",
  version: "1.0.0",
  host: "^0.1.0",
  options: z.strictObject({ level: z.enum(["info", "debug"]).default("info") }),
  apply(host, { level }) {                  // level: "info" | "debug"
    host.hooks.onResult.tap("axn-plugin-audit", ({ action, result }) => {
      if (level === "debug" || !result.ok) console.log(`${action.name} ${result.outcome}`);
    });
  },
});
