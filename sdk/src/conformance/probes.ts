/**
 * The actions the suite wraps. Each isolates one behaviour: an echo of the query and the trusted
 * ambient user (naming, schema, ambient handling, concurrency), a business failure, an exception
 * whose message must never reach the client, and two results that cannot be rendered to JSON (a
 * cycle, a lone surrogate). They declare no `tool` membership, so they never show up in
 * `Tools.for` of the app or of other specs.
 */
import type { AnyAxn } from "@axn/core";
import { z } from "zod";
import type { ProbeSchemas } from "./driver.js";
import { buildAxn, uniqueAxnName } from "../testing/build-axn.js";

/** The ambient field the echo probe declares; it must never appear in an advertised schema. */
export const AMBIENT_FIELD = "conformanceUserId";
export const FAILURE_HEADLINE = "Conformance probe refused";
export const FAILURE_REASON = "the widget is locked";
export const EXCEPTION_HEADLINE = "Conformance probe crashed";
/** The message of the exception the crashing probe throws: a client must never see it. */
export const SECRET_MESSAGE = "secret internals";
/** Queries starting with this make the echo probe wait, so two calls overlap. */
export const SLOW_PREFIX = "slow:";

export interface Probes {
  readonly echo: AnyAxn;
  readonly failing: AnyAxn;
  readonly crashing: AnyAxn;
  readonly cyclic: AnyAxn;
  readonly surrogate: AnyAxn;
}

/** The default probe schemas: zod 4, what `npm i zod` installs. */
export const ZOD_PROBE_SCHEMAS: ProbeSchemas = {
  label: "zod 4",
  string: () => z.string(),
  positiveInt: () => z.number().int().min(1),
  unknown: () => z.unknown(),
};

export function buildProbes(suite: string, schemas: ProbeSchemas = ZOD_PROBE_SCHEMAS): Probes {
  // Names are per suite so two adapters' suites in one process never share an action.
  const base = `Conformance.${suite.replace(/[^A-Za-z0-9]+/g, "_")}.`;
  const name = (probe: string): string => uniqueAxnName(`${base}${probe}`);

  const echo = buildAxn({
    name: name("EchoProbe"),
    description: "Conformance probe: echoes its query and the trusted user",
    expects: {
      query: { schema: schemas.string(), description: "Text to echo" },
      limit: { schema: schemas.positiveInt(), optional: true },
      [AMBIENT_FIELD]: { schema: schemas.string(), on: "ambientContext", optional: true },
    },
    exposes: { echo: schemas.string(), user: schemas.string() },
    messages: { success: ({ echo, user }) => `echo ${echo} for ${user}` },
    call: async (input) => {
      const query = input.query as string;
      const user = input[AMBIENT_FIELD] as string | undefined;
      if (query.startsWith(SLOW_PREFIX)) await new Promise((resolve) => setTimeout(resolve, 30));
      return { echo: query, user: user ?? "anonymous" };
    },
  });

  const failing = buildAxn({
    name: name("FailingProbe"),
    description: "Conformance probe: always fails with a business reason",
    messages: { error: FAILURE_HEADLINE },
    call: (_input, { fail }) => fail(FAILURE_REASON),
  });

  const crashing = buildAxn({
    name: name("CrashingProbe"),
    description: "Conformance probe: its body throws",
    messages: { error: EXCEPTION_HEADLINE },
    call: () => {
      throw new Error(SECRET_MESSAGE);
    },
  });

  const cyclic = buildAxn({
    name: name("CyclicProbe"),
    description: "Conformance probe: exposes a value that contains itself",
    exposes: { data: schemas.unknown() },
    call: () => {
      const data: { self?: unknown } = {};
      data.self = data;
      return { data };
    },
  });

  const surrogate = buildAxn({
    name: name("SurrogateProbe"),
    description: "Conformance probe: exposes a string with a lone surrogate",
    exposes: { text: schemas.string() },
    call: () => ({ text: "broken \uD800 text" }),
  });

  return { echo, failing, crashing, cyclic, surrogate };
}
