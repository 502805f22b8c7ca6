/* docs/plugins/http.md, "Input from the caller": test/plugins/http/docs.spec.ts calls it over HTTP. */
// agent_tools/archive_report/v1.ts
import { z } from "zod";
import { defineAxn } from "@axn/core";

const archived: string[] = [];

export const ArchiveReport = defineAxn({
  name: "AgentTools.ArchiveReport",
  description: "Archives a report, once the caller confirms",
  tool: ["http"],
  toolVersion: 1,
  expects: { report: z.string() },
  exposes: { archived: z.string(), label: z.string() },
  call: async ({ report }, ctx) => {
    // Ask before acting: over HTTP the body runs again, from the top, with the answer.
    const answer = await ctx.elicit(
      `Archive ${report}?`,
      { confirm: z.boolean(), label: z.string().default("archive") },
      { key: "confirm" },
    );
    if (answer.action !== "accept" || !answer.content.confirm) return ctx.fail(`kept ${report}`);
    archived.push(report); // the side effect, after the question: done once
    return { archived: report, label: answer.content.label };
  },
});
