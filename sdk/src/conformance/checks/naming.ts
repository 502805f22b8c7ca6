/** Tool names: the advertised name is `action.toolName(key)`, per-adapter name overrides included. */
import { broken, show } from "../conventions.js";
import type { Harness } from "./harness.js";
import type { ConformanceCheck } from "./types.js";

export function namingChecks<W>(h: Harness<W>): ConformanceCheck[] {
  const { label, key } = h;
  return [
    h.check("name", "the advertised name is action.toolName(key)", async ({ echo }) => {
      await h.advertised(echo);
    }),

    h.check(
      "name-override",
      "a per-adapter name override (tool: { <key>: { name } }) is the advertised name",
      async ({ renamed, renamedName }) => {
        const native = await h.wrap(renamed);
        const names = (await h.withSession([native], (session) => session.list())).map((tool) => tool.name);
        if (names.includes(renamedName)) return;
        const zeroArg = renamed.toolName();
        throw broken(
          label,
          "toolName",
          names.includes(zeroArg)
            ? `the transport lists "${zeroArg}" — action.toolName() without the key — for ${renamed.name}, which declares tool: { ${key}: { name: "${renamedName}" } }`
            : `the transport lists ${show(names)} for ${renamed.name}, which declares tool: { ${key}: { name: "${renamedName}" } }`,
        );
      },
    ),
  ];
}
