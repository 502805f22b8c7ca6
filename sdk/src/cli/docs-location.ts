/**
 * Where `axn --help` sends a reader: the CLI reference that ships inside the installed package
 * (`node_modules/@axn/sdk/README.md`, its "The axn CLI" section), as an absolute path — it
 * exists wherever the package is installed, unlike a path into the project's repository.
 */
import { fileURLToPath } from "node:url";

export function docsLocation(): string {
  return `${fileURLToPath(new URL("../../README.md", import.meta.url))} ("The axn CLI")`;
}
