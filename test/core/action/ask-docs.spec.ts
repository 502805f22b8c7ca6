/**
 * docs/actions.md, "Asking the user": the page's testing example (docs/examples/snippets/ask-testing.ts)
 * answers `Ask.BookRoom` in place and by re-running it, with the results, questions and runs the page
 * states — and one booking each way.
 */
import { expect } from "chai";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bookBothWays } from "../../../docs/examples/snippets/ask-testing.js";
import { captureReports } from "../../support/reports.js";

describe("docs/actions.md: testing a body that asks", () => {
  const reports = captureReports();
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "axn-ask-docs-"));
    process.env.BOOKINGS_FILE = join(dir, "bookings.log");
  });
  afterEach(() => {
    delete process.env.BOOKINGS_FILE;
    rmSync(dir, { recursive: true, force: true });
  });

  it("gives the same booking in place and re-run, booking once each way", async () => {
    expect(await bookBothWays()).to.deep.equal({
      inPlace: "Room blue booked for Ada",
      asked: ["Book room blue?", "Who is it for?"],
      again: "Room blue booked for Ada",
      runs: 3,
    });
    expect(readFileSync(join(dir, "bookings.log"), "utf8")).to.equal("blue for Ada\nblue for Ada\n");
    expect(reports).to.deep.equal([]);
  });
});
