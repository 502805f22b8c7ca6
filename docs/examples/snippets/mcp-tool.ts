/**
 * docs/plugins/mcp.md, "The API" — `McpTool` as the page lists it, checked against the exported
 * interface. test/plugins/mcp/docs.spec.ts imports it.
 */
import type { AnyAxn } from "@axn/core";
import type { McpAnnotations, McpCallRequest, McpTool as Exported } from "axn-plugin-mcp";
import type { CallToolResult } from "@modelcontextprotocol/server";

interface McpTool {
  name: string; title?: string; description?: string;
  inputSchema: object; outputSchema?: object; annotations?: McpAnnotations; _meta?: { "axn/toolVersion": number };
  execution?: { taskSupport: "optional" | "required" };   // a long-running tool: callable as a task (or only so)
  action: AnyAxn;                                          // the wrapped action, unchanged
  call(args: unknown, request?: McpCallRequest): Promise<CallToolResult>; // never throws for a failure
}

// The listing above is the exported interface: the same members, and the real one fits it.
type Is<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const listing: [Is<keyof McpTool, keyof Exported>, Exported extends McpTool ? true : false] = [true, true];
