// `npm test`'s pretest step: the reference-page e2e spec drives Debian's Chromium. Installs it with
// apt-get when /usr/bin/chromium is missing and this runs as root (CI does); otherwise says what to
// run, and the spec reports itself skipped with the same words. Never fails the test run itself.
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";

const CHROMIUM = "/usr/bin/chromium";

if (!existsSync(CHROMIUM)) {
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  const apt = spawnSync("sh", ["-c", "command -v apt-get"], { encoding: "utf8" }).status === 0;
  if (root && apt) {
    process.stderr.write(`pretest: ${CHROMIUM} is missing; installing Debian's chromium (apt-get install -y chromium)\n`);
    const install = () => spawnSync("apt-get", ["install", "-y", "--no-install-recommends", "chromium"], { stdio: ["ignore", "ignore", "inherit"] }).status === 0;
    if (!install()) {
      spawnSync("apt-get", ["update"], { stdio: ["ignore", "ignore", "inherit"] });
      if (!install()) process.stderr.write("pretest: apt-get could not install chromium; the reference-page spec will be skipped\n");
    }
  } else {
    process.stderr.write(`pretest: ${CHROMIUM} is missing; run \`apt-get install -y chromium\` as root to run the reference-page spec\n`);
  }
}
