/**
 * What `axn serve` prints once it listens: one line naming the app and what each transport counts
 * (`6 MCP tools, 7 HTTP operations`), one line per endpoint each transport lists (by default its
 * name and URL), the transports' notes (how to connect a client, a request to try), and how to
 * stop. The lines are the transports' own; the layout is the CLI's.
 */
import { reportException, type TransportBanner } from "@axn/core";
import type { Mounted } from "./shared-server.js";

export function httpBanner(appName: string, origin: string, mounts: readonly Mounted[]): string[] {
  const summaries = mounts.flatMap(({ running }) => (running.summary === undefined ? [] : [running.summary]));
  const banners = mounts.map((mount) => bannerOf(mount, origin));
  const endpoints = banners.flatMap((banner) => banner.endpoints);
  const width = Math.max(0, ...endpoints.map((endpoint) => endpoint.label.length)) + 3;
  return [
    `Serving ${appName}${summaries.length === 0 ? "" : ` (${summaries.join(", ")})`} on ${origin}`,
    "",
    ...endpoints.map((endpoint) => `  ${endpoint.label.padEnd(width)}${endpoint.target}`),
    ...banners.flatMap((banner) => banner.notes ?? []).flatMap((note) => ["", ...note]),
    "",
    "Press Ctrl+C to stop.",
  ];
}

/** The transport's own banner; a banner that throws is reported and replaced by the default line. */
function bannerOf({ entry, running }: Mounted, origin: string): TransportBanner {
  const fallback: TransportBanner = { endpoints: [{ label: entry.transport.name, target: `${origin}${entry.transport.path}` }] };
  if (running.banner === undefined) return fallback;
  try {
    return running.banner(origin);
  } catch (error) {
    reportException(error, { action: entry.plugin, phase: `http transport "${entry.transport.name}" banner` });
    return fallback;
  }
}
