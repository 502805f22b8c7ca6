/**
 * What a transport plugin hands the `registerTransport` hook: one named way to serve the app's
 * tools, either mounted on the shared HTTP server at a path (`kind: "http"`: MCP Streamable HTTP at
 * `/mcp`, the HTTP API at `/api`) or over stdin/stdout for a client that launches the process
 * (`kind: "stdio"`). It declares the command-line flags it reads and how it starts; what `start`
 * returns says how it stops. Whoever serves (the `axn serve` CLI) owns the rest — the port, the
 * signals, the banner — so it needs to know no plugin by name.
 *
 * Types only, beside one constant: core runs no transport.
 *
 * @example
 * ```ts
 * host.hooks.registerTransport.tap("axn-plugin-echo", (transports) =>
 *   transports.add({
 *     kind: "http",
 *     name: "echo",
 *     path: "/echo",
 *     flags: { "echo-greeting": { type: "string", help: "the greeting to answer with", default: "hello" } },
 *     async start({ flags }) {
 *       return {
 *         listener: (_request, response) => response.end(JSON.stringify({ greeting: flags["echo-greeting"] })),
 *         async stop() {},
 *       };
 *     },
 *   }),
 * );
 * ```
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Readable, Writable } from "node:stream";
import type { AxnPrincipal } from "../action/principal.js";

/** The kinds of transport a server knows how to run. */
export const TRANSPORT_KINDS = Object.freeze(["http", "stdio"] as const);
export type TransportKind = (typeof TRANSPORT_KINDS)[number];

/** A command-line flag that is on or off: `--mcp-stateless`. */
export interface BooleanTransportFlag {
  readonly type: "boolean";
  /** One line for `axn serve --help`. */
  readonly help: string;
  /** Off unless given: a boolean flag has no default and no value to name. */
  readonly default?: never;
  readonly valueName?: never;
}

/** A command-line flag with a value: `--echo-greeting TEXT`. */
export interface StringTransportFlag {
  readonly type: "string";
  /** One line for `axn serve --help`. */
  readonly help: string;
  /** How help names the value (`TEXT` in `--echo-greeting TEXT`); default `VALUE`. */
  readonly valueName?: string;
  /** The value when the flag is not given; without one, the transport reads `undefined`. */
  readonly default?: string;
}

export type TransportFlag = BooleanTransportFlag | StringTransportFlag;

/** A transport's flags by name, without the leading `--` (`"echo-greeting"`). */
export type TransportFlags = { readonly [flag: string]: TransportFlag };

/** What `start` reads for `flags`: a boolean for a boolean flag, the string (or `undefined` without a default) otherwise. */
export type TransportFlagValues<F extends TransportFlags> = {
  readonly [K in keyof F]: F[K] extends { readonly type: "boolean" }
    ? boolean
    : F[K] extends { readonly default: string }
      ? string
      : string | undefined;
};

/** The app being served, as its package.json names it. */
export interface TransportApp {
  readonly name: string;
  readonly version: string;
  /** The folder of the app's config file. */
  readonly root: string;
}

export interface TransportContext<F extends TransportFlags> {
  readonly app: TransportApp;
  readonly flags: TransportFlagValues<F>;
}

export interface HttpTransportContext<F extends TransportFlags> extends TransportContext<F> {
  /**
   * The address the shared server binds (`127.0.0.1` unless told otherwise). A transport that
   * guards its Host header against DNS rebinding answers only loopback names on a loopback address.
   */
  readonly hostname: string;
  /**
   * The server's one serving policy, shared by every HTTP transport it mounts: apply it to each
   * request before any tool runs, and answer its refusals in the transport's own error shape.
   */
  readonly serving: HttpServingPolicy;
}

/** A request not to serve: answer `status` with `message` (in the transport's own error shape) and `headers`, or `response` as is. */
export interface ServingRefusal {
  readonly ok: false;
  readonly status: number;
  readonly message: string;
  readonly headers: Readonly<Record<string, string>>;
  /** The app's own answer (its `authenticate` returned a `Response`). */
  readonly response?: Response;
}

/** Who is calling: a principal, `null` for an admitted anonymous caller, or a refusal. */
export type ServingAuthentication = { readonly ok: true; readonly principal: AxnPrincipal | null } | ServingRefusal;

/**
 * What `axn serve` applies alike on every HTTP transport it mounts (the app's `serve` settings):
 * the Host/Origin policy, authentication, and the server-wide cap on concurrent tool calls. The
 * principal `authenticate` establishes reaches actions only as ambient context under
 * `PRINCIPAL_AMBIENT_KEY`.
 */
export interface HttpServingPolicy {
  /** Host (DNS rebinding, repeated headers) and Origin: `undefined` when the request may be served, else its 403. */
  checkRequest(request: Request): ServingRefusal | undefined;
  /** The app's `authenticate`, for the resource mounted at `path` (the 401 challenge names its metadata URL). */
  authenticate(request: Request, path: string): Promise<ServingAuthentication>;
  /** Whether the app configured authentication (without it, every caller is anonymous). */
  readonly authenticates: boolean;
  /** A slot for one tool call (call the function once it is answered), or `undefined` when the server is at its cap. */
  acquireCall(): (() => void) | undefined;
}

export interface StdioTransportContext<F extends TransportFlags> extends TransportContext<F> {
  /** The protocol channel in: the client writes here. */
  readonly stdin: Readable;
  /** The protocol channel out: nothing else may be written to it. */
  readonly stdout: Writable;
}

/** One line of the banner: `  MCP        http://127.0.0.1:3000/mcp  (Streamable HTTP)`. */
export interface TransportEndpoint {
  readonly label: string;
  readonly target: string;
}

/** What the banner says about one running HTTP transport. */
export interface TransportBanner {
  readonly endpoints: readonly TransportEndpoint[];
  /** Paragraphs printed after every transport's endpoints: how to connect a client, a request to try. */
  readonly notes?: readonly (readonly string[])[];
}

interface RunningTransportBase {
  /** How the banner's first line counts what this transport serves: `"6 MCP tools"`. */
  readonly summary?: string;
  /** Stops serving and releases what `start` opened (sessions, servers). */
  stop(): Promise<void>;
}

export interface RunningHttpTransport extends RunningTransportBase {
  /**
   * Answers every request whose path is the transport's `path` or under it. The request arrives
   * unchanged (its URL still starts with the path), as Node's own request and response.
   */
  readonly listener: (request: IncomingMessage, response: ServerResponse) => void | Promise<void>;
  /** The banner's lines, given the server's origin (`http://127.0.0.1:3000`). Default: the name and its URL. */
  banner?(origin: string): TransportBanner;
}

export interface RunningStdioTransport extends RunningTransportBase {
  /**
   * Settles when the transport ended on its own — the client went away (exit code 0), or sent
   * what the transport refuses to read (its documented code) — so the server exits with it
   * rather than waiting for a signal that will not come.
   */
  readonly ended?: Promise<StdioTransportEnd>;
}

/** Why a stdio transport ended on its own, and the process exit code that says so. */
export interface StdioTransportEnd {
  readonly reason: string;
  readonly exitCode: number;
}

/** One thing a transport serves besides the tools (an MCP resource or prompt), as `axn tools` lists it. */
export interface TransportCatalogEntry {
  /** What it is: `"resource"`, `"resource template"`, `"prompt"`. */
  readonly kind: string;
  readonly name: string;
  /** Where a client finds it (a URI or URI template), when it has an address. */
  readonly target?: string;
  readonly description?: string;
}

interface TransportBase<F extends TransportFlags> {
  /**
   * Lower-case letters, digits and `-` (`"mcp"`): how help, the banner and errors name it, and what
   * `--stdio NAME` selects. Unique among the transports of its kind.
   */
  readonly name: string;
  /** One line for `axn serve --help`: what it serves. */
  readonly description?: string;
  /**
   * Flags it reads, without the leading `--`. Name them for the transport (`mcp-…`): a flag two
   * transports declare is refused, as is one of the server's own (`port`, `host`, `stdio`, `config`, `help`).
   */
  readonly flags?: F;
  /** What it serves besides the tools, for `axn tools` and `axn doctor` (read once the host has loaded). */
  catalog?(): readonly TransportCatalogEntry[] | Promise<readonly TransportCatalogEntry[]>;
}

export interface HttpTransport<F extends TransportFlags = TransportFlags> extends TransportBase<F> {
  readonly kind: "http";
  /**
   * Where the shared server mounts it: `"/mcp"` takes `/mcp` and everything under it; `"/"` takes
   * what no other transport's path does. No trailing slash. Two transports never share a path;
   * the longest matching path wins.
   */
  readonly path: string;
  /** Builds the request listener. Called once per serve, before the server listens. */
  start(context: HttpTransportContext<F>): Promise<RunningHttpTransport>;
  /** The OpenAPI document of what it serves, exactly as it answers it (`axn openapi`), without a server. */
  openapi?(app: TransportApp): Promise<Record<string, unknown>>;
}

export interface StdioTransport<F extends TransportFlags = TransportFlags> extends TransportBase<F> {
  readonly kind: "stdio";
  /**
   * A boolean flag that means `--stdio <name>` (axn-plugin-mcp's `--mcp-stdio`), for launch
   * configurations that spell it that way.
   */
  readonly selectFlag?: string;
  /** Connects to the client on stdin/stdout. Serving ends on `stop()` or when stdin ends. */
  start(context: StdioTransportContext<F>): Promise<RunningStdioTransport>;
}

export type Transport<F extends TransportFlags = TransportFlags> = HttpTransport<F> | StdioTransport<F>;

/** Handed to `registerTransport` taps. */
export interface TransportRegistrar {
  /** Contributes a transport; its flags' value types flow into `start`. */
  add<F extends TransportFlags = {}>(transport: Transport<F>): void;
}
