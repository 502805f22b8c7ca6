/**
 * The tool routes an app `createHttpApp` built hands to a listener that can answer them without
 * the app (the Node fast path, node/node-route.ts): its path → route table, kept beside the app
 * object. Only routes that need nothing the app adds in front of them are in it — no CORS, no
 * authentication, no access policy, no mounted handler that could match the path.
 */
import type { ToolRoute } from "./tool-route.js";

export type ToolRouteTable = ReadonlyMap<string, ToolRoute>;

const tablesOfApps = new WeakMap<object, ToolRouteTable>();

export function attachToolRoutes(app: object, table: ToolRouteTable): void {
  tablesOfApps.set(app, table);
}

/**
 * The routes of an app `createHttpApp` built, for a server that runs that very app (not one a
 * caller extended with routes or middleware of its own, which a listener in front would bypass).
 */
export function toolRoutesOf(app: object): ToolRouteTable | undefined {
  return tablesOfApps.get(app);
}
