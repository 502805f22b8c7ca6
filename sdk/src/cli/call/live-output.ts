/**
 * Where `axn call` shows a running tool's progress and client logs (`ctx.progress`, `ctx.notify`),
 * as the live channel of the call. Three ways, by where the output goes:
 *
 * - stderr is a terminal: a live progress bar with the tool's message (cli-progress), its log lines
 *   printed above it; the bar's last state stays on the screen;
 * - stderr is a pipe or a file: one plain line per update and per log entry, no escape codes;
 * - `--json`: NDJSON on stdout, one event a line (`progress`, `log`), the result last.
 *
 * stdout carries only the result (and the events with `--json`), so `axn call … > out.json` stays
 * a JSON document however much the tool reports.
 *
 * @example
 * ```ts
 * const output = liveOutput(io, { tool: "ticket_report", action: "Helpdesk.TicketReport", json: false });
 * const result = await invoker.call(action, args, { live: output.live });
 * output.finish();
 * ```
 */
import type { LiveChannel, LogEntry, ProgressUpdate } from "@axn/core";
import { MultiBar, type SingleBar } from "cli-progress";
import type { CliIo } from "../io.js";
import { println } from "../io.js";

export interface LiveOutput {
  readonly live: LiveChannel;
  /** Leaves the bar's last state on the screen (a terminal); nothing otherwise. */
  finish(): void;
  /**
   * Before a prompt (call/terminal-questions.ts): leaves the bar's state on the screen and stops
   * redrawing it, so the prompt is not drawn over; the next progress starts a bar below the prompt.
   */
  pause(): void;
}

export interface LiveOutputOptions {
  /** The tool's name, at the start of every line. */
  readonly tool: string;
  /** The action's name: a log entry's default logger, so not repeated on every line. */
  readonly action: string;
  readonly json: boolean;
}

export function liveOutput(io: CliIo, { tool, action, json }: LiveOutputOptions): LiveOutput {
  // `info: imported 2 contacts`; data that is not a string as JSON; a logger of its own named.
  const logText = ({ level, data, logger }: LogEntry): string =>
    `${level}: ${typeof data === "string" ? data : JSON.stringify(data)}${logger === action ? "" : ` (${logger})`}`;
  if (json) {
    const event = (name: string, body: object): void => println(io.stdout, JSON.stringify({ event: name, ...body }));
    return {
      live: {
        // Fields in a fixed order, whatever order the runtime built them in.
        progress: ({ progress, total, message }) => event("progress", { progress, total, message }),
        log: ({ level, logger, data }) => event("log", { level, logger, data }),
      },
      finish: () => {},
      pause: () => {},
    };
  }
  const stream = io.stderr as Partial<NodeJS.WriteStream>;
  if (stream.isTTY === true) return terminalOutput(stream as NodeJS.WriteStream, tool, logText);
  return {
    live: {
      progress: (update) => println(io.stderr, `${tool}: ${progressText(update)}`),
      log: (entry) => println(io.stderr, `${tool}: ${logText(entry)}`),
    },
    finish: () => {},
    pause: () => {},
  };
}

/** `3/8 exported T-1003`; without a total, `3 exported T-1003`. */
function progressText({ progress, total, message }: ProgressUpdate): string {
  return `${total === undefined ? progress : `${progress}/${total}`}${message === undefined ? "" : ` ${message}`}`;
}

const BAR_FORMAT = "{tool} [{bar}] {value}/{total} {message}";
const COUNT_FORMAT = "{tool} {value} {message}";

function terminalOutput(stream: NodeJS.WriteStream, tool: string, logText: (entry: LogEntry) => string): LiveOutput {
  const newBars = (): MultiBar =>
    new MultiBar({
      stream,
      format: BAR_FORMAT,
      barCompleteChar: "█",
      barIncompleteChar: "░",
      barsize: 24,
      hideCursor: true,
      clearOnComplete: false,
      stopOnComplete: false,
      // Redrawn on a timer at this rate while the tool runs (the tool decides how often it reports).
      fps: 20,
      autopadding: true,
    });
  let bars = newBars();
  let bar: SingleBar | undefined;
  const settle = (): void => {
    if (bar === undefined) return;
    // The bars redraw on a timer: draw the last update and the logs still buffered, then stop.
    bars.update();
    bars.stop();
  };
  return {
    live: {
      progress: (update) => {
        const payload = { tool, message: update.message ?? "" };
        if (bar === undefined) {
          bar = bars.create(update.total ?? 0, update.progress, payload, {
            format: update.total === undefined ? COUNT_FORMAT : BAR_FORMAT,
          });
        } else {
          if (update.total !== undefined) bar.setTotal(update.total);
          bar.update(update.progress, payload);
        }
      },
      // Above the bar once there is one (the bar redraws below it); before that, a plain line.
      log: (entry) => {
        const line = `${tool}: ${logText(entry)}\n`;
        if (bar === undefined) stream.write(line);
        else bars.log(line);
      },
    },
    finish: settle,
    pause: () => {
      if (bar === undefined) return;
      settle();
      // A fresh set for what comes after the prompt: a stopped one would redraw over it.
      bars = newBars();
      bar = undefined;
    },
  };
}
