import { z } from "zod";
import { defineAxn } from "@axn/core";

/** agent_tools/extend_trial/v2.ts — discovered as tool "extend_trial", version 2. */
export default defineAxn({
  name: "Docs.ExtendTrialV2",
  toolVersion: 2,
  expects: { days: z.number().int().max(30), reason: z.string() },
  call: () => undefined,
});
