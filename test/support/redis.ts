/**
 * A real Redis for the queue specs: Debian's `redis-server`, found on PATH or installed with
 * apt-get when missing (CI and a fresh machine run as root), started on a free loopback port with
 * persistence off, stopped when the spec's `after` runs or the process exits. Never a mock.
 *
 * @example
 * ```ts
 * const redis = useRedis();            // in a describe: starts in before(), stops in after()
 * it("…", async () => { redis.url; await redis.restart(); });
 * ```
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { aptInstall } from "./apt.js";

export interface RedisServer {
  readonly port: number;
  readonly url: string;
  /** Stops the server (SIGKILL when asked: a crash) and starts a fresh one on the same port. */
  restart(options?: { readonly crash?: boolean; readonly downMs?: number }): Promise<void>;
  /** Stops the server; `keepData`: a persistent one's data stays for the next `restart()`. */
  stop(options?: { readonly keepData?: boolean }): Promise<void>;
}

let installed: boolean | undefined;

/** The `redis-server` binary, installing Debian's package when it is missing. */
function redisServerBinary(): string {
  const found = () => spawnSync("sh", ["-c", "command -v redis-server"], { encoding: "utf8" }).stdout.trim();
  let path = found();
  if (path !== "") return path;
  if (installed === undefined) {
    installed = false;
    aptInstall("redis-server");
    installed = true;
  }
  path = found();
  if (path === "") {
    throw new Error(
      "redis-server is not installed and `apt-get install -y redis-server` failed; install Debian's redis-server (the queue specs need a real Redis)",
    );
  }
  return path;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address !== null ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/** Persistence off, unless a data folder is given (an append-only file synced on every write). */
function launch(binary: string, port: number, dir: string | undefined): Promise<ChildProcess> {
  const persistence =
    dir === undefined ? ["--appendonly", "no"] : ["--appendonly", "yes", "--appendfsync", "always", "--dir", dir];
  const child = spawn(
    binary,
    [
      "--port",
      String(port),
      "--bind",
      "127.0.0.1",
      "--save",
      "",
      ...persistence,
      "--daemonize",
      "no",
      "--loglevel",
      "warning",
    ],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  running.add(child);
  child.once("exit", () => running.delete(child));
  return new Promise((resolve, reject) => {
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) =>
      reject(new Error(`redis-server exited (${String(code)}) before it was ready:\n${output}`)),
    );
    // Ready when it answers PING (the log line at warning level is not printed).
    const poll = () => {
      if (child.exitCode !== null) return;
      void ping(port).then((pong) => (pong ? resolve(child) : setTimeout(poll, 20)));
    };
    poll();
  });
}

/** Whether a Redis on `port` answers PING with PONG (a raw RESP exchange: no redis-cli needed). */
function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    let reply = "";
    const end = (pong: boolean) => {
      socket.destroy();
      resolve(pong);
    };
    socket.once("error", () => end(false));
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.on("data", (chunk: Buffer) => {
      reply += chunk.toString();
      if (reply.includes("\r\n")) end(reply.startsWith("+PONG"));
    });
  });
}

async function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill(signal);
  await exited;
}

/**
 * Starts a server. `persistent`: what it accepted survives a restart (the Redis-restart fault is
 * about reconnecting, not about a server that forgets).
 */
export async function startRedis(options: { readonly persistent?: boolean } = {}): Promise<RedisServer> {
  const binary = redisServerBinary();
  const port = await freePort();
  const dir = options.persistent === true ? mkdtempSync(join(tmpdir(), "axn-redis-")) : undefined;
  let child = await launch(binary, port, dir);
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    async restart({ crash = false, downMs = 0 } = {}) {
      await stopChild(child, crash ? "SIGKILL" : "SIGTERM");
      if (downMs > 0) await new Promise((resolve) => setTimeout(resolve, downMs));
      child = await launch(binary, port, dir);
    },
    async stop({ keepData = false } = {}) {
      await stopChild(child, "SIGTERM");
      if (dir !== undefined && !keepData) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A Redis for one describe block: started in `before`, stopped in `after`. */
export function useRedis(options: { readonly persistent?: boolean } = {}): RedisServer {
  let server: RedisServer | undefined;
  before(async function () {
    this.timeout(300_000); // a hang guard for a first apt-get install, not a budget
    server = await startRedis(options);
  });
  after(async () => server?.stop());
  const current = () => {
    if (server === undefined)
      throw new Error("useRedis(): the server starts in before(); read it inside a hook or test");
    return server;
  };
  return {
    get port() {
      return current().port;
    },
    get url() {
      return current().url;
    },
    restart: (options) => current().restart(options),
    stop: (options) => current().stop(options),
  };
}
