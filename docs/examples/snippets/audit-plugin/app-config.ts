// docs/plugins.md, "Options": an app giving the audit plugin its options.
import { defineConfig } from "@axn/sdk";

// axn.config.ts of an app
export default defineConfig({ plugins: [["audit", { level: "debug" }]] });
