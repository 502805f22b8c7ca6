/**
 * Issue 29, item 4: a 413 reaches every kind of client under `axn serve` — a keep-alive agent,
 * `agent: false`, `Connection: close`, and a chunked body — 20 of 20 each, on `/api` (the shared
 * server's drain: the rest of the body is read, up to the documented bound, before the connection
 * closes). A spawned `axn serve` on the fixture app, real sockets.
 */
import { expect } from "chai";
import { serveHostileApp, type ServedApp } from "../reliability/support/serve-child.js";
import { CLIENT_STYLES, keepAliveAgent, postOversized, type Outcome } from "../reliability/support/oversize.js";

const TOO_LARGE = { status: 413, body: '{"error":"Request body exceeds 1048576 bytes"}' };

describe("axn serve: 413 reaches every client style, 20 of 20 (child process)", function () {
  this.timeout(180_000); // a hang guard for a loaded machine, not a budget
  let app: ServedApp | undefined;
  before(async () => {
    app = await serveHostileApp();
  });
  after(async () => app?.stop());

  for (const style of CLIENT_STYLES) {
    it(`/api, ${style}: a 10 MiB body gets the 413, 20 of 20`, async () => {
      const agent = keepAliveAgent();
      const outcomes: Outcome[] = [];
      try {
        for (let i = 0; i < 20; i++)
          outcomes.push(await postOversized(`${app!.url}/api/hostile_list_tickets/v1`, 10 * 1024 * 1024, style, agent));
      } finally {
        agent.destroy();
      }
      expect(outcomes).to.deep.equal(Array(20).fill(TOO_LARGE));
      expect(app!.stderr()).to.equal("");
    });
  }
});
