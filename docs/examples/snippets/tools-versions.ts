/**
 * docs/tools.md — versions of one tool coexist by sharing a tool name. A trailing `V<n>` segment
 * is dropped from the name only when the action declares `toolVersion`.
 */
import { defineAxn } from "@axn/core";

export const ApproveLoanV1 = defineAxn({ name: "AgentTools.ApproveLoan.V1", toolVersion: 1, tool: ["mcp"], call: () => undefined });
export const ApproveLoanV2 = defineAxn({ name: "AgentTools.ApproveLoan.V2", toolVersion: 2, tool: ["mcp"], call: () => undefined });
