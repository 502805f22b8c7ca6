/**
 * README.md, "Call it": a business failure is a result. Pinned by test/docs/pages.spec.ts.
 */
import { CloseTicket } from "../helpdesk/agent_tools/close_ticket.js";

export async function callIt() {
  const result = await CloseTicket.call({ ticketId: "T-1004", resolution: "done" });
  result.ok;     // false
  result.error;  // "Could not close the ticket: T-1004 is already closed"
  return result;
}
