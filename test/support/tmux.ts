/**
 * A real terminal for specs that pin what a person sees: Debian's `tmux` (installed with apt-get
 * when missing, as root on CI and a fresh machine), one private server per terminal (`-L`), a
 * command run in a window of a fixed size, and the screen read with `capture-pane`.
 *
 * @example
 * ```ts
 * const term = await Terminal.start("node bin/axn.js call ticket_report", { cwd: app });
 * const screen = await term.waitFor((text) => text.includes('"ok": true'));
 * await term.stop();
 * ```
 */
import { execFile, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { promisify } from "node:util";
import { aptInstall } from "./apt.js";

const run = promisify(execFile);

let checked = false;

/** Whether `tmux` is there, installing Debian's package first when it is not and apt-get can. */
export function tmuxAvailable(): boolean {
  const found = () => spawnSync("sh", ["-c", "command -v tmux"], { encoding: "utf8" }).stdout.trim() !== "";
  if (found() || checked) return found();
  checked = true;
  aptInstall("tmux");
  return found();
}

export class Terminal {
  private constructor(private readonly socket: string) {}

  /**
   * Runs `command` (a shell line) in a `width`×`height` terminal; the window stays open after it
   * exits, so its last screen can be read.
   */
  static async start(
    command: string,
    options: {
      readonly cwd: string;
      readonly env?: NodeJS.ProcessEnv;
      readonly width?: number;
      readonly height?: number;
    },
  ): Promise<Terminal> {
    const terminal = new Terminal(`axn-spec-${randomUUID()}`);
    await run(
      "tmux",
      [
        "-L",
        terminal.socket,
        "-f",
        "/dev/null",
        "new-session",
        "-d",
        "-s",
        "spec",
        "-x",
        String(options.width ?? 100),
        "-y",
        String(options.height ?? 30),
        "-c",
        options.cwd,
        // The shell stays after the command, so the screen it left can be read.
        `${command}; echo "[exit $?]"; sleep 600`,
      ],
      { env: { ...process.env, ...options.env, TERM: "xterm-256color" } },
    );
    return terminal;
  }

  /** The screen as text, trailing blank lines dropped. */
  async screen(): Promise<string> {
    const { stdout } = await run("tmux", ["-L", this.socket, "capture-pane", "-p", "-t", "spec"]);
    return stdout.replace(/\s+$/, "");
  }

  /** Reads the screen until `done` holds for it; a hang guard past `timeoutMs`, not a budget. */
  async waitFor(done: (screen: string) => boolean, timeoutMs = 60_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const screen = await this.screen();
      if (done(screen)) return screen;
      if (Date.now() > deadline) throw new Error(`the terminal never showed what was awaited; it shows:\n${screen}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Types into the terminal: tmux key names (`Enter`, `Down`, `C-c`) or literal text, in order. */
  async keys(...keys: readonly string[]): Promise<void> {
    await run("tmux", ["-L", this.socket, "send-keys", "-t", "spec", ...keys]);
  }

  async stop(): Promise<void> {
    await run("tmux", ["-L", this.socket, "kill-server"]).catch(() => undefined);
  }
}
