/**
 * A real HAProxy (Debian's `haproxy`, installed with apt-get when missing) round-robining HTTP
 * over a set of local servers, for the multi-instance specs: started in the foreground on a free
 * loopback port with a generated config, health-checking each server, stopped on `stop()` or exit.
 * Each response says which server answered (`x-served-by`).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { aptInstall } from "./apt.js";
import { freePort } from "./redis.js";

export interface Balancer {
  readonly url: string;
  /**
   * Resolves once HAProxy's health check has marked `server` down. A spec that kills an instance
   * waits for this before its next request: until HAProxy has seen the dead instance's kept-alive
   * connections close, it may send a request over one of them, and it answers that by closing the
   * client's connection for the client to retry (as a browser does) — Node's fetch does not retry a
   * POST. That is the proxy's behaviour, not what the specs measure.
   */
  down(server: string): Promise<void>;
  stop(): Promise<void>;
}

function haproxyBinary(): string {
  const found = () =>
    spawnSync("sh", ["-c", "command -v haproxy || ls /usr/sbin/haproxy 2>/dev/null"], { encoding: "utf8" })
      .stdout.trim()
      .split("\n")[0] ?? "";
  if (found() === "") aptInstall("haproxy");
  const path = found();
  if (path === "")
    throw new Error(
      "haproxy is not installed and `apt-get install -y haproxy` failed; install Debian's haproxy (the multi-instance specs need a real balancer)",
    );
  return path;
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Starts HAProxy in front of `servers` (name → port). */
export async function startBalancer(servers: Readonly<Record<string, number>>): Promise<Balancer> {
  const binary = haproxyBinary();
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "axn-haproxy-"));
  const config = join(dir, "haproxy.cfg");
  writeFileSync(
    config,
    [
      "global",
      "  maxconn 512",
      "defaults",
      "  mode http",
      "  timeout connect 2s",
      "  timeout client 30s",
      "  timeout server 30s",
      // A request that found its server gone is sent to another one.
      "  retries 3",
      "  option redispatch",
      "frontend api",
      `  bind 127.0.0.1:${port}`,
      "  default_backend instances",
      "backend instances",
      "  balance roundrobin",
      "  http-response set-header x-served-by %s",
      ...Object.entries(servers).map(
        ([name, serverPort]) => `  server ${name} 127.0.0.1:${serverPort} check inter 200ms fall 1 rise 1`,
      ),
      "",
    ].join("\n"),
  );
  const child: ChildProcess = spawn(binary, ["-f", config, "-db"], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const kill = () => child.kill("SIGKILL");
  process.once("exit", kill);
  while (!(await listening(port))) {
    if (child.exitCode !== null) throw new Error(`haproxy exited (${child.exitCode}) before it listened:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    async down(server) {
      while (!output.includes(`Server instances/${server} is DOWN`)) {
        if (child.exitCode !== null) throw new Error(`haproxy exited (${child.exitCode}):\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async stop() {
      process.off("exit", kill);
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
