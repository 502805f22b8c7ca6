// src/index.ts of the package "axn-plugin-audit"
import { definePlugin } from "@axn/sdk";

export default definePlugin({
  name: "axn-plugin-audit",          // your npm package name
  version: "1.0.0",                  // your version (semver)
  host: "^0.1.0",                    // the @axn/core versions you support (a semver range)
  dependencies: [],                  // plugins that must be listed before you (optional)
  apply(host) {
    host.hooks.onResult.tap("axn-plugin-audit", ({ action, result, durationMs }) => {
      console.log(`${action.name} ${result.outcome} in ${durationMs.toFixed(1)}ms`);
    });
  },
});
