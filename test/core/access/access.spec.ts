/**
 * Access policies in the core: the definition option and its checks, the Invoker's gate (before
 * inputs are read and before any hook or body runs), the two outcomes and their codes, the audit
 * hook, the app-wide default, visibility through `Tools.for(key, { principal })`, and what is
 * deliberately not checked (direct calls, calls nested in a body).
 */
import { expect } from "chai";
import {
  AccessDeniedError,
  accessRefusal,
  configureAxn,
  defineAxn,
  effectiveAccessPolicy,
  ErrorCodes,
  Factory,
  Invoker,
  mayCall,
  policyRefusal,
  principalFrom,
  reportAccessDenied,
  Tools,
  type AccessDeniedInfo,
  type AnyAxn,
  type AxnPrincipal,
  type ResultInfo,
} from "@axn/core";
import { createKernelHost } from "@axn/core/internal";
import { withAmbientContext } from "@axn/sdk/testing";
import { z } from "zod";
import {
  AGENT,
  AssignNote,
  ListNotes,
  READER,
  TenantReport,
  WhoAmI,
  WRITER,
  WriteNote,
} from "../../fixtures/access/actions.js";
import { freshKernel } from "../../support/fresh-kernel.js";
import { captureReports } from "../../support/reports.js";

const invoker = new Invoker({ userFacingInputErrors: true, rejectUndeclaredInputs: true });
const as = (principal: object | undefined) => ({ ambientContext: principal === undefined ? {} : { principal } });

function definitionError(definition: object): string {
  try {
    defineAxn({ name: "Access.Bad", call: () => {}, ...definition } as never);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected defineAxn to refuse the definition");
}

describe("access policies", () => {
  // The kernel reset first: the report capture configures the (fresh) global options after it.
  freshKernel();
  const reports = captureReports();

  describe("the definition option", () => {
    it("refuses what is not a policy, naming the action and saying what to write", () => {
      expect(definitionError({ access: "private" })).to.equal(
        'defineAxn(Access.Bad): access: expected "public", "authenticated" or a rule { scopes?, roles?, allow? }, got "private"',
      );
      expect(definitionError({ access: {} })).to.equal(
        'defineAxn(Access.Bad): access: an empty rule admits every authenticated caller: write "authenticated" instead',
      );
      expect(definitionError({ access: { role: ["agent"] } })).to.equal(
        'defineAxn(Access.Bad): access: unknown rule key "role" (a rule has scopes, roles and allow)',
      );
      expect(definitionError({ access: { scopes: [] } })).to.equal(
        'defineAxn(Access.Bad): access: "scopes" must be a non-empty array of strings',
      );
      expect(definitionError({ access: { roles: ["agent", ""] } })).to.equal(
        'defineAxn(Access.Bad): access: "roles" must hold non-empty strings only',
      );
      expect(definitionError({ access: { allow: true } })).to.equal(
        'defineAxn(Access.Bad): access: "allow" must be a function (principal) => boolean',
      );
    });

    it("copies the rule: changing the object afterwards changes nothing", async () => {
      const roles = ["agent"];
      const Edit = defineAxn({ name: "Access.Edit", access: { roles }, call: () => {} });
      roles[0] = "anyone";
      expect((await invoker.call(Edit, {}, as({ id: "u", roles: ["anyone"] }))).error).to.equal(
        "Forbidden: access_edit needs the role agent",
      );
    });

    it("is inherited through extends, and a child's own access replaces its parent's", async () => {
      const Parent = defineAxn({ name: "Access.Parent", access: { roles: ["agent"] }, call: () => {} });
      const Child = defineAxn({ name: "Access.Child", extends: Parent, call: () => {} });
      const Opened = defineAxn({ name: "Access.Opened", extends: Parent, access: "public", call: () => {} });
      expect((await invoker.call(Child, {}, as(READER))).error).to.equal(
        "Forbidden: access_child needs the role agent",
      );
      expect((await invoker.call(Opened, {}, as(undefined))).ok).to.equal(true);
    });
  });

  describe("the Invoker's gate", () => {
    it("admits each kind's allowed caller and refuses the others with a distinct code", async () => {
      const cases: [AnyAxn, object | undefined, string | undefined, string | undefined][] = [
        [ListNotes, undefined, undefined, undefined],
        [WhoAmI, undefined, ErrorCodes.Unauthenticated, "Authentication required: sign in to call who_am_i"],
        [WhoAmI, READER, undefined, undefined],
        [WriteNote, undefined, ErrorCodes.Unauthenticated, "Authentication required: sign in to call write_note"],
        [WriteNote, READER, ErrorCodes.Forbidden, "Forbidden: write_note needs the scope notes:write"],
        [WriteNote, WRITER, undefined, undefined],
        [AssignNote, READER, ErrorCodes.Forbidden, "Forbidden: assign_note needs one of the roles agent, admin"],
        [AssignNote, AGENT, undefined, undefined],
        [TenantReport, READER, ErrorCodes.Forbidden, "Forbidden: this caller may not call tenant_report"],
        [TenantReport, AGENT, undefined, undefined],
      ];
      for (const [action, principal, code, error] of cases) {
        const result = await invoker.call(action, action === WriteNote ? { text: "hi" } : {}, as(principal));
        const label = `${action.name} as ${JSON.stringify(principal)}`;
        if (code === undefined) {
          expect(result.ok, label).to.equal(true);
          continue;
        }
        expect(result.ok, label).to.equal(false);
        expect(result.outcome, label).to.equal("failure");
        expect(result.error, label).to.equal(error);
        expect(result.exception, label).to.be.instanceOf(AccessDeniedError);
        expect((result.exception as AccessDeniedError).code, label).to.equal(code);
        expect((result.exception as AccessDeniedError).reason, label).to.equal(
          code === ErrorCodes.Unauthenticated ? "unauthenticated" : "forbidden",
        );
      }
      expect(reports).to.deep.equal([]);
    });

    it("names every missing scope, and only the missing ones", async () => {
      const Export = defineAxn({
        name: "Access.Export",
        access: { scopes: ["a:read", "b:read", "c:read"] },
        call: () => {},
      });
      const result = await invoker.call(Export, {}, as({ id: "u", scopes: ["b:read"] }));
      expect(result.error).to.equal("Forbidden: access_export needs the scopes a:read, c:read");
      expect((result.exception as AccessDeniedError).missingScopes).to.deep.equal(["a:read", "c:read"]);
    });

    it("refuses before inputs are read and before any hook, body or callback runs", async () => {
      const ran: string[] = [];
      const Guarded = defineAxn({
        name: "Access.Guarded",
        access: "authenticated",
        expects: { count: z.number() },
        hooks: { before: () => void ran.push("before") },
        onFailure: () => void ran.push("onFailure"),
        onError: () => void ran.push("onError"),
        call: () => void ran.push("body"),
      });
      // Wrong arguments, an undeclared key: an unauthenticated caller still hears only that it must sign in.
      const result = await invoker.call(Guarded, { count: "many", extra: 1 }, as(undefined));
      expect(result.error).to.equal("Authentication required: sign in to call access_guarded");
      expect(ran).to.deep.equal([]);
    });

    it("counts anything but an object with a non-empty string id as no caller", async () => {
      for (const principal of ["u_1", { id: "" }, { id: 7 }, { name: "u" }, null]) {
        const result = await invoker.call(WhoAmI, {}, { ambientContext: { principal } });
        expect(result.error, JSON.stringify(principal)).to.equal("Authentication required: sign in to call who_am_i");
      }
      expect(principalFrom(new Map([["principal", AGENT]]))).to.equal(AGENT);
    });

    it("reads the principal from the surrounding ambient context when the call gives none", async () => {
      const result = await withAmbientContext({ principal: READER }, () => invoker.call(WhoAmI, {}));
      expect(result.exposed).to.deep.equal({ id: "u_reader" });
    });

    it("refuses, and reports, when a predicate throws", async () => {
      const failure = new Error("claims service down");
      const Fragile = defineAxn({
        name: "Access.Fragile",
        access: {
          allow: () => {
            throw failure;
          },
        },
        call: () => {},
      });
      const result = await invoker.call(Fragile, {}, as(AGENT));
      expect(result.error).to.equal("Forbidden: this caller may not call access_fragile");
      expect(reports.map((r) => [r.error, r.action, r.phase])).to.deep.equal([
        [failure, "Access.Fragile", "access policy"],
      ]);
    });

    it("does not check a direct call, nor a call nested in a body: both are trusted code", async () => {
      expect((await WhoAmI.call({}, { ambientContext: { principal: READER } })).ok).to.equal(true);
      expect((await AssignNote.call({})).ok).to.equal(true);
      const Outer = defineAxn({
        name: "Access.Outer",
        access: "authenticated",
        exposes: { nested: z.boolean() },
        call: async () => ({ nested: (await AssignNote.call({})).ok }),
      });
      expect((await invoker.call(Outer, {}, as(READER))).exposed).to.deep.equal({ nested: true });
    });

    it("checks Factory-built tools the same way", async () => {
      const Inline = Factory.build({ name: "Access.Inline", access: { roles: ["agent"] } }, () => {});
      expect((await invoker.call(Inline, {}, as(READER))).error).to.equal(
        "Forbidden: access_inline needs the role agent",
      );
    });
  });

  describe("the app-wide default", () => {
    it("applies to actions that declare no access; public stays the built-in default", async () => {
      expect(accessRefusal(ListNotes, undefined)).to.equal(undefined);
      configureAxn({ access: { default: "authenticated" } });
      expect((await invoker.call(ListNotes, {}, as(undefined))).error).to.equal(
        "Authentication required: sign in to call list_notes",
      );
      expect((await invoker.call(ListNotes, {}, as(READER))).ok).to.equal(true);
      // An action's own policy still wins.
      const Open = defineAxn({ name: "Access.Open", access: "public", call: () => {} });
      expect((await invoker.call(Open, {}, as(undefined))).ok).to.equal(true);
    });

    it("is checked when configured", () => {
      expect(() => configureAxn({ access: { default: "nobody" } } as never)).to.throw(
        'Invalid configureAxn option access: default: expected "public", "authenticated" or a rule { scopes?, roles?, allow? }, got "nobody"',
      );
      expect(() => configureAxn({ access: { fallback: "public" } } as never)).to.throw(
        'Invalid configureAxn option access: unknown key "fallback" (access takes { default })',
      );
    });
  });

  describe("audit", () => {
    it("tells onAccessDenied (after onResult) about every refusal, and nothing about allowed calls", async () => {
      const host = createKernelHost();
      const seen: string[] = [];
      const denied: AccessDeniedInfo[] = [];
      host.hooks.onResult.tap(
        "audit",
        ({ action, result }: ResultInfo) => void seen.push(`${action.name}:${result.outcome}`),
      );
      host.hooks.onAccessDenied.tap("audit", (info) => {
        seen.push(`denied:${info.tool}`);
        denied.push(info);
      });
      host.freeze();
      await invoker.call(WriteNote, { text: "x" }, as(READER));
      await invoker.call(WhoAmI, {}, as(undefined));
      await invoker.call(WhoAmI, {}, as(READER));
      expect(seen).to.deep.equal([
        "WriteNote:failure",
        "denied:write_note",
        "WhoAmI:failure",
        "denied:who_am_i",
        "WhoAmI:success",
      ]);
      expect(
        denied.map(({ kind, action, reason, principal, message }) => [kind, action, reason, principal, message]),
      ).to.deep.equal([
        ["tool", WriteNote, "forbidden", READER, "Forbidden: write_note needs the scope notes:write"],
        ["tool", WhoAmI, "unauthenticated", undefined, "Authentication required: sign in to call who_am_i"],
      ]);
      expect(denied[0]!.result?.error).to.equal(denied[0]!.message);
    });

    it("reports an audit observer that throws, without changing the refusal", async () => {
      const host = createKernelHost();
      host.hooks.onAccessDenied.tap("broken-audit", () => {
        throw new Error("disk full");
      });
      host.freeze();
      const result = await invoker.call(WhoAmI, {}, as(undefined));
      expect(result.error).to.equal("Authentication required: sign in to call who_am_i");
      expect(reports.map((r) => [(r.error as Error).message, r.phase])).to.deep.equal([
        ['Plugin "broken-audit" failed in hook onAccessDenied: disk full', "onAccessDenied"],
      ]);
    });
  });

  describe("policyRefusal: the same decision for what is not an action (an MCP resource or prompt)", () => {
    const subject = { owner: "resource ticket", name: "resource ticket", verb: "read" };
    it("says the tools' sentences with the subject's verb and name, and applies the app's default to no policy", () => {
      const sentence = (policy: Parameters<typeof policyRefusal>[0], principal: AxnPrincipal | undefined) =>
        policyRefusal(policy, principal, subject)?.message;
      expect([
        sentence("authenticated", undefined),
        sentence({ scopes: ["tickets:read"] }, READER),
        sentence({ roles: ["agent"] }, READER),
        sentence({ allow: () => false }, READER),
        sentence({ roles: ["agent"] }, AGENT),
        sentence(undefined, undefined),
      ]).to.deep.equal([
        "Authentication required: sign in to read resource ticket",
        "Forbidden: resource ticket needs the scope tickets:read",
        "Forbidden: resource ticket needs the role agent",
        "Forbidden: this caller may not read resource ticket",
        undefined,
        undefined,
      ]);
      configureAxn({ access: { default: "authenticated" } });
      expect([
        sentence(undefined, undefined),
        effectiveAccessPolicy(undefined),
        effectiveAccessPolicy("public"),
      ]).to.deep.equal(["Authentication required: sign in to read resource ticket", "authenticated", "public"]);
    });

    it("refuses when the predicate throws, reporting it under the subject's owner", () => {
      const refused = policyRefusal(
        {
          allow: () => {
            throw new Error("claims store down");
          },
        },
        READER,
        subject,
      );
      expect([refused?.code, refused?.tool, refused?.action]).to.deep.equal([
        "AXN_FORBIDDEN",
        "resource ticket",
        "resource ticket",
      ]);
      expect(reports.map((r) => [r.action, r.phase, (r.error as Error).message])).to.deep.equal([
        ["resource ticket", "access policy", "claims store down"],
      ]);
    });

    it("reportAccessDenied tells the host's observers, kind and all, and does nothing without a host", () => {
      const refused = policyRefusal("authenticated", undefined, subject)!;
      reportAccessDenied("resource", refused); // no host yet: nothing to tell, nothing thrown
      const host = createKernelHost();
      const denied: AccessDeniedInfo[] = [];
      host.hooks.onAccessDenied.tap("audit", (info) => void denied.push(info));
      host.freeze();
      reportAccessDenied("resource", refused);
      expect(denied).to.deep.equal([
        {
          kind: "resource",
          action: undefined,
          result: undefined,
          tool: "resource ticket",
          reason: "unauthenticated",
          principal: undefined,
          message: refused.message,
          error: refused,
        },
      ]);
    });
  });

  describe("visibility: Tools.for(key, { principal })", () => {
    it("lists only what the caller may call; without the key, every member", () => {
      const open = defineAxn({ name: "Vis.Open", tool: ["fncall"], call: () => {} });
      const agents = defineAxn({ name: "Vis.Agents", tool: ["fncall"], access: { roles: ["agent"] }, call: () => {} });
      const signedIn = defineAxn({ name: "Vis.SignedIn", tool: ["fncall"], access: "authenticated", call: () => {} });
      const host = createKernelHost();
      host.hooks.registerAdapter.tap("spec", (adapters) => adapters.add("fncall"));
      host.freeze();
      const names = (members: readonly AnyAxn[]) => members.map((a) => a.toolName("fncall"));
      expect(names(Tools.for("fncall"))).to.deep.equal(["vis_agents", "vis_open", "vis_signed_in"]);
      expect(names(Tools.for("fncall", { principal: null }))).to.deep.equal(["vis_open"]);
      expect(names(Tools.for("fncall", { principal: undefined }))).to.deep.equal(["vis_open"]);
      expect(names(Tools.for("fncall", { principal: READER }))).to.deep.equal(["vis_open", "vis_signed_in"]);
      expect(names(Tools.for("fncall", { principal: AGENT }))).to.deep.equal([
        "vis_agents",
        "vis_open",
        "vis_signed_in",
      ]);
      expect(mayCall(agents, AGENT) && mayCall(open, undefined) && !mayCall(signedIn, undefined)).to.equal(true);
    });
  });
});
