/**
 * The interactive API reference: `GET {basePath}/docs` renders the app's own OpenAPI document
 * (`{basePath}/openapi.json`) with Scalar, and `GET {basePath}/docs/scalar.js` serves Scalar's
 * standalone bundle from the installed `@scalar/api-reference` — the page loads nothing from a CDN,
 * so it works offline and behind a strict egress policy. It sits behind the same Host check and
 * authentication as the document it shows. On unless the app runs in production (axn's `env`:
 * `axn serve` without `--dev`, or `NODE_ENV=production`); the `referencePage` setting turns it on
 * or off.
 *
 * `@scalar/api-reference` is an optional peer dependency (~60 MB installed): an app that wants the
 * page installs it. Without it both routes answer a 404 that says what to install, and the serve
 * banner does not advertise the page. The HTML is written here (a dozen lines) rather than through
 * `@scalar/hono-api-reference`, whose only job was that template.
 *
 * @example
 * ```ts
 * mountReferencePage(app, { basePath: "/api", title: "helpdesk" }); // GET /api/docs
 * ```
 */
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { axnConfig } from "@axn/core";
import type { Hono } from "hono";
import { errorReply, toResponse } from "../replies.js";

export interface ReferencePageOptions {
  readonly basePath: string;
  /** The page's title. */
  readonly title?: string;
}

const SCALAR_PACKAGE = "@scalar/api-reference";

const REFERENCE_PAGE_MISSING = `The API reference page needs ${SCALAR_PACKAGE}, which is not installed; run \`npm i ${SCALAR_PACKAGE}\` in the app and restart`;

/** `null` (the default) means: on, unless the app runs in production (`axnConfig().env`). */
export function referencePageEnabled(setting: boolean | null): boolean {
  return setting ?? axnConfig().env !== "production";
}

/**
 * Where Scalar's UMD build is (one file: the ESM build imports its chunks by URL), or `undefined`
 * when the optional peer is not installed. Resolved through Node's module resolver on each call,
 * so a resolve hook (the spec's way to simulate absence) is honoured.
 */
function scalarBundle(): URL | undefined {
  try {
    return new URL("browser/standalone.js", import.meta.resolve(SCALAR_PACKAGE));
  } catch {
    return undefined;
  }
}

/** Whether `GET {basePath}/docs` would render: on by the setting and Scalar installed. */
export function referencePageServed(setting: boolean | null): boolean {
  return referencePageEnabled(setting) && scalarBundle() !== undefined;
}

let bundle: Promise<Buffer> | undefined;

export function mountReferencePage<E extends object>(
  app: Hono<E & { Variables: object }>,
  options: ReferencePageOptions,
): void {
  const page = `${options.basePath}/docs`;
  const script = `${page}/scalar.js`;
  const location = scalarBundle();
  if (location === undefined) {
    const missing = (): Response => toResponse(errorReply(404, REFERENCE_PAGE_MISSING));
    app.get(page, missing);
    app.get(script, missing);
    return;
  }
  const html = renderPage(`${options.title ?? "API"} reference`, script, {
    url: `${options.basePath}/openapi.json`,
    // Scalar's defaults reach out: web fonts from its CDN, telemetry. Neither is needed to read the API.
    withDefaultFonts: false,
    telemetry: false,
    // Scalar's hosted extras (developer tools, the AI chat) are not part of this API.
    showDeveloperTools: "never",
    agent: { disabled: true },
  });
  app.get(page, (c) => c.html(html));
  app.get(script, async (c) => {
    bundle ??= readFile(fileURLToPath(location));
    const body = await bundle;
    return c.body(new Uint8Array(body), 200, {
      "content-type": "text/javascript; charset=utf-8",
      "cache-control": "public, max-age=3600",
    });
  });
}

function renderPage(title: string, script: string, configuration: Readonly<Record<string, unknown>>): string {
  // `<` escaped so no value (the title comes from the app's openapi options) can close the script.
  const config = JSON.stringify(configuration).replace(/</g, "\\u003c");
  return `<!doctype html>
<html>
  <head>
    <title>${escapeHtml(title)}</title>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
  </head>
  <body>
    <div id="app"></div>
    <script src="${escapeHtml(script)}"></script>
    <script>Scalar.createApiReference("#app", ${config})</script>
  </body>
</html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
