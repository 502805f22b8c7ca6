/**
 * `NO_AMBIENT`: the ambient context a transport hands the Invoker for a call no one vouched for
 * (no authentication, an anonymous caller) — explicitly empty, so nothing of the server process's
 * own ambient state (`Current`) ever reaches a call. One frozen object, shared by every call.
 */
import type { AmbientContextSource } from "@axn/core";

export const NO_AMBIENT: AmbientContextSource = Object.freeze({});
