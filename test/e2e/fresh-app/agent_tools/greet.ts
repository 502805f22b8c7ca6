/**
 * The fresh app's second action: zod 4's own API (`z.email()`, `z.enum`, a field default, an
 * ambient field) and a business failure.
 */
import { defineAxn } from "@axn/core";
import { z } from "zod";

export const Greet = defineAxn({
  name: "Demo.Greet",
  description: "Greet someone by email",
  expects: {
    email: z.email(),
    tone: { schema: z.enum(["warm", "formal"]), default: "warm" },
    times: { schema: z.number().int().min(1).max(3), optional: true },
    greeter: { schema: z.string(), on: "ambientContext", optional: true },
  },
  exposes: { greeting: z.string(), domain: z.string() },
  messages: { error: "Could not greet" },
  call: ({ email, tone, times, greeter }, { fail }) => {
    const [user = "", domain = ""] = email.split("@");
    if (domain === "blocked.example") fail(`${domain} does not take greetings`);
    const word = tone === "warm" ? "Hi" : "Dear";
    const from = greeter === undefined ? "" : ` from ${greeter}`;
    return { greeting: `${Array.from({ length: times ?? 1 }, () => word).join(" ")} ${user}${from}`, domain };
  },
});
