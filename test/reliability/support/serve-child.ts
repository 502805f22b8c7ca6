/**
 * `axn serve` on the hostile-load fixture app as a child process, the way a user runs it: the
 * origin its banner names, everything it wrote to stderr (a spec pins that nothing leaked there),
 * and a SIGKILL stop. The queue's limits and Redis come from the environment the fixture reads.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { axnBin, exitOf, readUntil, repo } from "../../support/axn-child.js";

export const hostileApp = join(repo, "test/reliability/fixtures/hostile-app");

export interface ServedApp {
  /** `http://127.0.0.1:PORT`. */
  readonly url: string;
  readonly child: ChildProcess;
  /** What the server wrote to stderr so far. */
  stderr(): string;
  stop(): Promise<void>;
}

export async function serveHostileApp(
  env: {
    readonly queue?: object;
    readonly redisUrl?: string;
    readonly record?: string;
    readonly nodeOptions?: string;
  } = {},
): Promise<ServedApp> {
  const { PORT: _port, NODE_ENV: _env, AXN_TEST_REDIS_URL: _redis, ...inherited } = process.env;
  const child = spawn(
    process.execPath,
    [...(env.nodeOptions === undefined ? [] : env.nodeOptions.split(" ")), axnBin, "serve", "--port", "0"],
    {
      cwd: hostileApp,
      env: {
        ...inherited,
        AXN_TEST_QUEUE: JSON.stringify(env.queue ?? {}),
        ...(env.redisUrl === undefined ? {} : { AXN_TEST_REDIS_URL: env.redisUrl }),
        ...(env.record === undefined ? {} : { AXN_TEST_RECORD: env.record }),
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const banner = await readUntil(child, "Press Ctrl+C to stop.\n");
  const url = /on (http:\/\/[\d.]+:\d+)\n/.exec(banner)![1]!;
  return {
    url,
    child,
    stderr: () => stderr,
    async stop() {
      child.kill("SIGKILL");
      await exitOf(child);
    },
  };
}
