/**
 * docs/plugins.md, "Transports (`registerTransport`)": the page's echo plugin registers one http
 * transport through the hook, and its listener answers over a real loopback socket.
 */
import { expect } from "chai";
import { createServer, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import type { Transport } from "@axn/core";
import { resetKernel } from "@axn/sdk/testing";
import { createHost } from "@axn/sdk";
import echoPlugin from "../../docs/examples/snippets/echo-transport.js";

describe("docs/plugins.md: a transport plugin", () => {
  afterEach(resetKernel);

  it("adds an http transport at /echo whose listener answers with its flag's default", async () => {
    const { host } = await createHost({ config: { plugins: [echoPlugin] } });
    const added: Transport[] = [];
    host.hooks.registerTransport.call({ add: (transport: Transport) => void added.push(transport) } as never);
    expect(added.map((transport) => [transport.kind, transport.name])).to.deep.equal([["http", "echo"]]);
    const transport = added[0]!;
    if (transport.kind !== "http") throw new Error("expected an http transport");
    expect(transport.path).to.equal("/echo");
    const running = await transport.start({
      app: { name: "docs", version: "1.0.0", root: process.cwd() },
      flags: { "echo-greeting": "hello" },
      hostname: "127.0.0.1",
    } as never);
    const server = createServer(running.listener as RequestListener);
    await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
    try {
      const { port } = server.address() as AddressInfo;
      const reply = await fetch(`http://127.0.0.1:${port}/echo`);
      expect(await reply.json()).to.deep.equal({ greeting: "hello", tools: [] });
      expect(running.summary).to.equal("0 echo tools");
    } finally {
      await running.stop();
      await new Promise((done) => server.close(done));
    }
  });
});
