/**
 * `axn dev` as a user runs it (issue 33, item 1): the repo's `axn` bin as a child process on a temp
 * copy of a small app, its tool file edited every way an editor saves one — in place, a temp file
 * renamed over it (several times in a row: raw `fs.watch` on Linux lost every save after the
 * first rename), deleted and created again, a new file in a new folder — and after each save the
 * tool answers the new code over real HTTP. The server is polled until it does; a save that is
 * never seen shows as the poll's hang guard giving up, with everything `axn dev` printed.
 */
import { expect } from "chai";
import { spawn, type ChildProcess } from "node:child_process";
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { axnBin, repo } from "../support/axn-child.js";

const tool = (name: string, words: string): string =>
  [
    'import { defineAxn } from "@axn/core";',
    'import { z } from "zod";',
    "",
    `export const ${name} = defineAxn({`,
    `  name: "${name}",`,
    `  description: "Say ${words}",`,
    "  expects: { name: z.string() },",
    "  exposes: { greeting: z.string() },",
    `  call: ({ name }) => ({ greeting: \`${words}, \${name}\` }),`,
    "});",
    "",
  ].join("\n");

/** Gives up on a poll after this long: a hang guard for a save never seen, not a budget. */
const HANG_GUARD_MS = 90_000;

describe("axn dev (a child process): every way an editor saves a tool, served over HTTP", function () {
  this.timeout(10 * HANG_GUARD_MS);
  let scratch: string;
  let app: string;
  let dev: ChildProcess;
  let out = "";
  let err = "";

  before(() => {
    scratch = mkdtempSync(join(tmpdir(), "axn-dev-watch-"));
    symlinkSync(join(repo, "node_modules"), join(scratch, "node_modules")); // the workspace's packages
    app = join(scratch, "dev-app");
    cpSync(join(repo, "docs/examples/getting-started"), app, { recursive: true });
    writeFileSync(join(app, "package.json"), '{ "name": "dev-app", "type": "module" }\n');
    writeFileSync(join(app, "agent_tools/greet.ts"), tool("Greet", "Hello"));
    const { PORT: _port, INIT_CWD: _initCwd, AXN_DEV_RELOAD: _reload, ...env } = process.env;
    // Its own process group: the server it runs is killed with it, whatever happens.
    dev = spawn(process.execPath, [axnBin, "dev", "--port", "0"], {
      cwd: app,
      env,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    dev.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
    dev.stderr!.on("data", (chunk: Buffer) => (err += chunk.toString()));
  });

  after(() => {
    if (dev?.pid !== undefined && dev.exitCode === null) {
      try {
        process.kill(-dev.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
    if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  });

  /** Where the server listens now: the banner's URL, then each reload line's (`--port 0` moves it). */
  const url = (): string | undefined => [...out.matchAll(/ on (http:\/\/127\.0\.0\.1:\d+)\n/g)].at(-1)?.[1];

  /** What tool `path` answers for Ada, once it answers `expected` (polled: restarts take a while). */
  async function served(path: string, expected: string): Promise<void> {
    const deadline = Date.now() + HANG_GUARD_MS;
    let last = "no answer yet";
    while (Date.now() < deadline) {
      if (dev.exitCode !== null) throw new Error(`axn dev exited (${dev.exitCode}):\n${out}\n${err}`);
      const origin = url();
      if (origin !== undefined) {
        try {
          const reply = await fetch(`${origin}${path}`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: '{"name":"Ada"}',
          });
          last = `${reply.status} ${await reply.text()}`;
          if (reply.status === 200 && (JSON.parse(last.slice(4)) as { greeting?: string }).greeting === expected)
            return;
        } catch (error) {
          last = String(error); // between two servers
        }
      }
      await new Promise((wait) => setTimeout(wait, 100));
    }
    throw new Error(`${path} never answered "${expected}" (last: ${last})\n--- stdout\n${out}\n--- stderr\n${err}`);
  }

  const greet = () => join(app, "agent_tools/greet.ts");
  const reloads = () => out.split("\n").filter((line) => line.startsWith("axn dev: reloaded ")).length;
  const untilReloads = async (n: number): Promise<void> => {
    const deadline = Date.now() + HANG_GUARD_MS;
    while (reloads() < n && Date.now() < deadline) await new Promise((wait) => setTimeout(wait, 50));
  };

  it("prints the banner at the first start and answers the first code", async () => {
    await served("/api/greet/v1", "Hello, Ada");
    expect(out).to.match(/^Serving dev-app \(1 MCP tool, 1 HTTP operation\) on http:\/\/127\.0\.0\.1:\d+\n/);
    expect(err).to.contain(`axn dev: watching ${app} (node_modules, dist and .git excepted)\n`);
  });

  it("serves a save in place", async () => {
    writeFileSync(greet(), tool("Greet", "Edit1"));
    await served("/api/greet/v1", "Edit1, Ada");
    expect(err).to.contain("axn dev: agent_tools/greet.ts changed; restarting\n");
  });

  it("serves each of several saves by temp file + rename (sed -i, editors' safe write)", async () => {
    for (const words of ["Edit2", "Edit3", "Edit4"]) {
      const temp = join(app, "agent_tools/.greet.ts.tmp");
      writeFileSync(temp, tool("Greet", words));
      renameSync(temp, greet());
      await served("/api/greet/v1", `${words}, Ada`);
    }
  });

  it("serves a file deleted and created again", async () => {
    unlinkSync(greet());
    writeFileSync(greet(), tool("Greet", "Edit5"));
    await served("/api/greet/v1", "Edit5, Ada");
  });

  it("serves a new file in a new folder under the tool root (the tool more_deeper_farewell), and says so in one line per restart", async () => {
    const before = reloads();
    mkdirSync(join(app, "agent_tools/more/deeper"), { recursive: true });
    writeFileSync(join(app, "agent_tools/more/deeper/farewell.ts"), tool("Farewell", "Goodbye"));
    await served("/api/more_deeper_farewell/v1", "Goodbye, Ada");
    await untilReloads(before + 1);
    expect(out.trimEnd().split("\n").at(-1)).to.match(/^axn dev: reloaded \(2 tools\) on http:\/\/127\.0\.0\.1:\d+$/);
    // The banner once; every restart since, one line.
    expect(out.split("Press Ctrl+C to stop.").length - 1).to.equal(1);
    expect(out).to.match(/\naxn dev: reloaded \(1 tool\) on http:\/\/127\.0\.0\.1:\d+\n/);
    // docs/cli.md shows these lines as printed here.
    const page = readFileSync(join(repo, "docs/cli.md"), "utf8");
    expect(page).to.contain(
      "axn dev: agent_tools/farewell.ts changed; restarting\naxn dev: reloaded (2 tools) on http://127.0.0.1:3000\n",
    );
    expect(page).to.contain("axn dev: watching /…/my-tools (node_modules, dist and .git excepted)\n");
  });

  it("serves an edit of a file in that new folder, then stops on SIGTERM (exit 0)", async () => {
    const temp = join(app, "agent_tools/more/deeper/farewell.ts~");
    writeFileSync(temp, tool("Farewell", "Bye"));
    renameSync(temp, join(app, "agent_tools/more/deeper/farewell.ts"));
    await served("/api/more_deeper_farewell/v1", "Bye, Ada");
    expect(readFileSync(greet(), "utf8")).to.contain("Edit5");
    const exited = new Promise<number | null>((done) => dev.once("exit", (code) => done(code)));
    dev.kill("SIGTERM");
    expect(await exited).to.equal(0);
  });
});
