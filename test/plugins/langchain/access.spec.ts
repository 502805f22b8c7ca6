/**
 * Access through LangChain: `tools({ principal })` hands an agent only what that caller may call,
 * each tool bound to that caller; any tool still checks its caller when the model calls it — the
 * bound principal, else the run's context `principal` — and a refusal reaches the model as an error
 * tool message with the refusal's sentence, in a real agent loop (createAgent + FakeToolCallingModel).
 */
import { expect } from "chai";
import { defineAxn } from "@axn/core";
import { createKernelHost } from "@axn/core/internal";
import { resetKernel } from "@axn/sdk/testing";
import langchainPlugin, { LangchainAdapter } from "axn-plugin-langchain";
import { z } from "zod";
import { ACCESS_ACTIONS, AGENT, AssignNote, READER, REFUSALS, WhoAmI, WRITER } from "../../fixtures/access/actions.js";
import { captureReports } from "../../support/reports.js";
import { runAgent } from "./support/agent.js";

describe("axn-plugin-langchain: access", () => {
  beforeEach(resetKernel);
  after(resetKernel);
  const reports = captureReports();

  describe("tools({ principal })", () => {
    beforeEach(() => {
      const host = createKernelHost();
      langchainPlugin.apply(host, undefined);
      host.freeze();
      defineAxn({ name: "Desk.ListTickets", tool: ["langchain"], call: () => {}, messages: { success: "3 tickets" } });
      defineAxn({
        name: "Desk.CloseTicket",
        tool: ["langchain"],
        access: { roles: ["agent"] },
        expects: { id: z.string() },
        call: () => {},
        messages: { success: "Closed" },
      });
      defineAxn({
        name: "Desk.Profile",
        tool: ["langchain"],
        access: "authenticated",
        call: () => {},
        messages: { success: "Your profile" },
      });
    });
    const names = (tools: readonly { name: string }[]) => tools.map((tool) => tool.name);

    it("lists only what the caller may call; without principal, every tool", () => {
      expect(names(LangchainAdapter.tools())).to.deep.equal(["desk_close_ticket", "desk_list_tickets", "desk_profile"]);
      expect(names(LangchainAdapter.tools({ principal: null }))).to.deep.equal(["desk_list_tickets"]);
      expect(names(LangchainAdapter.tools({ principal: READER }))).to.deep.equal(["desk_list_tickets", "desk_profile"]);
      expect(names(LangchainAdapter.tools({ principal: AGENT }))).to.deep.equal([
        "desk_close_ticket",
        "desk_list_tickets",
        "desk_profile",
      ]);
    });

    it("runs each listed tool as that caller, whatever principal the run's context carries", async () => {
      const tools = LangchainAdapter.tools({ principal: AGENT });
      const messages = await runAgent(tools, [[{ name: "desk_close_ticket", args: { id: "T-1" }, id: "c1" }]], {
        context: { principal: READER },
      });
      expect(messages.map((m) => [m.status, m.content])).to.deep.equal([["success", "Closed"]]);
      const anonymous = LangchainAdapter.tools({ principal: null });
      expect(names(anonymous)).to.not.include("desk_profile");
    });
  });

  describe("the runtime check", () => {
    it("refuses the run's context principal when the policy does not admit it, and runs it when it does", async () => {
      const assign = LangchainAdapter.wrap(AssignNote);
      const refused = await runAgent([assign], [[{ name: assign.name, args: {}, id: "a1" }]], {
        context: { principal: READER },
      });
      expect(refused.map((m) => [m.tool_call_id, m.status, m.content])).to.deep.equal([
        ["a1", "error", REFUSALS.reader.assign_note],
      ]);
      const allowed = await runAgent([assign], [[{ name: assign.name, args: {}, id: "a2" }]], {
        context: { principal: AGENT },
      });
      expect(allowed.map((m) => [m.tool_call_id, m.status, m.content])).to.deep.equal([["a2", "success", "Assigned"]]);
    });

    it("refuses the reader each restricted kind, with its sentence, and runs each for its allowed principal", async () => {
      const tools = ACCESS_ACTIONS.map((action) => LangchainAdapter.wrap(action));
      const argsOf = (name: string) => (name === "write_note" ? { text: "hi" } : {});
      for (const [name, sentence] of Object.entries(REFUSALS.reader)) {
        const [refused] = await runAgent(tools, [[{ name, args: argsOf(name), id: `r_${name}` }]], {
          context: { principal: READER },
        });
        expect([refused?.status, refused?.content], name).to.deep.equal(["error", sentence]);
        const allowedAs = name === "write_note" ? WRITER : AGENT;
        const [allowed] = await runAgent(tools, [[{ name, args: argsOf(name), id: `a_${name}` }]], {
          context: { principal: allowedAs },
        });
        expect(allowed?.status, name).to.equal("success");
      }
    });

    it("refuses a run with no principal, and a tool bound to an anonymous caller", async () => {
      const who = LangchainAdapter.wrap(WhoAmI);
      const [anonymous] = await runAgent([who], [[{ name: who.name, args: {}, id: "w1" }]]);
      expect([anonymous?.status, anonymous?.content]).to.deep.equal(["error", REFUSALS.anonymous.who_am_i]);
      const bound = LangchainAdapter.wrap(WhoAmI, { principal: null });
      const [unbound] = await runAgent([bound], [[{ name: bound.name, args: {}, id: "w2" }]], {
        context: { principal: READER },
      });
      expect([unbound?.status, unbound?.content]).to.deep.equal(["error", REFUSALS.anonymous.who_am_i]);
      const reader = LangchainAdapter.wrap(WhoAmI, { principal: READER });
      expect(await reader.invoke({})).to.equal('{"id":"u_reader"}');
      expect(reports).to.deep.equal([]);
    });
  });
});
