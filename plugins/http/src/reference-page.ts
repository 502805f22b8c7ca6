/**
 * The interactive API reference: `GET {basePath}/docs` renders the app's own OpenAPI document
 * (`{basePath}/openapi.json`) with Scalar (`@scalar/hono-api-reference`), and
 * `GET {basePath}/docs/scalar.js` serves Scalar's standalone bundle from the installed
 * `@scalar/api-reference` — the page loads nothing from a CDN, so it works offline and behind a
 * strict egress policy. It sits behind the same Host check and authentication as the document it
 * shows. On unless the app runs in production (axn's `env`: `axn serve` without `--dev`, or
 * `NODE_ENV=production`); the `referencePage` setting turns it on or off.
 *
 * @example
 * ```ts
 * mountReferencePage(app, { basePath: "/api", title: "helpdesk" }); // GET /api/docs
 * ```
 */
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { axnConfig } from "@axn/core";
import { Scalar } from "@scalar/hono-api-reference";
import type { Hono } from "hono";

export interface ReferencePageOptions {
  readonly basePath: string;
  /** The page's title. */
  readonly title?: string;
}

/** `null` (the default) means: on, unless the app runs in production (`axnConfig().env`). */
export function referencePageEnabled(setting: boolean | null): boolean {
  return setting ?? axnConfig().env !== "production";
}

// The UMD build: one file, no chunks fetched after it (the ESM build imports its chunks by URL).
const BUNDLE = new URL("browser/standalone.js", import.meta.resolve("@scalar/api-reference"));

let bundle: Promise<Buffer> | undefined;

export function mountReferencePage<E extends object>(app: Hono<E & { Variables: object }>, options: ReferencePageOptions): void {
  const page = `${options.basePath}/docs`;
  app.get(
    page,
    Scalar({
      url: `${options.basePath}/openapi.json`,
      cdn: `${page}/scalar.js`,
      pageTitle: `${options.title ?? "API"} reference`,
      // Scalar's defaults reach out: web fonts from its CDN, telemetry. Neither is needed to read the API.
      withDefaultFonts: false,
      telemetry: false,
      // Scalar's hosted extras (developer tools, the AI chat) are not part of this API.
      showDeveloperTools: "never",
      agent: { disabled: true },
    }),
  );
  app.get(`${page}/scalar.js`, async (c) => {
    bundle ??= readFile(fileURLToPath(BUNDLE));
    const body = await bundle;
    return c.body(new Uint8Array(body), 200, { "content-type": "text/javascript; charset=utf-8", "cache-control": "public, max-age=3600" });
  });
}
