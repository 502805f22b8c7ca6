/**
 * Load and isolation: 10,000 calls in flight at once, each with its own ambient user, split across
 * MCP (in-memory, the user arriving as the transport's authInfo), LangChain (the run's context) and
 * HTTP (a bearer token through `authenticate`). The action reads its user, yields to the other
 * calls, then reads it again through a nested action: every answer must carry its own caller's
 * identity — zero cross-talk — and nothing may be paged or left unhandled.
 */
import { expect } from "chai";
import { LOAD_CALLS } from "./support/counts.js";
import { Identify } from "./support/tools.js";
import { openTransports, TRANSPORTS, type Outcome, type Transports } from "./support/transports.js";
import { describePages, recordPages, recordProcessFaults } from "./support/watch.js";

interface Identity {
  readonly requestId: string;
  readonly userId: string;
  readonly nestedUserId: string;
}

describe("reliability: load and isolation", function () {
  this.timeout(60_000);
  const faults = recordProcessFaults();
  const pages = recordPages();
  let transports: Transports;
  before(async () => {
    transports = await openTransports([Identify]);
  });
  after(() => transports.close());

  it(`${LOAD_CALLS.toLocaleString("en-US")} concurrent calls with distinct users across MCP, LangChain and HTTP: zero cross-talk`, async () => {
    const calls: Promise<[number, Outcome]>[] = [];
    for (let i = 0; i < LOAD_CALLS; i++) {
      const transport = TRANSPORTS[i % TRANSPORTS.length]!;
      // hops 0–3: calls finish out of order, so a context leaking between them would show.
      const args = { requestId: `req-${i}`, hops: i % 4 };
      calls.push(transports.call(transport, Identify, args, { user: `user-${i}` }).then((outcome) => [i, outcome]));
    }
    const settled = await Promise.all(calls);
    const wrong: string[] = [];
    const perTransport: Record<string, number> = {};
    for (const [i, outcome] of settled) {
      const identity = outcome.data as Identity | undefined;
      const expected: Identity = { requestId: `req-${i}`, userId: `user-${i}`, nestedUserId: `user-${i}` };
      if (!outcome.ok || JSON.stringify(identity) !== JSON.stringify(expected))
        wrong.push(`${outcome.transport} #${i}: ${outcome.text.slice(0, 120)}`);
      else perTransport[outcome.transport] = (perTransport[outcome.transport] ?? 0) + 1;
    }
    expect(wrong.slice(0, 10), `${wrong.length} calls answered with the wrong identity or failed`).to.deep.equal([]);
    expect(perTransport).to.deep.equal({
      mcp: Math.ceil(LOAD_CALLS / 3),
      langchain: Math.ceil((LOAD_CALLS - 1) / 3),
      http: Math.floor(LOAD_CALLS / 3),
    });
    expect(describePages(pages)).to.deep.equal([]);
    expect(faults).to.deep.equal([]);
  });
});
