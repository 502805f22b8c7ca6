// `npm test`'s pretest step: the reference-page e2e spec drives Debian's Chromium. On a machine that
// has /usr/bin/chromium it prints nothing. When it is missing: run as root with apt-get (CI, a fresh
// container) it installs it and says so in one line (apt-get's own errors, if any, follow) — the
// first run only, since every later one finds it; anywhere else it says what to run, on each run
// until someone does, while the spec is reported pending. These lines come before mocha starts, so
// test/support/quiet-run.mjs does not check them: they report a change to the machine, or a piece
// missing from it, not something a spec printed. Never fails the test run itself.
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";

const CHROMIUM = "/usr/bin/chromium";

if (!existsSync(CHROMIUM)) {
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  const apt = spawnSync("sh", ["-c", "command -v apt-get"], { encoding: "utf8" }).status === 0;
  if (root && apt) {
    process.stderr.write(
      `pretest: ${CHROMIUM} is missing; installing Debian's chromium (apt-get install -y chromium)\n`,
    );
    const install = () =>
      spawnSync("apt-get", ["install", "-y", "--no-install-recommends", "chromium"], {
        stdio: ["ignore", "ignore", "inherit"],
      }).status === 0;
    if (!install()) {
      spawnSync("apt-get", ["update"], { stdio: ["ignore", "ignore", "inherit"] });
      if (!install())
        process.stderr.write("pretest: apt-get could not install chromium; the reference-page spec will be skipped\n");
    }
  } else {
    process.stderr.write(
      `pretest: ${CHROMIUM} is missing; run \`apt-get install -y chromium\` as root to run the reference-page spec\n`,
    );
  }
}
