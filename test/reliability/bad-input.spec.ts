/**
 * Bad input through every transport: fast-check fuzzing of every example tool's arguments, then the
 * hostile catalogue (huge, deep, non-finite, prototype-named, smuggled). Whatever arrives, the
 * server answers with a clean error naming the field (or refuses oversized input fast), nothing
 * crashes or rejects unhandled, the built-in prototypes stay as they were, the global `onException`
 * is never paged for a caller's mistake, and the heap stays bounded.
 */
import { expect } from "chai";
import * as fc from "fast-check";
import type { AnyAxn } from "@axn/core";
import { brokenArgs, expectedMention, SMUGGLE_KEYS } from "./support/arbitraries.js";
import { FUZZ_HEAP_BOUND_MIB, FUZZ_RUNS_PER_TRANSPORT, SOAK_MODE } from "./support/counts.js";
import { HOSTILE_CASES, withOwnKey } from "./support/hostile.js";
import { CreateTicketV2 } from "../../docs/examples/helpdesk/agent_tools/create_ticket/v2.js";
import { FUZZED_TOOLS, Identify, Label, Measure, WRITING_TOOLS } from "./support/tools.js";
import {
  callHttpText,
  openTransports,
  TRANSPORTS,
  type Outcome,
  type TransportName,
  type Transports,
} from "./support/transports.js";
import {
  describePages,
  MiB,
  prototypeChanges,
  prototypeFingerprint,
  recordPages,
  recordProcessFaults,
  settledHeap,
} from "./support/watch.js";

/** Fixed unless soaking, so CI failures replay; fast-check prints the seed and path of any failure. */
const FUZZ_SEED = SOAK_MODE ? Date.now() : 0x0a11ce;

/** Every call carries a trusted user: a missing ambient value is an integration bug, and pages by design. */
const FUZZ_USER = "u_fuzz";

function call(
  transports: Transports,
  transport: TransportName,
  tool: AnyAxn,
  args: unknown,
  text?: string,
  user = FUZZ_USER,
): Promise<Outcome> {
  const options = { user };
  if (transport === "http" && text !== undefined) return callHttpText(transports.http, tool, text, options);
  return transports.call(transport, tool, args, options);
}

function label(tool: AnyAxn): string {
  return `${tool.name} v${tool.toolVersion}`;
}

describe("reliability: bad input through MCP, LangChain and HTTP", function () {
  this.timeout(60_000);
  const faults = recordProcessFaults();
  const pages = recordPages();
  let transports: Transports;
  let prototypesBefore: Map<string, unknown>;
  let heapBefore: number;

  before(async () => {
    transports = await openTransports([...FUZZED_TOOLS, Identify, Measure, Label]);
    prototypesBefore = prototypeFingerprint();
    // Warm every path first (lazily loaded modules, compiled validators, first-call caches), so the
    // heap bound measures what the fuzz retains — the same figure whether this file runs alone or
    // after the rest of the suite warmed them.
    for (const transport of TRANSPORTS) {
      for (const tool of FUZZED_TOOLS) {
        for (const broken of fc.sample(brokenArgs(tool), { numRuns: 3, seed: FUZZ_SEED }))
          await call(transports, transport, tool, broken.args);
      }
    }
    heapBefore = settledHeap();
  });
  after(() => transports.close());

  /** What every call must leave behind: no page, no process fault, no polluted prototype. */
  function expectNoHarm(context: string): void {
    expect(describePages(pages), `${context}: onException pages`).to.deep.equal([]);
    expect(faults, `${context}: process faults`).to.deep.equal([]);
    expect(({} as { polluted?: unknown }).polluted, `${context}: Object.prototype.polluted`).to.equal(undefined);
  }

  describe("property-based: broken near-valid arguments (drawn from the advertised input schema)", () => {
    for (const transport of TRANSPORTS) {
      it(`${transport}: ${FUZZ_RUNS_PER_TRANSPORT} broken argument sets are each refused, naming every broken field`, async () => {
        const cases = fc
          .constantFrom(...FUZZED_TOOLS)
          .chain((tool) => brokenArgs(tool).map((broken) => ({ tool, broken })));
        await fc.assert(
          fc.asyncProperty(cases, async ({ tool, broken }) => {
            const outcome = await call(transports, transport, tool, broken.args);
            const context = `${label(tool)} ${JSON.stringify(broken.args).slice(0, 300)} → ${outcome.text.slice(0, 300)}`;
            expect(outcome.ok, context).to.equal(false);
            expect(outcome.failure, context).to.equal("tool");
            for (const mutation of broken.mutations) {
              const mention = expectedMention(mutation);
              if (transport === "http") expect(outcome.fields, context).to.include(mention.field);
              else expect(outcome.text, context).to.include(mention.text);
            }
            // Smuggled ambient values never surface, and never count as inputs.
            expect(outcome.text, context).not.to.include("attacker");
            for (const key of SMUGGLE_KEYS) expect(outcome.text, context).not.to.include(`unknown input: ${key}`);
            expectNoHarm(context);
          }),
          { numRuns: FUZZ_RUNS_PER_TRANSPORT, seed: FUZZ_SEED },
        );
      });
    }
  });

  describe("the hostile catalogue, for every fuzzed tool", () => {
    for (const transport of TRANSPORTS) {
      for (const hostile of HOSTILE_CASES) {
        it(`${transport}: ${hostile.id} (${hostile.input})`, async () => {
          for (const tool of FUZZED_TOOLS) {
            const input = hostile.build(tool);
            const outcome = await call(transports, transport, tool, input.args, input.text);
            const context = `${label(tool)} ${hostile.id} → ${outcome.failure ?? "ok"} ${outcome.code ?? ""} ${outcome.text.slice(0, 200)}`;
            expectNoHarm(context);
            // A writing tool never got a valid call from the catalogue (each case leaves a required field out or breaks one).
            if (WRITING_TOOLS.has(tool)) expect(outcome.ok, context).to.equal(false);
            expectCatalogueOutcome(hostile.id, transport, outcome, input.field, context);
          }
        });
      }
    }
  });

  /** What each catalogue entry must produce; the strictest statement that holds on every transport today. */
  function expectCatalogueOutcome(
    id: string,
    transport: TransportName,
    outcome: Outcome,
    field: string | undefined,
    context: string,
  ): void {
    const namesField = (name: string): boolean =>
      transport === "http"
        ? outcome.fields.some((f) => f === name || f.startsWith(`${name}.`))
        : outcome.text.includes(name);
    switch (id) {
      case "string-1mib":
        if (transport === "http") {
          // Refused before it is read into memory, let alone parsed.
          expect([outcome.code, outcome.text], context).to.deep.equal([413, "Request body exceeds 1048576 bytes"]);
        } else expect(outcome.ok || outcome.failure === "tool", context).to.equal(true);
        return;
      case "array-100k":
      case "number-1e999":
        expect(outcome.failure, context).to.equal("tool");
        expect(namesField(field!), context).to.equal(true);
        return;
      case "nesting-10k":
        if (transport === "http" && outcome.failure === "protocol") {
          // The body parser gives up on the depth: a fast, clean 400 (its message says "not valid JSON").
          expect([outcome.code, outcome.text], context).to.deep.equal([400, "Request body is not valid JSON"]);
        } else {
          expect(outcome.failure, context).to.equal("tool");
          expect(namesField(field!), context).to.equal(true);
        }
        return;
      case "integer-2^53+1":
      case "negative-zero":
      case "lone-surrogate":
        // Accepted where the schema allows the value (JSON numbers are doubles), refused by name elsewhere.
        expect(outcome.ok || outcome.failure === "tool", context).to.equal(true);
        if (!outcome.ok && outcome.text.includes(`${field!}:`) === false && transport !== "http") {
          expect(outcome.text, context).to.match(/: /);
        }
        return;
      case "key-__proto__":
      case "key-constructor":
      case "key-prototype": {
        const key = id.slice("key-".length);
        // HTTP parses into null-prototype objects, so the key is plain data and reported by name.
        if (transport === "http") expect(outcome.fields, context).to.include(key);
        else expect(outcome.text, context).to.include(`unknown input: ${key}`);
        return;
      }
      case "not-an-object":
        if (transport === "http") expect([outcome.code, outcome.fields], context).to.deep.equal([400, ["(arguments)"]]);
        // MCP: the protocol itself says `arguments` is an object, and the SDK refuses any other before a
        // tool runs — as one short -32602 line naming the parameter, never the parser's dump.
        else if (transport === "mcp")
          expect([outcome.failure, outcome.code, outcome.text], context).to.deep.equal([
            "protocol",
            -32602,
            "MCP error -32602: Invalid params: tools/call has a malformed params.arguments; see the method's schema in the MCP specification",
          ]);
        // LangChain hands the arguments to the Invoker untouched, so the refusal is a tool result
        // the model can act on: result.error, as on every transport.
        else
          expect([outcome.failure, outcome.text.endsWith("arguments must be an object")], context).to.deep.equal([
            "tool",
            true,
          ]);
        return;
      default:
        throw new Error(`no expectation for ${id}`);
    }
  }

  describe("ambient context smuggled in the arguments", () => {
    for (const transport of TRANSPORTS) {
      it(`${transport}: top-level and nested ambientContext / ambient_context change nothing; the trusted user wins`, async () => {
        const smuggled = { userId: "attacker", currentAgentId: "ag_ada" };
        for (const tool of FUZZED_TOOLS) {
          const plain = await call(transports, transport, tool, {});
          const withSmuggled = await call(transports, transport, tool, {
            ambientContext: smuggled,
            ambient_context: smuggled,
          });
          expect([withSmuggled.ok, withSmuggled.text], label(tool)).to.deep.equal([plain.ok, plain.text]);
        }
        const identity = await call(
          transports,
          transport,
          Identify,
          { requestId: "r1", ambientContext: { userId: "attacker" }, ambient_context: { userId: "attacker" } },
          undefined,
          "u_real",
        );
        expect(identity.ok, identity.text).to.equal(true);
        expect(identity.text).to.include("u_real").and.not.include("attacker");
        // The ambient field itself is not an input: sending it is an unknown input, by name.
        const asArgument = await call(
          transports,
          transport,
          Identify,
          { requestId: "r2", userId: "attacker" },
          undefined,
          "u_real",
        );
        expect(asArgument.ok).to.equal(false);
        if (transport === "http") expect(asArgument.fields).to.deep.equal(["userId"]);
        else expect(asArgument.text).to.include("unknown input: userId");
        expectNoHarm(transport);
      });
    }
  });

  describe("known defects (skipped until fixed)", () => {
    // Was a defect (fixed; the spec pins the fix): plugins/mcp (server.ts, via the MCP SDK's CallToolRequestSchema): tools/call `arguments` is parsed
    // with zod v4 `z.record(z.string(), z.unknown())`, whose isPlainObject check reads `arguments.constructor`;
    // an own "constructor" key whose value is not a function makes the whole request fail as JSON-RPC
    // -32603 (Internal error) carrying a zod issue dump, instead of the tool answering "unknown input: constructor".
    it("mcp: an own `constructor` key is reported as an unknown input, not a JSON-RPC internal error", async () => {
      const outcome = await call(
        transports,
        "mcp",
        FUZZED_TOOLS[0]!,
        withOwnKey("constructor", { prototype: { polluted: "yes" } }),
      );
      expect(outcome.failure).to.equal("tool");
      expect(outcome.text).to.include("unknown input: constructor");
    });

    // Was a defect (fixed; the spec pins the fix): plugins/mcp (same SDK parse): zod v4's record parser copies keys by assignment
    // (`payload.value[key] = ...`), so an own "__proto__" key becomes the arguments object's prototype and is
    // silently dropped — the Invoker never sees it and never answers "unknown input: __proto__" (HTTP does).
    it("mcp: an own `__proto__` key is reported as an unknown input", async () => {
      const outcome = await call(transports, "mcp", FUZZED_TOOLS[0]!, withOwnKey("__proto__", { polluted: "yes" }));
      expect(outcome.text).to.include("unknown input: __proto__");
    });

    for (const transport of TRANSPORTS) {
      // Was a defect (fixed; the spec pins the fix): core (core/src/runtime/validate.ts resolveInput → validateWith): under the Invoker a plain `z.number()`
      // input accepts a non-finite number. JSON text `1e999` parses to Infinity (HTTP, stdio, Streamable HTTP;
      // a LangChain provider's JSON.parse does the same), the action runs with it, and a tool that exposes it
      // then fails to render: the client gets the adapter's "The tool could not produce a valid response" (HTTP 500)
      // and onException is paged (phase "adapter response") for what is a caller's mistake. Wire input has no
      // Infinity/NaN, so the Invoker should refuse them by field ("reading: ...") before the body runs.
      it(`${transport}: 1e999 in a plain z.number() field is refused by name, before the body runs`, async () => {
        const outcome = await call(
          transports,
          transport,
          Measure,
          { reading: Number.POSITIVE_INFINITY },
          '{"reading":1e999}',
        );
        expect(outcome.failure).to.equal("tool");
        if (transport === "http") expect([outcome.code, outcome.fields]).to.deep.equal([400, ["reading"]]);
        else expect(outcome.text).to.include("reading: ");
        expectNoHarm(transport);
      });

      // Was a defect (fixed; the spec pins the fix): core (Invoker / resolveInput): a string argument holding a lone surrogate ("\ud800") is accepted,
      // though render refuses the same string on the way out ("string has no UTF-8 form"). A tool that echoes
      // its input (Label here; the helpdesk's create_ticket exposes the subject) runs its body — side effects
      // included — and then answers "The tool could not produce a valid response" (HTTP 500) and pages
      // onException, so the client is told a completed write failed. Refuse by field at the door instead.
      it(`${transport}: a lone surrogate in a string argument is refused by name, before the body runs`, async () => {
        const outcome = await call(transports, transport, Label, { text: "a\ud800b" }, '{"text":"a\\ud800b"}');
        expect(outcome.failure).to.equal("tool");
        if (transport === "http") expect([outcome.code, outcome.fields]).to.deep.equal([400, ["text"]]);
        else expect(outcome.text).to.include("text: ");
        expectNoHarm(transport);
      });

      // Was a defect (fixed; the spec pins the fix): core (core/src/runtime/validate.ts validateField + the composed InboundValidationError message): every
      // zod issue becomes a field error, with no cap. 100,000 wrong-typed items in `tags` (max 10) yield 100,000
      // messages: a 4.7 MB error string, ~0.5 s of CPU, sent back whole to the client (MCP text, LangChain tool
      // message, and a 6 MB HTTP 400 body for a 200 KB request). A refusal should stay small: the first few errors and a count.
      it(`${transport}: 100,000 wrong-typed array items are refused with a bounded error`, async () => {
        const tags = Array.from({ length: 100_000 }, () => 1);
        const args = { subject: "Printer on fire", body: "It is on fire", customer: { email: "a@b.example" }, tags };
        const outcome = await call(transports, transport, CreateTicketV2, args, JSON.stringify(args));
        expect(outcome.failure).to.equal("tool");
        expect(outcome.text).to.include("tags");
        expect(outcome.text.length + JSON.stringify(outcome.fields).length).to.be.below(64 * 1024);
      });
    }
  });

  // Child suites run in order, so this one sees every run above.
  describe("afterwards", () => {
    it(`left the built-in prototypes untouched and the heap within ${FUZZ_HEAP_BOUND_MIB} MiB of where it started`, () => {
      expect(prototypeChanges(prototypesBefore, prototypeFingerprint())).to.deep.equal([]);
      const growth = (settledHeap() - heapBefore) / MiB;
      expect(growth, `heap growth ${growth.toFixed(1)} MiB`).to.be.below(FUZZ_HEAP_BOUND_MIB);
      expect(faults).to.deep.equal([]);
    });
  });
});
