/** Spec helpers: a real SDK `Client` connected to the plugin's server, and a 2020-12 validator. */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { InMemoryTransport, type Server } from "@modelcontextprotocol/server";
import { Ajv2020 } from "ajv/dist/2020.js";
import { createMcpServer, type McpServerOptions } from "axn-plugin-mcp";

export interface Connected {
  readonly client: Client;
  readonly server: Server;
  close(): Promise<void>;
}

/**
 * A server from `createMcpServer` and a real client, linked in memory: the 2025-11-25 era (the
 * SDK's in-memory pair speaks only that one; 2026-07-28 specs go through HTTP or stdio). The client
 * is the 1.x SDK's — an old client, as many in the field are — over the v2 SDK's linked pair.
 */
export async function connectInMemory(options: Partial<McpServerOptions> = {}): Promise<Connected> {
  const server = createMcpServer({ name: "axn-spec", version: "1.0.0", ...options });
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "spec-client", version: "1.0.0" });
  await Promise.all([server.connect(serverTransport), client.connect(clientTransport as Transport)]);
  return {
    client,
    server,
    async close() {
      await client.close();
      await server.close();
    },
  };
}

/** Validates `value` against `schema` as JSON Schema 2020-12; returns the errors (empty when valid). */
export function schemaErrors(schema: object, value: unknown): string[] {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  const validate = ajv.compile(schema);
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ""}`);
}

/** The text of a tool result's single text block. */
export function textOf(result: object): string {
  const content = (result as { content?: unknown }).content as { type: string; text?: string }[] | undefined;
  const first = content?.[0];
  if (content?.length !== 1 || first?.type !== "text" || first.text === undefined) {
    throw new Error(`expected one text block, got ${JSON.stringify(content)}`);
  }
  return first.text;
}
