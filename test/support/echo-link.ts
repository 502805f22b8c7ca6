/**
 * test/fixtures/echo-app resolves its third-party transport, test/fixtures/plugins/axn-plugin-echo-transport,
 * through a symlink in its (git-ignored) node_modules, as an installed package would be. Two spec
 * files use the app (test/e2e/serve-transports.spec.ts, test/e2e/serve-auth.spec.ts) and `npm test`
 * may run them at once in separate processes, so the link is made when missing, tolerating the
 * other process making it first, and left in place: removing it after one file would pull it from
 * under the other.
 */
import { lstatSync, mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { repo } from "./axn-child.js";

export const echoApp = join(repo, "test/fixtures/echo-app");

/** Links the echo transport into the echo app's node_modules; returns the link's path. */
export function linkEchoTransport(): string {
  const installed = join(echoApp, "node_modules/axn-plugin-echo-transport");
  mkdirSync(join(echoApp, "node_modules"), { recursive: true });
  try {
    symlinkSync("../../plugins/axn-plugin-echo-transport", installed, "dir");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  if (!lstatSync(installed).isSymbolicLink()) throw new Error(`${installed} should be the fixture package, linked`);
  return installed;
}
