/** What the Streamable HTTP handler answers about sessions, word for word (the specs pin them). */
export const SessionMessages = {
  notFound: "Session not found",
  full: (max: number): string =>
    `Server busy: ${max} MCP sessions are open, the most this server keeps; close one (DELETE) or retry later`,
  storeUnavailable: "Server busy: the MCP session store did not answer; retry later",
} as const;
