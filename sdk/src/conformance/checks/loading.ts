/**
 * Loading and the host's lifecycle: the plugin loads through `createHost`, `tools()` serves every
 * member of the key with no arguments, and no hook is tapped once the host has loaded.
 */
import type { AxnPrincipal } from "@axn/core";
import { broken, show } from "../conventions.js";
import type { Harness } from "./harness.js";
import type { ConformanceCheck } from "./types.js";

export function loadingChecks<W>(h: Harness<W>): ConformanceCheck[] {
  const { label, key } = h;
  return [
    // The loading itself happens in `ready()`, before any check's body; a plugin that does not load fails here.
    h.check(
      "plugin-loads",
      "the plugin loads through the host (createHost: shape, host range, dependencies) and registers its adapter key in apply()",
      async () => {},
    ),

    // Called, not counted: `tools(options?)` has a `length` of 1 and is exactly right.
    h.check("tools-zero-arg", "tools() takes no arguments and serves every member of the key", async ({ echo }) => {
      const natives = await h.tools();
      if (!Array.isArray(natives))
        throw broken(label, "zeroArgTools", `tools() answered ${show(natives)}, not an array`);
      const name = echo.toolName(key);
      const names = (await h.withSession(natives, (session) => session.list())).map((tool) => tool.name);
      if (!names.includes(name)) {
        throw broken(
          label,
          "zeroArgTools",
          `the tools() list does not serve "${name}" (${echo.name}, declared tool: ["${key}"]); it serves ${show(names)}`,
        );
      }
    }),

    h.check(
      "tools-filtered",
      "tools({ principal }) offers only what that caller may call: an anonymous caller is not offered a signed-in-only tool",
      async ({ echo, guarded }) => {
        // Only the anonymous side: a transport may filter its own listing by who asks, which the suite cannot tell apart.
        const listed = async (principal: AxnPrincipal | null): Promise<string[]> => {
          const natives = await h.tools({ principal });
          if (!Array.isArray(natives))
            throw broken(label, "toolsFiltered", `tools({ principal }) answered ${show(natives)}, not an array`);
          return (await h.withSession(natives, (session) => session.list())).map((tool) => tool.name);
        };
        const open = echo.toolName(key);
        const restricted = guarded.toolName(key);
        const anonymous = await listed(null);
        if (anonymous.includes(restricted)) {
          throw broken(
            label,
            "toolsFiltered",
            `tools({ principal: null }) offers "${restricted}" (${guarded.name}, access: "authenticated") to an anonymous caller`,
          );
        }
        if (!anonymous.includes(open)) {
          throw broken(
            label,
            "toolsFiltered",
            `tools({ principal: null }) does not offer "${open}" (${echo.name}, open to every caller); it offers ${show(anonymous)}`,
          );
        }
      },
    ),

    h.check(
      "late-taps",
      "no hook is tapped after the host loaded (not in wrap, tools or a call)",
      async ({ echo }, current) => {
        const native = await h.wrap(echo);
        await h.tools();
        await h.withSession([native], async (session) => {
          await session.list();
          await session.call(echo.toolName(key), { query: "taps" });
        });
        const tap = current.lateTaps[0];
        if (tap !== undefined) throw broken(label, "tapsInApply", h.lateTap(tap));
      },
    ),
  ];
}
