/**
 * The helpdesk's embedded data store: plain in-memory tables seeded from `data/seed.json` when the
 * module loads, so the example needs no database and no setup. Every process starts from the same
 * seed; writes last as long as the process.
 */
import { readFileSync } from "node:fs";

export type TicketStatus = "open" | "pending" | "closed";
export type TicketPriority = "low" | "normal" | "high" | "urgent";

export interface Agent {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  /** The bearer token the HTTP API accepts for this agent (a demo stand-in for real auth). */
  readonly token: string;
}

export interface Customer {
  readonly id: string;
  readonly name: string;
  readonly email: string;
}

interface Comment {
  readonly authorId: string | null;
  readonly body: string;
  readonly internal: boolean;
  readonly createdAt: string;
}

export interface Ticket {
  readonly id: string;
  subject: string;
  status: TicketStatus;
  priority: TicketPriority;
  customerId: string;
  assigneeId: string | null;
  tags: string[];
  comments: Comment[];
  readonly createdAt: string;
}

interface Seed {
  readonly agents: Agent[];
  readonly customers: Customer[];
  readonly tickets: Ticket[];
}

const seed = JSON.parse(readFileSync(new URL("../data/seed.json", import.meta.url), "utf8")) as Seed;

const agents = new Map(seed.agents.map((agent) => [agent.id, agent] as const));
const customers = new Map(seed.customers.map((customer) => [customer.id, customer] as const));
const tickets = new Map(seed.tickets.map((ticket) => [ticket.id, ticket] as const));
let nextTicketNumber = Math.max(...seed.tickets.map((ticket) => Number(ticket.id.slice(2)))) + 1;

export const store = {
  agent(id: string): Agent | undefined {
    return agents.get(id);
  },

  agentByToken(token: string): Agent | undefined {
    return [...agents.values()].find((agent) => agent.token === token);
  },

  customer(id: string): Customer | undefined {
    return customers.get(id);
  },

  /** Finds a customer by email, creating one the first time an email is seen. */
  customerFor(email: string, name?: string): Customer {
    const existing = [...customers.values()].find((customer) => customer.email === email);
    if (existing !== undefined) return existing;
    const customer: Customer = { id: `cu_${customers.size + 1}`, name: name ?? email, email };
    customers.set(customer.id, customer);
    return customer;
  },

  ticket(id: string): Ticket | undefined {
    return tickets.get(id);
  },

  /** Tickets matching `filter`, newest first. */
  tickets(filter: { readonly status?: TicketStatus; readonly assigneeId?: string } = {}): Ticket[] {
    return [...tickets.values()]
      .filter((ticket) => filter.status === undefined || ticket.status === filter.status)
      .filter((ticket) => filter.assigneeId === undefined || ticket.assigneeId === filter.assigneeId)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  },

  createTicket(fields: { subject: string; priority: TicketPriority; customerId: string; tags: string[]; body: string }): Ticket {
    const createdAt = new Date().toISOString();
    const ticket: Ticket = {
      id: `T-${nextTicketNumber++}`,
      subject: fields.subject,
      status: "open",
      priority: fields.priority,
      customerId: fields.customerId,
      assigneeId: null,
      tags: fields.tags,
      comments: [{ authorId: null, body: fields.body, internal: false, createdAt }],
      createdAt,
    };
    tickets.set(ticket.id, ticket);
    return ticket;
  },

  deleteTicket(id: string): boolean {
    return tickets.delete(id);
  },
};
