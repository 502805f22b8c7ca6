/**
 * Type-level checks for `registerTransport`: a transport's flag declarations type what its `start`
 * reads, and a transport of one kind cannot be written with the other kind's fields. The
 * `// @ts-expect-error` lines are verified by `tsc -b` (the test project); the function holding
 * them never runs.
 */
import { expect } from "chai";
import type { TransportFlagValues, TransportRegistrar } from "@axn/core";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assertType = <T extends true>(value?: T): T | undefined => value;

function transportTypes(transports: TransportRegistrar): void {
  type Flags = {
    verbose: { type: "boolean"; help: string };
    greeting: { type: "string"; help: string; default: string };
    name: { type: "string"; help: string };
  };
  assertType<
    Equal<
      TransportFlagValues<Flags>,
      { readonly verbose: boolean; readonly greeting: string; readonly name: string | undefined }
    >
  >();

  transports.add({
    kind: "http",
    name: "echo",
    path: "/echo",
    flags: {
      "echo-verbose": { type: "boolean", help: "talk more" },
      "echo-greeting": { type: "string", help: "say this", default: "hi" },
    },
    async start({ flags, hostname, app }) {
      assertType<Equal<typeof flags, { readonly "echo-verbose": boolean; readonly "echo-greeting": string }>>();
      assertType<Equal<typeof hostname, string>>();
      assertType<Equal<typeof app.name, string>>();
      return { listener: (_request, response) => void response.end(), async stop() {} };
    },
  });
  transports.add({
    kind: "stdio",
    name: "echo",
    selectFlag: "echo-stdio",
    async start({ stdin, stdout, flags }) {
      assertType<Equal<typeof flags, {}>>();
      stdin.pipe(stdout);
      return { summary: "an echo", async stop() {} };
    },
  });

  // @ts-expect-error — an http transport is mounted at a path
  transports.add({
    kind: "http",
    name: "x",
    async start() {
      return { listener: () => undefined, async stop() {} };
    },
  });
  transports.add({
    kind: "stdio",
    name: "x",
    // @ts-expect-error — a stdio transport has no listener to mount
    path: "/x",
    async start() {
      return { async stop() {} };
    },
  });
  transports.add({
    kind: "stdio",
    name: "x",
    // @ts-expect-error — a flag is a boolean or a string
    flags: { n: { type: "number", help: "a number" } },
    async start() {
      return { async stop() {} };
    },
  });
  transports.add({
    kind: "http",
    name: "x",
    path: "/x",
    // @ts-expect-error — only a string flag has a default
    flags: { quiet: { type: "boolean", help: "say less", default: "yes" } },
    async start() {
      return { listener: () => undefined, async stop() {} };
    },
  });
  transports.add({
    kind: "http",
    name: "x",
    path: "/x",
    flags: { name: { type: "string", help: "call it" } },
    async start({ flags }) {
      // @ts-expect-error — a string flag without a default may be absent
      const name: string = flags.name;
      return { listener: () => void name, async stop() {} };
    },
  });
}

describe("transport registration types", () => {
  it("are checked at compile time (this spec only needs to compile)", () => {
    expect(transportTypes).to.be.a("function");
  });
});
