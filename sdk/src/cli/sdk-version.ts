/**
 * The version of the installed `@axn/sdk`, read from its own package.json (`axn --version`, the
 * versions `axn init` writes). Read once, synchronously: the CLI needs it before anything loads.
 */
import { readFileSync } from "node:fs";

// dist/cli/sdk-version.js (and src/cli/sdk-version.ts) sit two folders below the package root.
const manifest = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
  version: string;
};

export const SDK_VERSION: string = manifest.version;
