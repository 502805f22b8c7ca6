/**
 * How the helpdesk's HTTP API knows who is calling: `Authorization: Bearer <token>` maps to an
 * agent from the store and becomes the call's trusted ambient context (`currentAgentId`). No token
 * is an anonymous caller (tools that need an agent answer "sign in as an agent first"); an unknown
 * token is refused with 401.
 */
import type { Authenticate } from "axn-plugin-http";
import { store } from "./store.js";

export const authenticateAgent: Authenticate = (request) => {
  const header = request.headers.get("authorization");
  if (header === null) return {};
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  const agent = token === undefined ? undefined : store.agentByToken(token);
  return agent === undefined ? null : { currentAgentId: agent.id };
};
