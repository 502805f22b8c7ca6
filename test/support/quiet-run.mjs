// `npm test`'s runner: mocha (with .mocharc.json, and any arguments given after `npm test --`) in a
// child process whose stdout and stderr this process reads, passing every byte on as it arrives.
// A green run prints the reporter's output and nothing else: when any other line appeared — a
// warning, a measurement a spec printed, a child process's chatter — the run fails after mocha
// ends, with the lines listed.
//
// Why a wrapper and not a mocha root hook: a hook could patch `process.stdout.write` and `console`,
// but a child process a spec starts with inherited stdio (npm, `axn serve`, the MCP Inspector's
// CLI, apt-get) writes to file descriptors 1 and 2 directly, past any patch. Only the process
// reading those descriptors sees every line, whoever wrote it.
//
// What counts as the reporter's (the `dot` reporter, .mocharc.json): blank lines and runs of
// `.`, `,` and `!` until the summary; then the "N passing (…)" / "N pending" / "N failing" lines;
// after "N failing", the failure listing (the run fails anyway). Nothing on stderr is the
// reporter's. A stray write that lands inside a line of dots is found too: what is left of the line
// once the dots are taken off is the stray text. Colours are kept when this runs on a terminal.
//
// Specs keep the run quiet by capturing what they exercise and pinning it (process warnings:
// test/support/process-warnings.ts; onException reports: test/support/reports.ts), and by giving
// each child process pipes they read instead of inherited stdio. A figure worth watching belongs in
// `npm run bench`, not in a spec's output.
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
const mocha = join(root, "node_modules/mocha/bin/mocha.js");

/**
 * Lines that may appear although they are not the reporter's, as regular expressions. Empty: every
 * line a spec or a child prints is either captured by the spec or a failure of the run.
 */
const ALLOWED = [];

const args = process.argv.slice(2);
const colourFlag = args.some((arg) => /^--(no-)?colou?rs?$|^-c$|^-C$/.test(arg));
const child = spawn(process.execPath, [mocha, ...(process.stdout.isTTY && !colourFlag ? ["--color"] : []), ...args], {
  cwd: root,
  stdio: ["inherit", "pipe", "pipe"],
});

// Ctrl+C reaches mocha too (one process group); wait for it to end rather than dying first.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => child.kill(signal));

// biome-ignore lint/suspicious/noControlCharactersInRegex: a colour code starts with ESC; the reporter colours on a terminal.
const ANSI = /\x1b\[[0-9;?]*[A-Za-z]/g;
const PROGRESS = /^[\s.,!]*$/;
const EDGE_DOTS = /^[\s.,!]+|[\s.,!]+$/g;
const SUMMARY = /^ {2}\d+ (passing \(.+\)|pending|failing)$/;

/** "progress" until the summary, "summary" after "N passing", "failures" after "N failing". */
let phase = "progress";
const unexpected = [];

function stdoutLine(raw) {
  const line = raw.replace(ANSI, "");
  if (phase === "failures") return;
  if (SUMMARY.test(line)) {
    phase = / failing$/.test(line) ? "failures" : "summary";
    return;
  }
  if (phase === "progress" ? PROGRESS.test(line) : line.trim() === "") return;
  report("stdout", line);
}

function stderrLine(raw) {
  const line = raw.replace(ANSI, "");
  if (line.trim() !== "") report("stderr", line);
}

function report(stream, line) {
  const text = line.replace(EDGE_DOTS, "");
  if (ALLOWED.some((pattern) => pattern.test(text))) return;
  unexpected.push(`${stream}: ${text}`);
}

/** Passes `from` on to `to` as it arrives, and hands each complete line to `onLine`. */
function relay(from, to, onLine) {
  let pending = "";
  from.setEncoding("utf8");
  from.on("data", (chunk) => {
    to.write(chunk);
    const lines = (pending + chunk).split("\n");
    pending = lines.pop();
    for (const line of lines) onLine(line);
  });
  return new Promise((resolve) =>
    from.on("end", () => {
      if (pending !== "") onLine(pending);
      resolve();
    }),
  );
}

const relayed = Promise.all([
  relay(child.stdout, process.stdout, stdoutLine),
  relay(child.stderr, process.stderr, stderrLine),
]);
const [code, signal] = await new Promise((resolve) =>
  child.on("exit", (exitCode, exitSignal) => resolve([exitCode, exitSignal])),
);
// A process the run started and left alive (with inherited stdio) keeps the pipes open after
// mocha exits: a leak of its own, reported rather than waited for (a hang guard, not a budget).
const LEFT_OPEN_MS = 5000;
let timer;
const leftOpen = await Promise.race([
  relayed.then(() => false),
  new Promise((resolve) => (timer = setTimeout(resolve, LEFT_OPEN_MS, true))),
]);
clearTimeout(timer);
if (leftOpen) {
  unexpected.push(
    `a process the run started is still running ${LEFT_OPEN_MS / 1000} s after mocha exited, holding the run's stdout/stderr open`,
  );
  child.stdout.destroy();
  child.stderr.destroy();
}

if (unexpected.length > 0) {
  process.stderr.write(
    `\nquiet-run: the test run printed ${unexpected.length === 1 ? "1 line" : `${unexpected.length} lines`} besides the reporter's output ` +
      "(a green run prints only the reporter's):\n" +
      unexpected.map((line) => `  ${line}\n`).join("") +
      "Capture what the spec exercises and pin it (test/support/process-warnings.ts, test/support/reports.ts), " +
      "read a child process's output through pipes instead of inherited stdio, and put figures in `npm run bench` " +
      '(CONTRIBUTING.md, "Write a spec").\n',
  );
}
process.exitCode = signal !== null ? 1 : code !== 0 ? code : unexpected.length > 0 ? 1 : 0;
