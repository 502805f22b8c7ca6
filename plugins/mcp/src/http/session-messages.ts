/** What the Streamable HTTP handler answers about sessions, word for word (the specs pin them). */
export const SessionMessages = {
  notFound: "Session not found",
  full: (max: number): string =>
    `Server busy: ${max} MCP sessions are open and working, the most this server keeps; retry later`,
  ownerFull: (max: number): string =>
    `Too many MCP sessions: this caller has ${max} open, the most one caller keeps; close one (DELETE) or retry after one expires`,
  storeUnavailable: "Server busy: the MCP session store did not answer; retry later",
} as const;
