/**
 * docs/actions.md, "Media results": a tool that returns an image beside text. Pinned by
 * test/core/media.spec.ts and by each transport's live spec (MCP image block, HTTP JSON,
 * LangChain content block).
 */
import { defineAxn, media } from "@axn/core";
import { z } from "zod";

// A 1×1 transparent PNG.
export const PIXEL_PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

export const RenderChart = defineAxn({
  name: "AgentTools.RenderChart",
  description: "Render the quarter's revenue chart",
  expects: { quarter: z.enum(["Q1", "Q2", "Q3", "Q4"]) },
  exposes: { chart: media.image({ mimeTypes: ["image/png"] }), caption: z.string() },
  tool: true,
  call: ({ quarter }) => ({
    chart: { mimeType: "image/png", data: Buffer.from(PIXEL_PNG, "base64") }, // bytes or base64 text
    caption: `Revenue, ${quarter}`,
  }),
});
