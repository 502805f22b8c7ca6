/**
 * Every registered `http` tool, every version, as operations: what the app serves when it is not
 * handed a list. The same projection as the plugin's `tools()` (plugin.ts), read here from the
 * registry so the app and the transport need not import the plugin object (which imports them).
 */
import { Tools } from "@axn/core";
import { ADAPTER_KEY } from "../config.js";
import { wrap, type HttpOperation } from "./wrap.js";

export function registeredOperations(): HttpOperation[] {
  return Tools.for(ADAPTER_KEY, { allVersions: true }).map((action) => wrap(action));
}
