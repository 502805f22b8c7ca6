/**
 * Who is calling the helpdesk, for every HTTP-served transport alike (`/api` and `/mcp`): an
 * `Authorization: Bearer <token>` naming an agent in the store is that agent, as an `AxnPrincipal`
 * with the role access.ts asks for (`{ id: "ag_ada", roles: ["agent"] }`), reaching the tools as
 * trusted ambient `principal`. No header is an anonymous caller (`null`; the config admits
 * anonymous callers, so the reads answer and every write is refused by its access policy); an
 * unknown token is refused with 401 and a `WWW-Authenticate` challenge.
 */
import { bearerToken, refuse, type Authenticate } from "@axn/sdk/auth";
import { agentPrincipal } from "./access.js";
import { store } from "./store.js";

export const authenticateAgent: Authenticate = (request) => {
  const token = bearerToken(request);
  if (token === undefined) return null;
  const agent = token === false ? undefined : store.agentByToken(token);
  return agent === undefined ? refuse("Unknown token: send one of the agents' tokens (data/seed.json)") : agentPrincipal(agent);
};
