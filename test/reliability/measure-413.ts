/**
 * The 413 figure of docs/reliability.md: how many of 20 oversized POSTs (10 MiB declared, or
 * chunked) each client style gets the 413 for, on `/api` under a spawned `axn serve`.
 *
 *   node --import tsx test/reliability/measure-413.ts
 */
import { serveHostileApp } from "./support/serve-child.js";
import { CLIENT_STYLES, keepAliveAgent, postOversized } from "./support/oversize.js";

const app = await serveHostileApp();
try {
  for (const style of process.argv[2] === undefined
    ? CLIENT_STYLES
    : CLIENT_STYLES.filter((s) => s === process.argv[2])) {
    const agent = keepAliveAgent();
    let got = 0;
    const errors = new Map<string, number>();
    for (let i = 0; i < 20; i++) {
      const outcome = await postOversized(`${app.url}/api/hostile_list_tickets/v1`, 10 * 1024 * 1024, style, agent);
      if ("status" in outcome && outcome.status === 413) got++;
      else {
        const what = "error" in outcome ? outcome.error : String(outcome.status);
        errors.set(what, (errors.get(what) ?? 0) + 1);
      }
    }
    agent.destroy();
    console.log(
      `/api  ${style.padEnd(18)} ${got}/20 got the 413${errors.size === 0 ? "" : `; ${[...errors].map(([e, n]) => `${n}× ${e}`).join(", ")}`}`,
    );
  }
} finally {
  await app.stop();
}
