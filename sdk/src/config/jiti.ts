/**
 * jiti, loaded on first use and through `require`: an app whose config, plugins and tool roots
 * Node imports natively never pays for it. `require` rather than `import()` because jiti's entry is
 * a 190 KB CommonJS bundle, and importing CommonJS from ESM first scans it for its export names
 * (cjs-module-lexer), paid by every cold start that loads a `.ts` file on Node 20 (bench: row 21b).
 */
import { createRequire } from "node:module";
import type { createJiti as CreateJiti } from "jiti";

let loaded: typeof CreateJiti | undefined;

/** jiti's `createJiti`, required once. */
export function jitiFactory(): typeof CreateJiti {
  return (loaded ??= (createRequire(import.meta.url)("jiti") as { createJiti: typeof CreateJiti }).createJiti);
}
