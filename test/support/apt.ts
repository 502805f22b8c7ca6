/**
 * Installs one of Debian's packages a spec needs (redis-server, haproxy, tmux) when it is missing
 * and this runs as root with apt-get (CI, a fresh machine). `npm test` runs spec files in parallel
 * worker processes, so two of them may install at once: apt-get waits for the other's dpkg and
 * lists locks (a hang guard, not a budget) instead of failing at once on a locked database.
 */
import { spawnSync } from "node:child_process";

const LOCK_WAIT_S = 600;

/** Runs `apt-get install` for `name` (after `apt-get update` when the first try fails); whether it succeeded. */
export function aptInstall(name: string): boolean {
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const apt = (...args: string[]) =>
    spawnSync("apt-get", ["-o", `DPkg::Lock::Timeout=${LOCK_WAIT_S}`, ...args], { stdio: "ignore", env }).status === 0;
  const install = () => apt("install", "-y", "--no-install-recommends", name);
  if (install()) return true;
  apt("update");
  return install();
}
