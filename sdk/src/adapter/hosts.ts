/** The Host check, for adapter authors: it lives with the rest of the serving policy (`serving/hosts.ts`). */
export { hostCheck, hostnameOf, isLoopbackHostname, LOOPBACK_HOSTS } from "../serving/hosts.js";
