/**
 * The action contract, once, for every schema kind axn accepts (zod 4, zod/mini, zod 3.25, zod/v4
 * inside zod 3.25, valibot, ArkType): the same action, declared with each kind's fields, through a
 * direct call, the Invoker's tool profile, reflection and `render`, and `Factory.build`. One spec
 * body, parameterised by the kind's builder (test/support/schema-kinds.ts); a row the kind cannot
 * express (a standalone optional for ArkType; dates, bigints, sets and maps for the Standard JSON
 * Schema kinds) is left out for that kind only.
 *
 * Exact strings are pinned where the words are axn's (the headline, "unknown input: x", the
 * composition `<headline>: <path>: <text>; …`); where they are the schema library's own, the spec
 * pins the field path and that the composed `result.error` is built from the field errors exactly.
 */
import { expect } from "chai";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { defineAxn, Factory, Invoker, render, type AnyAxn, type FieldSpec, type Result } from "@axn/core";
import { SCHEMA_KINDS, type KindSchema, type SchemaKindBuilder } from "../../support/schema-kinds.js";
import { captureReports } from "../../support/reports.js";

const addFormats = addFormatsModule.default;

const HEADLINE = "Could not echo the input";
const invoker = new Invoker({ userFacingInputErrors: true, rejectUndeclaredInputs: true });

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
/** Compiled once per schema object (compiling is most of what a check costs). */
const compiled = new WeakMap<object, ReturnType<Ajv2020["compile"]>>();

/** ajv's complaints, or an empty list when `value` conforms to `schema`. */
function schemaErrors(schema: object | undefined, value: unknown): string[] {
  if (schema === undefined) return ["no schema"];
  let validate = compiled.get(schema);
  if (validate === undefined) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ""}`);
}

const slug = (name: string): string => name.replace(/[^A-Za-z0-9]+/g, "").toLowerCase();

/**
 * The contract action of one kind. Every top-level shape a tool usually takes: a bounded integer,
 * a boolean, a nested object (a path `profile.age`), an array of enum members (`tags[1]`), an
 * axn-optional and an axn-defaulted field, a required nullable, the kind's own optional and
 * optional-nullable (not for ArkType), a number | string union, and the trusted ambient user.
 * The body exposes what it received, so every spec reads the validated input back.
 */
function echoAction(k: SchemaKindBuilder): AnyAxn {
  const f = (schema: KindSchema) => k.field(schema);
  const expects: Record<string, FieldSpec> = {
    count: { schema: f(k.int({ min: 1 })), description: "How many" },
    flag: f(k.boolean()),
    profile: f(k.object({ age: k.int({ min: 0 }), nick: k.nullable(k.string({ max: 8 })) })),
    tags: f(k.array(k.enumOf(["a", "b"]))),
    note: { schema: f(k.string()), optional: true },
    sort: { schema: f(k.enumOf(["name", "size"])), default: "name" },
    label: f(k.nullable(k.string())),
    code: { schema: f(k.union([k.number(), k.string()])), optional: true },
    ...(k.optional === undefined
      ? {}
      : { limit: f(k.optional(k.int())), maybe: f(k.optional(k.nullable(k.boolean()))) }),
    userId: { schema: f(k.string()), on: "ambientContext" },
  };
  const exposes: Record<string, FieldSpec> = {
    count: f(k.int()),
    flag: f(k.boolean()),
    profile: f(k.object({ age: k.int(), nick: k.nullable(k.string()) })),
    tags: f(k.array(k.string())),
    note: { schema: f(k.string()), optional: true },
    sort: f(k.string()),
    label: f(k.nullable(k.string())),
    code: { schema: f(k.union([k.number(), k.string()])), optional: true },
    ...(k.optional === undefined
      ? {}
      : {
          limit: { schema: f(k.int()), optional: true },
          maybe: { schema: f(k.nullable(k.boolean())), optional: true },
        }),
    userId: f(k.string()),
  };
  return defineAxn({
    name: `KindsContract.${slug(k.name)}.Echo`,
    description: "Echo the validated input",
    messages: { error: HEADLINE },
    expects,
    exposes,
    call: (input) => input as never,
  });
}

/** Dates, bigints, sets and maps: the zod kinds only (JSON Schema has no such types). */
function richAction(k: SchemaKindBuilder): AnyAxn | undefined {
  if (k.date === undefined || k.bigint === undefined || k.set === undefined || k.map === undefined) return undefined;
  const fields = {
    at: k.field(k.date()),
    big: k.field(k.bigint()),
    ids: k.field(k.set(k.int())),
    counts: k.field(k.map(k.string(), k.int())),
  };
  return defineAxn({
    name: `KindsContract.${slug(k.name)}.Rich`,
    messages: { error: HEADLINE },
    expects: fields,
    exposes: fields,
    call: (input) => input as never,
  });
}

/** Typed arguments: what the inputSchema describes and a direct call accepts. */
const GOOD = { count: 3, flag: true, profile: { age: 4, nick: null }, tags: ["a", "b"], label: null } as const;
/** The same arguments as wire text carries them. */
const WIRE = { count: "3", flag: "true", profile: { age: "4", nick: null }, tags: ["a", "b"], label: null } as const;
const AMBIENT = { ambientContext: { userId: "u_trusted" } } as const;

const fieldsOf = (result: Result<Record<string, unknown>>): string[] => Invoker.fieldErrors(result).map((e) => e.field);

for (const kind of SCHEMA_KINDS) {
  describe(`action contract, schema kind: ${kind.name}`, () => {
    const reports = captureReports();
    let Echo: AnyAxn;
    let Rich: AnyAxn | undefined;
    before(() => {
      Echo = echoAction(kind);
      Rich = richAction(kind);
    });
    const call = (args: unknown, options: object = AMBIENT) => invoker.call(Echo, args, options);

    /** Every field error names its path, and `result.error` is the headline and the field messages, in order. */
    function expectComposed(result: Result<Record<string, unknown>>): void {
      const errors = Invoker.fieldErrors(result);
      for (const error of errors) expect(error.message.startsWith(`${error.field}: `), error.message).to.equal(true);
      expect(result.error).to.equal(`${HEADLINE}: ${errors.map((e) => e.message).join("; ")}`);
    }

    describe("direct call", () => {
      it("validates and exposes, with the declared defaults applied", async () => {
        const result = await Echo.call(GOOD as never, AMBIENT);
        expect(result.ok, result.error).to.equal(true);
        expect(result.outcome).to.equal("success");
        expect(result.exposed).to.deep.equal({ ...GOOD, sort: "name", userId: "u_trusted" });
      });

      it("does not coerce: a wire string is a developer-facing exception, reported", async () => {
        const result = (await Echo.call({ ...GOOD, count: "3" } as never, AMBIENT)) as Result<Record<string, unknown>>;
        expect(result.outcome).to.equal("exception");
        expect(result.error).to.equal(HEADLINE);
        expect(Invoker.inputInvalid(result)).to.equal(false);
        expect(Invoker.fieldErrors(result).map((e) => e.field)).to.deep.equal(["count"]);
        expect(reports).to.have.length(1);
      });
    });

    describe("Invoker (the tool profile)", () => {
      it('coerces wire strings: "3" → 3, "true" → true, nested and optional fields too', async () => {
        const result = await call({ ...WIRE, ...(kind.optional === undefined ? {} : { limit: "7", maybe: "false" }) });
        expect(result.ok, result.error).to.equal(true);
        expect(result.exposed).to.deep.equal({
          ...GOOD,
          sort: "name",
          userId: "u_trusted",
          ...(kind.optional === undefined ? {} : { limit: 7, maybe: false }),
        });
      });

      it('never coerces a value a union member accepts as it is ("007" under number | string)', async () => {
        const result = await call({ ...WIRE, code: "007" });
        expect(result.ok, result.error).to.equal(true);
        expect(result.exposed["code"]).to.equal("007");
        const number = await call({ ...WIRE, code: 7 });
        expect(number.exposed["code"]).to.equal(7);
      });

      it("answers a bad field with a user-facing failure naming its path (profile.age, tags[1])", async () => {
        const result = await call({ ...WIRE, profile: { age: "x", nick: null }, tags: ["a", "c"] });
        expect(result.outcome).to.equal("failure");
        expect(Invoker.inputInvalid(result)).to.equal(true);
        expect(fieldsOf(result)).to.deep.equal(["profile.age", "tags[1]"]);
        expectComposed(result);
        expect(reports).to.deep.equal([]);
      });

      it("names a nested bound violation and a top-level one by path", async () => {
        const result = await call({ ...WIRE, count: "0", profile: { age: -1, nick: "much too long" } });
        expect(Invoker.inputInvalid(result)).to.equal(true);
        expect(fieldsOf(result)).to.deep.equal(["count", "profile.age", "profile.nick"]);
        expectComposed(result);
      });

      it("names every missing required field, in declaration order (optional, defaulted and nullable-optional ones are not)", async () => {
        const result = await call({});
        expect(Invoker.inputInvalid(result)).to.equal(true);
        expect(fieldsOf(result)).to.deep.equal(["count", "flag", "profile", "tags", "label"]);
        expectComposed(result);
      });

      it("refuses an undeclared key by name, with axn's own words", async () => {
        const result = await call({ ...WIRE, extra: 1 });
        expect(result.outcome).to.equal("failure");
        expect(result.error).to.equal(`${HEADLINE}: unknown input: extra`);
        expect(Invoker.fieldErrors(result)).to.deep.equal([{ field: "extra", message: "unknown input: extra" }]);
        const ambientAsArgument = await call({ ...WIRE, userId: "attacker" });
        expect(ambientAsArgument.error).to.equal(`${HEADLINE}: unknown input: userId`);
      });

      it("strips ambientContext / ambient_context smuggled in the arguments and reads the trusted ambient field", async () => {
        for (const key of ["ambientContext", "ambient_context"]) {
          const result = await call({ ...WIRE, [key]: { userId: "attacker" } });
          expect(result.ok, result.error).to.equal(true);
          expect(result.exposed["userId"]).to.equal("u_trusted");
        }
      });

      it("a missing ambient value stays a developer-facing exception (reported), never a model error", async () => {
        const result = await call(WIRE, { ambientContext: {} });
        expect(result.outcome).to.equal("exception");
        expect(result.error).to.equal(HEADLINE);
        expect(Invoker.inputInvalid(result)).to.equal(false);
        expect(fieldsOf(result)).to.deep.equal(["userId"]);
        expect(reports).to.have.length(1);
      });

      it("applies axn defaults to a missing or null value, and lets optional fields be absent or null", async () => {
        const result = await call({ ...WIRE, sort: null, note: null, code: null });
        expect(result.ok, result.error).to.equal(true);
        expect(result.exposed).to.deep.equal({ ...GOOD, sort: "name", userId: "u_trusted" });
        const given = await call({ ...WIRE, sort: "size", note: "n" });
        expect(given.exposed).to.deep.include({ sort: "size", note: "n" });
        const badDefaulted = await call({ ...WIRE, sort: "age" });
        expect(fieldsOf(badDefaulted)).to.deep.equal(["sort"]);
      });

      it("keeps null for a nullable field, and a required nullable field is still required", async () => {
        const result = await call({ ...WIRE, label: null });
        expect(result.exposed["label"]).to.equal(null);
        const { label: _label, ...withoutLabel } = WIRE;
        const missing = await call(withoutLabel);
        expect(fieldsOf(missing)).to.deep.equal(["label"]);
        expectComposed(missing);
      });

      if (kind.optional !== undefined) {
        it("the kind's own optional and optional-nullable: absent, null, and a value", async () => {
          const absent = await call(WIRE);
          expect(absent.exposed).to.not.have.any.keys("limit", "maybe");
          const nulls = await call({ ...WIRE, limit: null, maybe: null });
          expect(nulls.ok, nulls.error).to.equal(true);
          expect(nulls.exposed).to.not.have.property("limit");
          expect(nulls.exposed["maybe"]).to.equal(null);
          const bad = await call({ ...WIRE, limit: "x", maybe: "yes" });
          expect(fieldsOf(bad)).to.deep.equal(["limit", "maybe"]);
          expectComposed(bad);
        });
      }

      if (kind.withDefault !== undefined) {
        it("a field with the kind's own default takes a given wire value", async () => {
          const Paged = defineAxn({
            name: `KindsContract.${slug(kind.name)}.Paged`,
            expects: { page: kind.field(kind.withDefault!(kind.int(), 1)) },
            exposes: { page: kind.field(kind.int()) },
            call: ({ page }) => ({ page }) as never,
          });
          const result = await invoker.call(Paged, { page: "2" });
          expect(result.ok, result.error).to.equal(true);
          expect(result.exposed).to.deep.equal({ page: 2 });
          expect(Paged.inputSchema).to.have.nested.property("properties.page.default", 1);
          expect(Paged.inputSchema).to.not.have.property("required");
        });
      }
    });

    describe("reflection", () => {
      it("inputSchema never contains the ambient field", () => {
        expect(JSON.stringify(Echo.inputSchema)).to.not.contain("userId");
        expect(Object.keys((Echo.inputSchema as { properties: object }).properties)).to.deep.equal([
          "count",
          "flag",
          "profile",
          "tags",
          "note",
          "sort",
          "label",
          "code",
          ...(kind.optional === undefined ? [] : ["limit", "maybe"]),
        ]);
        expect(Echo.inputSchema).to.include({ type: "object", additionalProperties: false });
        expect((Echo.inputSchema as { required: unknown }).required).to.deep.equal([
          "count",
          "flag",
          "profile",
          "tags",
          "label",
        ]);
        expect(Echo.inputSchema).to.have.nested.property("properties.count.description", "How many");
        expect(Echo.inputSchema).to.have.nested.property("properties.sort.default", "name");
      });

      it("inputSchema (ajv 2020 + ajv-formats) accepts the arguments that worked, and refuses an undeclared key", async () => {
        const worked = [
          GOOD,
          { ...GOOD, sort: "size", note: "n", code: "007" },
          { ...GOOD, code: 7 },
          ...(kind.optional === undefined ? [] : [{ ...GOOD, limit: 7, maybe: null }]),
        ];
        for (const args of worked) {
          expect((await call(args)).ok, JSON.stringify(args)).to.equal(true);
          expect(schemaErrors(Echo.inputSchema, args), JSON.stringify(args)).to.deep.equal([]);
        }
        expect(schemaErrors(Echo.inputSchema, { ...GOOD, extra: 1 })).to.not.deep.equal([]);
      });

      it("the rendered exposes validate against outputSchema", async () => {
        for (const args of [
          WIRE,
          { ...WIRE, note: "n", code: "007", ...(kind.optional === undefined ? {} : { limit: "7", maybe: null }) },
        ]) {
          const result = await call(args);
          expect(result.ok, result.error).to.equal(true);
          const body = render(result);
          expect(body).to.deep.equal(JSON.parse(JSON.stringify(result.exposed)));
          expect(schemaErrors(Echo.outputSchema, body)).to.deep.equal([]);
        }
      });
    });

    describe("Factory.build", () => {
      it("builds an inline action from the kind's fields: direct call, wire call, reflection", async () => {
        const Sum = Factory.build(
          {
            name: `KindsContract.${slug(kind.name)}.Sum`,
            messages: { error: "Could not add" },
            expects: { a: kind.field(kind.int()), b: { schema: kind.field(kind.int()), default: 2 } },
            exposes: { sum: kind.field(kind.int()) },
            exposeReturnAs: "sum",
          },
          ({ a, b }) => (a as number) + (b as number),
        );
        const direct = await Sum.call({ a: 1 });
        expect(direct.ok, direct.error).to.equal(true);
        expect(direct.exposed).to.deep.equal({ sum: 3 });
        const wire = await invoker.call(Sum, { a: "5", b: "6" });
        expect(wire.exposed).to.deep.equal({ sum: 11 });
        const bad = await invoker.call(Sum, { a: 1.5, c: 1 });
        expect(bad.outcome).to.equal("failure");
        expect(fieldsOf(bad)).to.deep.equal(["a", "c"]);
        expect(bad.error).to.match(/^Could not add: a: .+; unknown input: c$/);
        expect(Sum.toolName()).to.equal(`kinds_contract_${slug(kind.name)}_sum`);
        expect((Sum.inputSchema as { required: unknown }).required).to.deep.equal(["a"]);
        expect(schemaErrors(Sum.outputSchema, render(wire))).to.deep.equal([]);
      });
    });

    describe("subfields", () => {
      it("a subfield declared with the kind's schema is read from its validated parent, and never advertised", async () => {
        const Tier = defineAxn({
          name: `KindsContract.${slug(kind.name)}.Tier`,
          messages: { error: "Could not read the tier" },
          expects: {
            customer: kind.field(kind.object({ id: kind.string(), tier: kind.int() })),
            tier: { schema: kind.field(kind.int({ min: 1 })), on: "customer" },
          },
          exposes: { tier: kind.field(kind.int()) },
          call: ({ tier }) => ({ tier }) as never,
        });
        const result = await invoker.call(Tier, { customer: { id: "c1", tier: "2" } });
        expect(result.ok, result.error).to.equal(true);
        expect(result.exposed).to.deep.equal({ tier: 2 });
        expect(Object.keys((Tier.inputSchema as { properties: object }).properties)).to.deep.equal(["customer"]);
        const low = await invoker.call(Tier, { customer: { id: "c1", tier: 0 } });
        expect(Invoker.inputInvalid(low)).to.equal(true);
        expect(fieldsOf(low)).to.deep.equal(["tier"]);
      });
    });

    if (kind.date !== undefined) {
      describe("dates, bigints, sets and maps", () => {
        const wire = {
          at: "2026-07-08T10:20:30Z",
          big: "12345678901234567890",
          ids: ["1", 2],
          counts: [
            ["a", "1"],
            ["b", 2],
          ],
        };

        it("the Invoker coerces their wire forms; the body receives Date, bigint, Set and Map", async () => {
          const result = await invoker.call(Rich!, wire);
          expect(result.ok, result.error).to.equal(true);
          expect(result.exposed).to.deep.equal({
            at: new Date("2026-07-08T10:20:30Z"),
            big: 12345678901234567890n,
            ids: new Set([1, 2]),
            counts: new Map([
              ["a", 1],
              ["b", 2],
            ]),
          });
        });

        it("inputSchema accepts their JSON forms; render writes what outputSchema describes", async () => {
          const json = {
            at: "2026-07-08T10:20:30Z",
            big: "12345678901234567890",
            ids: [1, 2],
            counts: [
              ["a", 1],
              ["b", 2],
            ],
          };
          expect(schemaErrors(Rich!.inputSchema, json)).to.deep.equal([]);
          expect((await invoker.call(Rich!, json)).ok).to.equal(true);
          const result = await invoker.call(Rich!, wire);
          const body = render(result);
          expect(body).to.deep.equal({
            at: "2026-07-08T10:20:30.000Z",
            big: "12345678901234567890",
            ids: [1, 2],
            counts: { a: 1, b: 2 },
          });
          expect(schemaErrors(Rich!.outputSchema, body)).to.deep.equal([]);
        });

        it("a bad member is named by its path", async () => {
          const result = await invoker.call(Rich!, { ...wire, at: "yesterday", ids: ["1", "x"], counts: [["a", "y"]] });
          expect(Invoker.inputInvalid(result)).to.equal(true);
          expect(fieldsOf(result)[0]).to.equal("at");
          expect(fieldsOf(result).every((field) => /^(at|ids|counts)\b/.test(field))).to.equal(true);
          expect(result.error).to.equal(
            `${HEADLINE}: ${Invoker.fieldErrors(result)
              .map((e) => e.message)
              .join("; ")}`,
          );
        });
      });
    }
  });
}

describe("action contract: fields of every kind in one action", () => {
  const [zod4, zodMini, zod3, zodV4In3, valibot, arktype] = SCHEMA_KINDS as [
    SchemaKindBuilder,
    SchemaKindBuilder,
    SchemaKindBuilder,
    SchemaKindBuilder,
    SchemaKindBuilder,
    SchemaKindBuilder,
  ];
  let Mixed: AnyAxn;
  before(() => {
    expect(SCHEMA_KINDS.map((k) => k.name)).to.deep.equal([
      "zod 4",
      "zod/mini",
      "zod 3.25",
      "zod/v4 in zod 3.25",
      "valibot",
      "ArkType",
    ]);
    const fields = {
      a: zod4.field(zod4.int({ min: 1 })),
      b: zodMini.field(zodMini.boolean()),
      c: zod3.field(zod3.object({ n: zod3.int() })),
      d: zodV4In3.field(zodV4In3.array(zodV4In3.number())),
      e: valibot.field(valibot.object({ on: valibot.boolean() })),
      f: arktype.field(arktype.array(arktype.int())),
    };
    Mixed = defineAxn({
      name: "KindsContract.Mixed",
      messages: { error: HEADLINE },
      expects: fields,
      exposes: fields,
      call: (input) => input as never,
    });
  });

  it("coerces each field by its own kind, and the rendered result conforms to outputSchema", async () => {
    const result = await invoker.call(Mixed, { a: "1", b: "true", c: { n: "2" }, d: ["3"], e: { on: "0" }, f: ["4"] });
    expect(result.ok, result.error).to.equal(true);
    expect(result.exposed).to.deep.equal({ a: 1, b: true, c: { n: 2 }, d: [3], e: { on: false }, f: [4] });
    expect(schemaErrors(Mixed.outputSchema, render(result))).to.deep.equal([]);
    expect(schemaErrors(Mixed.inputSchema, result.exposed)).to.deep.equal([]);
  });

  it("names each bad field by path, whichever library wrote its message", async () => {
    const result = await invoker.call(Mixed, {
      a: "0",
      b: "yes",
      c: { n: "x" },
      d: ["1", "y"],
      e: { on: "maybe" },
      f: [1, 1.5],
      g: 1,
    });
    expect(Invoker.inputInvalid(result)).to.equal(true);
    expect(fieldsOf(result)).to.deep.equal(["a", "b", "c.n", "d[1]", "e.on", "f[1]", "g"]);
    expect(result.error).to.equal(
      `${HEADLINE}: ${Invoker.fieldErrors(result)
        .map((e) => e.message)
        .join("; ")}`,
    );
  });
});
