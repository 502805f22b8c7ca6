/**
 * Author once: wrapping, listing and calling an action leave it as it was, and it still works as a
 * direct call afterwards.
 */
import { isDeepStrictEqual } from "node:util";
import { broken, show } from "../conventions.js";
import { AMBIENT_FIELD } from "../probes.js";
import { firstDifference, IdentityTable, snapshotAction } from "../snapshot.js";
import type { Harness } from "./harness.js";
import type { ConformanceCheck } from "./types.js";

export function authorOnceChecks<W>(h: Harness<W>): ConformanceCheck[] {
  const { label, key } = h;
  return [
    h.check(
      "not-mutated",
      "wrapping, listing and calling an action leave it unchanged (author once)",
      async ({ echo }) => {
        const identities = new IdentityTable();
        const before = snapshotAction(echo, key, identities);
        const native = await h.wrap(echo);
        // Listing or calling may fail for another check's reason; this one only looks at the action.
        await h
          .withSession([native], async (session) => {
            await session.list();
            await session.call(echo.toolName(key), { query: "mutation check" }, { [AMBIENT_FIELD]: "u_1" });
          })
          .catch(() => undefined);
        await h.wrap(echo);
        const after = snapshotAction(echo, key, identities);
        const difference = firstDifference(before, after);
        if (difference !== undefined)
          throw broken(
            label,
            "authorOnce",
            `wrapping, listing and calling ${echo.name} changed it (first difference at ${difference})`,
          );
      },
    ),

    h.check("direct-call", "a wrapped action still works as a direct call (author once)", async ({ echo }) => {
      await h.wrap(echo);
      const result = (await echo.call({ query: "direct" } as never, {
        ambientContext: { [AMBIENT_FIELD]: "u_direct" },
      })) as unknown as Record<string, unknown>;
      const seen = { ok: result["ok"], echo: result["echo"], user: result["user"] };
      if (!isDeepStrictEqual(seen, { ok: true, echo: "direct", user: "u_direct" })) {
        throw broken(
          label,
          "authorOnce",
          `after wrapping, the direct call ${echo.name}.call({ query: "direct" }) answered ${show(seen)}, not { ok: true, echo: "direct", user: "u_direct" }`,
        );
      }
    }),
  ];
}
