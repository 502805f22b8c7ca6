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
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeSync } from "node:fs";
import { connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
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
const claimed = new Set<string>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
  for (const claim of claimed) rmSync(claim, { force: true });
});

/**
 * Redis's ports come from below the kernel's ephemeral range (ip_local_port_range), so no
 * `listen(0)` (freePort, every other server a spec starts) and no outgoing connection is ever given
 * one, and each is claimed by a lock file (created exclusively, naming this process) held for the
 * server's life, so two processes never take the same one. A port freed by the kernel would not do
 * for a server that restarts: during its outage another process of a parallel run could be handed
 * that port, and the restart would find it taken. A claim whose process is dead is taken over once
 * it is an hour old (a run killed before its exit handler ran).
 */
const CLAIMS = join(tmpdir(), "axn-redis-ports");
const STALE_CLAIM_MS = 3600_000;

function ephemeralLow(): number {
  try {
    const low = Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 1024 ? low : 32_768;
  } catch {
    return 32_768; // not Linux: its usual range
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Claims the port for this process, or says it is another's. */
function claim(port: number): string | undefined {
  const path = join(CLAIMS, String(port));
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      claimed.add(path);
      return path;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      let owner = Number.NaN;
      let age = 0;
      try {
        owner = Number(readFileSync(path, "utf8"));
        age = Date.now() - statSync(path).mtimeMs;
      } catch {
        continue; // released meanwhile: try again
      }
      if (!Number.isInteger(owner) || alive(owner) || age < STALE_CLAIM_MS) return undefined;
      rmSync(path, { force: true });
    }
  }
  return undefined;
}

/** Whether nothing listens on the port now. */
function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** A port for a Redis of this process: below the ephemeral range, claimed, free now. */
async function redisPort(): Promise<{ readonly port: number; release(): void }> {
  mkdirSync(CLAIMS, { recursive: true });
  const high = Math.min(ephemeralLow() - 1, 29_999);
  const low = Math.max(1025, high - 9_999);
  const span = high - low + 1;
  const start = Math.floor(Math.random() * span);
  for (let i = 0; i < span; i++) {
    const port = low + ((start + i) % span);
    const path = claim(port);
    if (path === undefined) continue;
    const release = () => {
      rmSync(path, { force: true });
      claimed.delete(path);
    };
    if (await bindable(port)) return { port, release };
    release();
  }
  throw new Error(`no free port for redis-server in ${low}–${high}`);
}

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
  // Held until stop(): a restart comes back on the same port (see redisPort).
  const { port, release } = await redisPort();
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
      // Kept with the data: a stop that keeps it is followed by a restart on this port.
      if (!keepData) release();
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

/** `look` with a Redis client of its own on `url` (a spec reading what was stored), disconnected after. */
export async function withRedisClient<T>(url: string, look: (client: Redis) => Promise<T>): Promise<T> {
  const client = new Redis(url);
  try {
    return await look(client);
  } finally {
    client.disconnect();
  }
}
