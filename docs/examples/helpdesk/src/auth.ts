/**
 * How the helpdesk's HTTP API knows who is calling: `Authorization: Bearer <token>` maps to an
 * agent from the store, whose principal (role "agent") becomes the call's trusted ambient context.
 * No token is an anonymous caller (the reads answer; every write is refused with 401 by its access
 * policy, see access.ts); an unknown token is refused with 401.
 */
import type { Authenticate } from "axn-plugin-http";
import { agentPrincipal } from "./access.js";
import { store } from "./store.js";

export const authenticateAgent: Authenticate = (request) => {
  const header = request.headers.get("authorization");
  if (header === null) return {};
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  const agent = token === undefined ? undefined : store.agentByToken(token);
  return agent === undefined ? null : { principal: agentPrincipal(agent) };
};
