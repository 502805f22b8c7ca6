import { z } from "zod";
import { defineAxn } from "@axn/core";

/** agent_tools/extend_trial/v1.ts — discovered as tool "extend_trial", version 1. */
export default defineAxn({
  name: "Docs.ExtendTrialV1",
  toolVersion: 1,
  expects: { days: z.number().int() },
  call: () => undefined,
});
