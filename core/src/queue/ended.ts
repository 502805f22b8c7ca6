/**
 * What an ended job keeps of its payload: the action and who may read it — never its arguments or
 * ambient context. An ended job stays readable for its result (limits.ts `keepEnded`); its input
 * was the caller's, and holding it would make every ended job cost what its request cost.
 */
import type { JobPayload } from "./backend.js";

const NOTHING = Object.freeze({});

export function endedPayload(payload: JobPayload): JobPayload {
  return {
    action: payload.action,
    args: NOTHING,
    ambient: NOTHING,
    ...(payload.owner === undefined ? {} : { owner: payload.owner }),
    ...(payload.capability === undefined ? {} : { capability: payload.capability }),
  };
}
