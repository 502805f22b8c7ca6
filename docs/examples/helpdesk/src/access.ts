/**
 * Who may call what in the helpdesk: reads are open to anyone (no `access` line: public), every
 * write or delete needs a signed-in agent. `authenticateAgent` (auth.ts) makes a token's agent the
 * call's principal, with the role this policy asks for.
 */
import type { AccessPolicy, AxnPrincipal } from "@axn/core";
import type { Agent } from "./store.js";

const AGENT_ROLE = "agent";

/** The policy of every tool that changes a ticket. */
export const agentsOnly: AccessPolicy = { roles: [AGENT_ROLE] };

/** The principal of a signed-in agent. */
export function agentPrincipal(agent: Pick<Agent, "id">): AxnPrincipal {
  return { id: agent.id, roles: [AGENT_ROLE] };
}
