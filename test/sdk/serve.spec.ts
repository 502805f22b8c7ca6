/**
 * `axn serve`'s side of the `registerTransport` hook: how the CLI collects what plugins register
 * (in order, attributed, checked — conflicts name both plugins and both transports), how its
 * command line is completed by the transports' flags, and — through the CLI's own `main`, in this
 * process — how the shared server routes requests over real loopback HTTP, reports a listener
 * that throws, and stops every transport on SIGTERM. Here the handler `axn serve` installed is
 * called directly; the real signal, sent to a real child, is test/e2e/serve-transports.spec.ts.
 */
import { expect } from "chai";
import { get } from "node:http";
import { join } from "node:path";
import { HookError, type AxnHost, type Transport, type TransportRegistrar } from "@axn/core";
import { createKernelHost } from "@axn/core/internal";
import { createHost } from "@axn/sdk";
import { resetKernel } from "@axn/sdk/testing";
import { main } from "../../sdk/dist/cli/main.js";
import { planServe, RESERVED_FLAGS, type ServePlan } from "../../sdk/dist/cli/serve/options.js";
import { collectTransports, type Registered } from "../../sdk/dist/cli/serve/registered.js";
import { events, namedTransport, transportPlugin } from "../fixtures/serve-cases/plugins.js";
import { repo } from "../support/axn-child.js";
import { captureReports } from "../support/reports.js";

const cases = join(repo, "test/fixtures/serve-cases");
const PLAN = { env: {}, where: "/app/axn.config.ts", plugins: ["axn-plugin-a"] };

async function hostWith(...plugins: [string, (transports: TransportRegistrar) => void][]): Promise<AxnHost> {
  return (await createHost({ config: { plugins: plugins.map(([name, register]) => transportPlugin(name, register)) } }))
    .host;
}

async function collected(...plugins: [string, (transports: TransportRegistrar) => void][]): Promise<Registered[]> {
  return collectTransports(await hostWith(...plugins), RESERVED_FLAGS);
}

async function refusal(...plugins: [string, (transports: TransportRegistrar) => void][]): Promise<HookError> {
  const host = await hostWith(...plugins);
  try {
    collectTransports(host, RESERVED_FLAGS);
  } catch (error) {
    expect(error).to.be.instanceOf(HookError);
    return error as HookError;
  }
  throw new Error("expected the transports to be refused");
}

/** A GET with the path sent exactly as written (`fetch` would resolve its dot segments first). */
function rawGet(origin: string, path: string): Promise<unknown> {
  return new Promise((done, fail) => {
    get(`${origin}${path}`, { path }, (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () => done(JSON.parse(body) as unknown));
    }).on("error", fail);
  });
}

const stdioTransport = (name: string, extra: Partial<Transport> = {}): Transport =>
  ({
    kind: "stdio",
    name,
    async start() {
      return { async stop() {} };
    },
    ...extra,
  }) as Transport;

describe("axn serve: transports registered through the host's registerTransport hook", () => {
  beforeEach(() => resetKernel());
  afterEach(() => resetKernel());

  it("collects every transport in registration order, each with the plugin that added it", async () => {
    const found = await collected(
      [
        "axn-plugin-a",
        (t) => {
          t.add(namedTransport("a", "/a"));
          t.add(stdioTransport("a"));
        },
      ],
      ["axn-plugin-b", (t) => t.add(namedTransport("b", "/"))],
    );
    expect(found.map(({ plugin, transport }) => [plugin, transport.kind, transport.name])).to.deep.equal([
      ["axn-plugin-a", "http", "a"],
      ["axn-plugin-a", "stdio", "a"],
      ["axn-plugin-b", "http", "b"],
    ]);
  });

  it("refuses a path, name or flag another transport took, naming both plugins and both transports", async () => {
    const flagged = (name: string, path: string, flag: string): Transport => ({
      ...namedTransport(name, path),
      flags: { [flag]: { type: "boolean", help: "a flag" } },
    });
    const conflicts: [string, ...[string, (t: TransportRegistrar) => void][]][] = [
      [
        'Plugin "axn-plugin-b" failed in hook registerTransport: http transport "b" cannot be mounted at /x: http transport "a" (axn-plugin-a) is mounted there; list only one of the two plugins, or give one of them another path',
        ["axn-plugin-a", (t) => t.add(namedTransport("a", "/x"))],
        ["axn-plugin-b", (t) => t.add(namedTransport("b", "/x"))],
      ],
      [
        'Plugin "axn-plugin-b" failed in hook registerTransport: There is already an http transport "web" (axn-plugin-a); a transport\'s name is unique among the transports of its kind',
        ["axn-plugin-a", (t) => t.add(namedTransport("web", "/a"))],
        ["axn-plugin-b", (t) => t.add(namedTransport("web", "/b"))],
      ],
      [
        'Plugin "axn-plugin-b" failed in hook registerTransport: http transport "b" declares --verbose, which http transport "a" (axn-plugin-a) declares too; a flag belongs to one transport: name each transport\'s flags for it (--b-…)',
        ["axn-plugin-a", (t) => t.add(flagged("a", "/a", "verbose"))],
        ["axn-plugin-b", (t) => t.add(flagged("b", "/b", "verbose"))],
      ],
      [
        'Plugin "axn-plugin-b" failed in hook registerTransport: stdio transport "b" declares --a-stdio, which stdio transport "a" (axn-plugin-a) declares too; a flag belongs to one transport: name each transport\'s flags for it (--b-…)',
        ["axn-plugin-a", (t) => t.add(stdioTransport("a", { selectFlag: "a-stdio" }))],
        ["axn-plugin-b", (t) => t.add(stdioTransport("b", { selectFlag: "a-stdio" }))],
      ],
      [
        'Plugin "axn-plugin-a" failed in hook registerTransport: http transport "a" declares --port, which is an option of axn serve itself; name the transport\'s flags for it (--a-…)',
        ["axn-plugin-a", (t) => t.add(flagged("a", "/a", "port"))],
      ],
    ];
    for (const [message, ...plugins] of conflicts) {
      resetKernel();
      const error = await refusal(...plugins);
      expect([error.code, error.plugin, error.hook, error.message]).to.deep.equal([
        "AXN_HOOK_FAILED",
        plugins.at(-1)![0],
        "registerTransport",
        message,
      ]);
    }
  });

  it("lets an http and a stdio transport share a name, and a longer path sit under a shorter one", async () => {
    const found = await collected([
      "axn-plugin-a",
      (t) => {
        t.add(namedTransport("a", "/a"));
        t.add(namedTransport("ab", "/a/b"));
        t.add(stdioTransport("a"));
      },
    ]);
    expect(found).to.have.length(3);
  });

  it("refuses a malformed transport with a message that says what to write", async () => {
    const malformed: [unknown, string][] = [
      [null, "A transport must be an object with kind, name and start; got null"],
      [
        { ...namedTransport("a", "/a"), name: "My Transport" },
        'Transport name "My Transport" must be lower-case letters, digits and "-", starting with a letter (it is what --stdio NAME selects)',
      ],
      [
        { ...namedTransport("a", "/a"), kind: "grpc" },
        'Transport "a" has kind "grpc"; expected one of "http", "stdio"',
      ],
      [{ kind: "http", name: "a", path: "/a" }, 'http transport "a" has no start function'],
      [
        namedTransport("a", "/api/"),
        'http transport "a" has path "/api/"; expected "/" or a path such as "/mcp" (segments of letters, digits, ".", "_", "~", "-"; no trailing slash)',
      ],
      [
        namedTransport("a", "api"),
        'http transport "a" has path "api"; expected "/" or a path such as "/mcp" (segments of letters, digits, ".", "_", "~", "-"; no trailing slash)',
      ],
      [
        { ...namedTransport("a", "/a"), flags: { "--verbose": { type: "boolean", help: "x" } } },
        'http transport "a" declares flag "--verbose"; expected lower-case letters, digits and "-", without the leading --',
      ],
      [
        { ...namedTransport("a", "/a"), flags: { verbose: { type: "number", help: "x" } } },
        'http transport "a": flag --verbose needs type "boolean" or "string" and a help text',
      ],
      [
        { ...namedTransport("a", "/a"), flags: { verbose: { type: "boolean", help: "" } } },
        'http transport "a": flag --verbose needs type "boolean" or "string" and a help text',
      ],
      [
        { ...namedTransport("a", "/a"), flags: { verbose: { type: "boolean", help: "x", default: "yes" } } },
        'http transport "a": flag --verbose has a default that is not a string; only a string flag takes one',
      ],
      [
        stdioTransport("a", { selectFlag: "--a" }),
        'stdio transport "a" has selectFlag "--a"; expected a flag name such as "mcp-stdio" (without the leading --)',
      ],
      [
        stdioTransport("a", { selectFlag: "a-stdio", flags: { "a-stdio": { type: "boolean", help: "x" } } }),
        'stdio transport "a" declares --a-stdio both as a flag and as its selectFlag',
      ],
    ];
    for (const [transport, message] of malformed) {
      resetKernel();
      const error = await refusal(["axn-plugin-a", (t) => t.add(transport as Transport)]);
      expect(error.message).to.equal(`Plugin "axn-plugin-a" failed in hook registerTransport: ${message}`);
    }
  });

  it("collects only from a host that has finished loading (the settings a tap reads are final then)", () => {
    const host = createKernelHost();
    expect(() => collectTransports(host, RESERVED_FLAGS)).to.throw(
      "Transports are collected once the host has finished loading (its settings are final then)",
    );
  });
});

describe("axn serve: the command line, completed by the transports' flags", () => {
  afterEach(() => resetKernel());

  const flags = {
    "a-verbose": { type: "boolean", help: "talk more" },
    "a-greeting": { type: "string", help: "say this", default: "hello" },
    "a-name": { type: "string", help: "call it this" },
  } as const;

  let registered: Registered[];
  beforeEach(async () => {
    resetKernel();
    registered = await collected([
      "axn-plugin-a",
      (t) => {
        t.add({ ...namedTransport("a", "/a"), flags });
        t.add(
          stdioTransport("pipe", { selectFlag: "pipe-stdio", flags: { "pipe-raw": { type: "boolean", help: "raw" } } }),
        );
      },
    ]);
  });

  const plan = async (argv: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<ServePlan> =>
    planServe(argv, registered, { ...PLAN, env });

  const usage = async (argv: readonly string[]): Promise<[number, string, string | undefined]> => {
    try {
      await plan(argv);
    } catch (error) {
      const { exitCode, message, hint } = error as { exitCode: number; message: string; hint?: string };
      return [exitCode, message, hint];
    }
    throw new Error(`expected ${argv.join(" ")} to be refused`);
  };

  it("hands each HTTP transport its flags' values: booleans false unless given, strings given or defaulted", async () => {
    const defaults = await plan([]);
    expect(defaults.kind === "http" && defaults.transports.map((selected) => ({ ...selected.flags }))).to.deep.equal([
      { "a-verbose": false, "a-greeting": "hello", "a-name": undefined },
    ]);
    const given = await plan(["--a-verbose", "--a-greeting", "hi", "--a-name=x", "--port", "0", "--host", "::1"]);
    expect(given).to.deep.include({ kind: "http", port: 0, hostname: "::1" });
    expect(given.kind === "http" && { ...given.transports[0]!.flags }).to.deep.equal({
      "a-verbose": true,
      "a-greeting": "hi",
      "a-name": "x",
    });
    expect(await plan([], { PORT: "8080" })).to.deep.include({ port: 8080, hostname: "127.0.0.1" });
    expect(await plan([])).to.deep.include({ port: 3000 });
  });

  it("selects a stdio transport with --stdio NAME or the flag it declares for that", async () => {
    for (const argv of [["--stdio", "pipe"], ["--pipe-stdio"], ["--stdio", "pipe", "--pipe-stdio", "--pipe-raw"]]) {
      const selected = await plan(argv);
      expect(selected.kind === "stdio" && [selected.transport.entry.transport.name, selected.via]).to.deep.equal([
        "pipe",
        argv[0] === "--stdio" ? "--stdio pipe" : "--pipe-stdio",
      ]);
    }
    const raw = await plan(["--pipe-stdio", "--pipe-raw"]);
    expect(raw.kind === "stdio" && { ...raw.transport.flags }).to.deep.equal({ "pipe-raw": true });
  });

  it("refuses what it would otherwise ignore, saying what to type instead", async () => {
    const hint = "Run `axn serve --help` for usage.";
    expect(await usage(["--a-verbos"])).to.deep.equal([
      2,
      "Unknown option --a-verbos for axn serve; did you mean --a-verbose?",
      hint,
    ]);
    expect(await usage(["--websocket"])).to.deep.equal([
      2,
      "Unknown option --websocket for axn serve; its options here: --port, --host, --stdio, --dev, --a-verbose, --a-greeting, --a-name, --pipe-raw, --pipe-stdio (a transport's flags exist only when its plugin is listed)",
      hint,
    ]);
    expect(await usage(["--stdio", "pip"])).to.deep.equal([
      2,
      'No stdio transport named "pip"; did you mean "pipe"?',
      hint,
    ]);
    expect(await usage(["--stdio", "websocket"])).to.deep.equal([
      2,
      'No stdio transport named "websocket"; stdio transports: pipe (axn-plugin-a)',
      hint,
    ]);
    expect(await usage(["--stdio", "pipe", "--port", "3000"])).to.deep.equal([
      2,
      "--stdio pipe serves over stdin/stdout; it takes no --port or --host",
      hint,
    ]);
    expect(await usage(["--pipe-stdio", "--host", "::1"])).to.deep.equal([
      2,
      "--pipe-stdio serves over stdin/stdout; it takes no --port or --host",
      hint,
    ]);
    expect(await usage(["--stdio", "pipe", "--a-verbose"])).to.deep.equal([
      2,
      '--a-verbose is an option of http transport "a" (axn-plugin-a), which is not served with --stdio pipe',
      hint,
    ]);
    expect(await usage(["--pipe-raw"])).to.deep.equal([
      2,
      '--pipe-raw is an option of stdio transport "pipe" (axn-plugin-a), which is served only with --stdio pipe',
      hint,
    ]);
    expect(await usage(["--port", "http"])).to.deep.equal([
      2,
      '--port must be a port number between 0 and 65535, got "http"',
      hint,
    ]);
    expect(await usage(["extra"])).to.deep.equal([2, 'Unexpected argument "extra" for axn serve', hint]);
  });

  it("says when there is nothing to serve, and how to fix it (exit 3)", async () => {
    const none = async (
      register: (t: TransportRegistrar) => void,
      argv: readonly string[] = [],
    ): Promise<unknown[]> => {
      resetKernel();
      try {
        planServe(argv, await collected(["axn-plugin-a", register]), PLAN);
      } catch (error) {
        const { exitCode, message, hint } = error as { exitCode: number; message: string; hint?: string };
        return [exitCode, message, hint];
      }
      throw new Error("expected nothing to serve");
    };
    expect(await none(() => undefined)).to.deep.equal([
      3,
      "Nothing to serve over HTTP: no loaded plugin registers an HTTP transport",
      "List a plugin that registers a transport in plugins in /app/axn.config.ts (loaded plugins: axn-plugin-a).",
    ]);
    expect(await none((t) => t.add(stdioTransport("pipe")))).to.deep.equal([
      3,
      "Nothing to serve over HTTP: no loaded plugin registers an HTTP transport",
      "Serve over stdin/stdout with --stdio pipe, or list a plugin with an HTTP transport in plugins in /app/axn.config.ts.",
    ]);
    expect(await none(() => undefined, ["--stdio", "mcp"])).to.deep.equal([
      3,
      'No stdio transport named "mcp": no loaded plugin registers one',
      "List a plugin that registers a stdio transport in plugins in /app/axn.config.ts (loaded plugins: axn-plugin-a).",
    ]);
  });
});

describe("axn serve: the shared server (main in this process, loopback HTTP)", function () {
  // A hang guard, not a budget.
  this.timeout(60_000);
  let foreignSigterm: Function[];
  beforeEach(() => {
    resetKernel();
    events.length = 0;
    foreignSigterm = process.listeners("SIGTERM");
  });
  afterEach(() => resetKernel());
  // After the reset above, so the capture it installs is the one in force.
  const reports = captureReports();

  interface Output {
    readonly code: Promise<number>;
    readonly stdout: () => string;
    readonly stderr: () => string;
    /** Resolves with stdout once it holds `marker`. */
    readonly until: (marker: string) => Promise<string>;
  }

  function serve(config: string, ...argv: string[]): Output {
    let stdout = "";
    let stderr = "";
    const waiting: { marker: string; done: (text: string) => void }[] = [];
    const write = (text: string): void => {
      stdout += text;
      for (const wait of waiting.filter((w) => stdout.includes(w.marker))) wait.done(stdout);
    };
    const code = main(["serve", "--config", join(cases, config), ...argv], {
      cwd: repo,
      env: {},
      stdout: { write },
      stderr: { write: (text: string) => (stderr += text) },
    });
    return {
      code,
      stdout: () => stdout,
      stderr: () => stderr,
      until: (marker) =>
        new Promise((done, fail) => {
          if (stdout.includes(marker)) return done(stdout);
          waiting.push({ marker, done });
          void code.then((exit) =>
            fail(new Error(`axn serve ended (${exit}) before "${marker}":\n${stdout}\n${stderr}`)),
          );
        }),
    };
  }

  it("sends each request to the longest path that covers it, reports a listener that throws, and stops every transport on SIGTERM, the last started first", async () => {
    const run = serve("dispatch.config.ts", "--port", "0");
    const banner = await run.until("Press Ctrl+C to stop.\n");
    const url = /on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(banner)![1]!;
    expect(banner).to.equal(
      [
        `Serving axn-app on ${url}`,
        "",
        `  root   ${url}/`,
        `  a      ${url}/a`,
        `  ab     ${url}/a/b`,
        `  Boom   ${url}/boom  (always fails)`,
        "",
        "Boom says:",
        "  do not call it",
        "",
        `This app's CLI, from ${repo}:`,
        // No stdio transport in this app: no mcp-config, no --mcp-stdio.
        `  ${process.execPath} ${join(repo, "sdk/bin/axn.js")} tools --config ${join(cases, "dispatch.config.ts")}`,
        "",
        "Press Ctrl+C to stop.",
        "",
      ].join("\n"),
    );
    const reached = async (path: string): Promise<unknown> => (await (await fetch(`${url}${path}`)).json()) as unknown;
    expect(await reached("/a")).to.deep.equal({ transport: "a", url: "/a" });
    expect(await reached("/a/x?q=1")).to.deep.equal({ transport: "a", url: "/a/x?q=1" });
    expect(await reached("/a/b/c")).to.deep.equal({ transport: "ab", url: "/a/b/c" });
    expect(await reached("/a/bc")).to.deep.equal({ transport: "a", url: "/a/bc" });
    expect(await reached("/abc")).to.deep.equal({ transport: "root", url: "/abc" });
    // Routed by the path the transport will see once it parses the URL: dot segments resolved.
    expect(await rawGet(url, "/a/b/../../elsewhere")).to.deep.equal({ transport: "root", url: "/a/b/../../elsewhere" });

    const boom = await fetch(`${url}/boom`);
    expect([boom.status, await boom.json()]).to.deep.equal([500, { error: "Internal server error" }]);
    expect(reports.map((report) => [report.action, report.phase, (report.error as Error).message])).to.deep.equal([
      ["axn-plugin-cases", 'http transport "boom" request', "listener bug"],
    ]);

    // As if SIGTERM arrived: run the handlers axn serve installed (and only those: another
    // library's handler in this process might re-raise the signal).
    const installed = process.listeners("SIGTERM").filter((listener) => !foreignSigterm.includes(listener));
    expect(installed).to.have.length(1);
    for (const listener of installed) (listener as NodeJS.SignalsListener)("SIGTERM");
    expect(await run.code).to.equal(1);
    expect(events).to.deep.equal([
      "start root",
      "start a",
      "start ab",
      "start boom",
      "stop boom",
      "stop ab",
      "stop a",
      "stop root",
    ]);
    expect(run.stderr()).to.equal('axn: http transport "ab" (axn-plugin-cases) failed to stop: still draining\n');
    expect(process.listeners("SIGTERM")).to.deep.equal(foreignSigterm);
  });

  it("stops the transports already started when one fails to start, and names it (exit 1)", async () => {
    const run = serve("start-fails.config.ts", "--port", "0");
    expect(await run.code).to.equal(1);
    expect(run.stdout()).to.equal("");
    expect(run.stderr()).to.equal(
      'axn: http transport "broken" (axn-plugin-cases-broken) failed to start: no socket to bind\nThe plugin named above could not start its transport; its own message says why.\n',
    );
    expect(events).to.deep.equal(["start first", "start broken", "stop first"]);
    expect(process.listeners("SIGTERM")).to.deep.equal(foreignSigterm);
  });

  it("refuses two transports on one path before serving, naming both plugins (exit 3), and axn doctor says so too", async () => {
    let doctorOut = "";
    const run = serve("conflict.config.ts", "--port", "0");
    expect(await run.code).to.equal(3);
    expect(run.stderr()).to.equal(
      'axn: Plugin "axn-plugin-b" failed in hook registerTransport: http transport "b" cannot be mounted at /x: http transport "a" (axn-plugin-a) is mounted there; list only one of the two plugins, or give one of them another path [AXN_HOOK_FAILED]\n' +
        "Run `axn doctor` for a full check.\n",
    );
    expect(events).to.deep.equal([]);
    resetKernel();
    const doctor = await main(["doctor", "--config", join(cases, "conflict.config.ts")], {
      cwd: repo,
      env: {},
      stdout: { write: (text: string) => (doctorOut += text) },
      stderr: { write: () => true },
    });
    expect(doctor).to.equal(1);
    expect(doctorOut).to.contain(
      '✖ Plugin "axn-plugin-b" failed in hook registerTransport: http transport "b" cannot be mounted at /x: http transport "a" (axn-plugin-a) is mounted there; list only one of the two plugins, or give one of them another path\n' +
        "    fix: Fix or remove the plugin named above: two transports never share a path, a name of their kind or a flag.\n",
    );
  });
});
