/**
 * The loaded app's transports, for the commands that use them (`serve`, `openapi`): a conflict
 * or a throwing tap becomes a config error (exit 3) carrying the host's message, which names the
 * plugin, the hook and the other transport.
 */
import { configError, type LoadedApp } from "../load-app.js";
import { RESERVED_FLAGS } from "./options.js";
import { collectTransports, type Registered } from "./registered.js";

export function appTransports(app: LoadedApp): Registered[] {
  try {
    return collectTransports(app.host, RESERVED_FLAGS);
  } catch (error) {
    throw configError(error);
  }
}
