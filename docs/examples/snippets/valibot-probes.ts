/** docs/adapter-authoring.md: the conformance suite's probe actions, declared in valibot. */
import * as v from "valibot";
import { toStandardJsonSchema } from "@valibot/to-json-schema";
import type { ProbeSchemas } from "@axn/sdk/conformance";

export const valibotProbes: ProbeSchemas = {
  label: "valibot",
  string: () => toStandardJsonSchema(v.string()),
  positiveInt: () => toStandardJsonSchema(v.pipe(v.number(), v.integer(), v.minValue(1))),
  unknown: () => toStandardJsonSchema(v.unknown()),
};
