/**
 * docs/configuration.md — the two ways to start a host from code. Pinned by test/docs/pages.spec.ts.
 */
import { createHost, loadHost } from "@axn/sdk";

export const fromFile = (cwd = process.cwd()) => loadHost({ cwd });                           // finds and reads axn.config.*
export const inMemory = (cwd = process.cwd()) => createHost({ config: { plugins: ["mcp"] }, cwd }); // an in-memory config
