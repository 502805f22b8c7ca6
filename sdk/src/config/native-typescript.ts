/**
 * When the CLI imports an app's TypeScript with Node's own type stripping instead of jiti, and the
 * one resolve hook that makes that work for TypeScript written for `nodenext`.
 *
 * The rule, decided once per process from the first TypeScript file the CLI imports (the app's
 * `axn.config.ts`): natively when the Node strips types (`process.features.typescript`, Node 22.18+
 * / 23.6+ by default) and has `module.registerHooks` (22.15+ / 23.5+), and the app's nearest
 * `tsconfig.json` sets `compilerOptions.erasableSyntaxOnly: true` and no `paths`, and the app is not
 * under a `node_modules` folder (where Node strips nothing). That flag makes
 * the type checker refuse exactly what stripping cannot do (an enum, a namespace with values, a
 * parameter property, `import x = require()`), so every file of the app loads one way: natively, or
 * — any other app — every file through jiti. Never a mix, in which a module imported both from a
 * file Node loaded and from one jiti compiled would be two modules with two states.
 *
 * Why at all: jiti costs a cold start its own require (a 190 KB bundle), a Babel-compiled copy of
 * each file and, for each `./x.js` specifier that names `./x.ts`, a dozen failed resolutions that
 * each capture an unbounded stack trace (bench rows 8 and 21b: ~35 ms of `axn tools` on the
 * example app, Node 24).
 */
import { existsSync, readFileSync } from "node:fs";
import * as nodeModule from "node:module";
import { dirname, join, sep } from "node:path";

/** What this Node offers: type stripping on, and synchronous in-thread module hooks. */
function nodeStripsTypes(): boolean {
  const features = process.features as { readonly typescript?: unknown };
  return (
    (features.typescript === "strip" || features.typescript === "transform") &&
    typeof (nodeModule as { readonly registerHooks?: unknown }).registerHooks === "function"
  );
}

/**
 * The `tsconfig.json` that governs `file`: the nearest one in its folder or above, up to the
 * folder of the nearest `package.json` (the app's root). Undefined when there is none.
 */
function nearestTsconfig(file: string): string | undefined {
  let dir = dirname(file);
  for (;;) {
    const candidate = join(dir, "tsconfig.json");
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (existsSync(join(dir, "package.json")) || parent === dir) return undefined;
    dir = parent;
  }
}

/**
 * A tsconfig's `compilerOptions`, read as TypeScript reads the file (comments and trailing commas
 * allowed). Undefined when it cannot be read: such an app keeps jiti, which needs no tsconfig.
 */
function compilerOptionsOf(tsconfig: string): Record<string, unknown> | undefined {
  try {
    const parsed = JSON.parse(stripJsonComments(readFileSync(tsconfig, "utf8"))) as { compilerOptions?: unknown };
    const options = parsed.compilerOptions;
    return typeof options === "object" && options !== null ? (options as Record<string, unknown>) : {};
  } catch {
    return undefined;
  }
}

/** JSON with comments (`//`, `/* *\/`) and trailing commas → JSON; strings kept byte for byte. */
function stripJsonComments(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '"') {
      const start = i;
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === "\\") i++;
      out += text.slice(start, i + 1);
    } else if (char === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") i++;
      out += "\n";
    } else if (char === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end === -1 ? text.length : end + 1;
    } else {
      out += char;
    }
  }
  return out.replace(/,(\s*[}\]])/g, "$1");
}

/** Whether the app `file` belongs to loads natively (the rule above), `file` being its first TypeScript file. */
export function nativeTypeScriptFor(file: string): boolean {
  // Node strips no file under node_modules (ERR_UNSUPPORTED_NODE_MODULES_TYPE_STRIPPING).
  if (!nodeStripsTypes() || file.split(sep).includes("node_modules")) return false;
  const tsconfig = nearestTsconfig(file);
  const options = tsconfig === undefined ? undefined : compilerOptionsOf(tsconfig);
  return options?.["erasableSyntaxOnly"] === true && options["paths"] === undefined;
}

const RELATIVE_SCRIPT = /^\.\.?\/.*\.[mc]?js$/;
const TYPESCRIPT_PARENT = /\.[mc]?ts$/;

let hooked = false;

/**
 * Lets a relative `./x.js` (`.mjs`, `.cjs`) specifier in an app's TypeScript file name the
 * `./x.ts` (`.mts`, `.cts`) beside it, as TypeScript's `nodenext` resolution means it — and only
 * after Node found no `x.js`: every other resolution of the process (the plugins, their SDKs) goes
 * straight through. Registered once.
 */
export function followTypeScriptSpecifiers(): void {
  if (hooked) return;
  hooked = true;
  type Resolve = (specifier: string, context: { parentURL?: string | undefined }) => unknown;
  const { registerHooks } = nodeModule as unknown as {
    registerHooks(hooks: {
      resolve(specifier: string, context: { parentURL?: string | undefined }, next: Resolve): unknown;
    }): unknown;
  };
  registerHooks({
    resolve(specifier, context, next) {
      try {
        return next(specifier, context);
      } catch (error) {
        const parent = context.parentURL;
        if (
          (error as { code?: unknown }).code !== "ERR_MODULE_NOT_FOUND" ||
          !RELATIVE_SCRIPT.test(specifier) ||
          parent === undefined ||
          !TYPESCRIPT_PARENT.test(parent) ||
          parent.includes("/node_modules/")
        )
          throw error;
        try {
          return next(specifier.replace(/\.([mc]?)js$/, ".$1ts"), context);
        } catch {
          throw error; // neither file: the message names the specifier as written
        }
      }
    },
  });
}
