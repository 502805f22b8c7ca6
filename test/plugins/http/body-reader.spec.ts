/**
 * `readNodeBodyInto` (@axn/sdk/serving), the body reader of the HTTP API's tool routes, on a real
 * `node:http` server over loopback: its receiver is told once, with the whole body (one chunk or
 * many), `tooLarge` as soon as a chunked body passes the limit, or `incomplete` when the client
 * goes away half-way; and two reads of one request each get the whole body.
 */
import { expect } from "chai";
import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { readNodeBodyInto, type BodyRead } from "@axn/sdk/serving";

/** What the readers of each request were told, in order. */
type Told = { readonly reader: number; readonly read: string }[];

function describeRead(read: BodyRead): string {
  return read.ok ? `ok ${Buffer.from(read.bytes).toString()}` : read.reason;
}

/** A server whose requests are read by `readers` readers each, under `maxBytes`; the reads are recorded. */
async function readingServer(
  maxBytes: number,
  readers = 1,
): Promise<{ server: Server; url: string; next: () => Promise<Told> }> {
  const waiting: ((told: Told) => void)[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    const told: { reader: number; read: string }[] = [];
    for (let reader = 1; reader <= readers; reader++) {
      readNodeBodyInto(request, maxBytes, {
        bodyRead(read) {
          told.push({ reader, read: describeRead(read) });
          if (told.length < readers) return;
          waiting.shift()?.(told);
          if (!response.destroyed) response.end("done");
        },
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `http://127.0.0.1:${port}/`,
    next: () => new Promise<Told>((resolve) => waiting.push(resolve)),
  };
}

/** POSTs `chunks` one write each (chunked unless `length` is given), then ends — or, `abort`, destroys the socket. */
function post(url: string, chunks: readonly string[], options: { length?: number; abort?: boolean } = {}): void {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (options.length !== undefined) headers["content-length"] = String(options.length);
  const request = httpRequest(url, { method: "POST", headers, agent: false });
  request.on("error", () => undefined);
  request.on("response", (response) => response.resume());
  const write = (index: number): void => {
    if (index === chunks.length) {
      if (options.abort === true) setTimeout(() => request.destroy(), 20);
      else request.end();
      return;
    }
    request.write(chunks[index]);
    setTimeout(() => write(index + 1), 10);
  };
  write(0);
}

describe("axn-plugin-http: the Node body reader (readNodeBodyInto)", () => {
  let server: Server | undefined;
  afterEach(() => server?.close());

  it("tells its receiver once with the whole body, whether it arrives in one chunk or several", async () => {
    const reading = await readingServer(1024);
    server = reading.server;
    let told = reading.next();
    post(reading.url, ['{"id":"one"}'], { length: 12 });
    expect(await told).to.deep.equal([{ reader: 1, read: 'ok {"id":"one"}' }]);
    told = reading.next();
    post(reading.url, ['{"id":', '"two"', "}"]);
    expect(await told).to.deep.equal([{ reader: 1, read: 'ok {"id":"two"}' }]);
  });

  it("refuses a chunked body as soon as it passes the limit, and one the client abandons as incomplete", async () => {
    const reading = await readingServer(10);
    server = reading.server;
    let told = reading.next();
    post(reading.url, ['{"id":', '"far too long"}']);
    expect(await told).to.deep.equal([{ reader: 1, read: "tooLarge" }]);
    told = reading.next();
    post(reading.url, ['{"id"'], { abort: true });
    expect(await told).to.deep.equal([{ reader: 1, read: "incomplete" }]);
  });

  it("gives two reads of one request the whole body each", async () => {
    const reading = await readingServer(1024, 2);
    server = reading.server;
    const told = reading.next();
    post(reading.url, ['{"a":', "1}"]);
    expect(await told).to.deep.equal([
      { reader: 1, read: 'ok {"a":1}' },
      { reader: 2, read: 'ok {"a":1}' },
    ]);
  });
});
