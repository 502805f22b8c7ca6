// agent_tools/greet.ts
import { defineAxn } from "@axn/core";
import { z } from "zod";

export const Greet = defineAxn({
  name: "Greet",
  description: "Greet someone by name",
  expects: {
    name: { schema: z.string().min(1), description: "Who to greet" },
    excited: z.boolean().optional(),
  },
  exposes: { greeting: z.string() },
  messages: {
    error: "Could not greet",
    success: ({ greeting }) => greeting,
  },
  call: ({ name, excited }, { fail }) => {
    if (name.toLowerCase() === "nobody") fail("there is nobody to greet");
    return { greeting: `Hello, ${name}${excited === true ? "!" : "."}` };
  },
});
