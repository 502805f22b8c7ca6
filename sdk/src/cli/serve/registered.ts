/**
 * The app's transports, as its plugins register them: calls the host's `registerTransport` hook
 * with a registrar that records which plugin added what, and checks each addition as it arrives —
 * its shape, a name or path another transport took, a flag another transport (or `axn serve`
 * itself) declares — so a conflict names both plugins and both transports. Whatever a tap throws,
 * these checks included, reaches the caller as the host's `HookError`
 * (`Plugin "x" failed in hook registerTransport: …`).
 */
import {
  TRANSPORT_KINDS,
  type AxnHost,
  type HttpTransport,
  type StdioTransport,
  type Transport,
  type TransportRegistrar,
} from "@axn/core";
import { FOR_PLUGIN, type PluginScoped } from "@axn/core/internal";

export interface Registered<T extends Transport = Transport> {
  /** The plugin whose tap added it. */
  readonly plugin: string;
  readonly transport: T;
}

/** A transport's or flag's name: what `--stdio NAME` and `--NAME` are typed as. */
const NAME = /^[a-z][a-z0-9-]*$/;
/** `/` or segments such as `/mcp`, `/api/v1`; no trailing slash. */
const PATH = /^\/$|^(\/[A-Za-z0-9._~-]+)+$/;

/** How messages name a transport: `http transport "mcp" (axn-plugin-mcp)`. */
export function describeTransport(entry: Registered): string {
  return `${entry.transport.kind} transport "${entry.transport.name}" (${entry.plugin})`;
}

/** Every transport the loaded plugins register, in registration order. `reservedFlags`: the server's own options. */
export function collectTransports(host: AxnHost, reservedFlags: readonly string[]): Registered[] {
  if (host.phase !== "run")
    throw new Error("Transports are collected once the host has finished loading (its settings are final then)");
  const collected: Registered[] = [];
  const flagOwners = new Map<string, Registered>();
  const registrar = (plugin: string): TransportRegistrar & PluginScoped<TransportRegistrar> => ({
    add(transport) {
      const entry: Registered = { plugin, transport: checkShape(transport) };
      checkUnique(entry, collected);
      checkFlags(entry, reservedFlags, flagOwners);
      collected.push(entry);
    },
    [FOR_PLUGIN]: (name) => registrar(name),
  });
  // Every tap receives its own scoped registrar (the host's interceptor asks for it by FOR_PLUGIN).
  host.hooks.registerTransport.call(registrar("an unnamed plugin"));
  return collected;
}

export function isHttp(entry: Registered): entry is Registered<HttpTransport> {
  return entry.transport.kind === "http";
}

export function isStdio(entry: Registered): entry is Registered<StdioTransport> {
  return entry.transport.kind === "stdio";
}

function checkShape(value: unknown): Transport {
  if (typeof value !== "object" || value === null) {
    throw new TypeError(
      `A transport must be an object with kind, name and start; got ${value === null ? "null" : typeof value}`,
    );
  }
  const transport = value as Partial<Record<keyof HttpTransport | keyof StdioTransport, unknown>>;
  const { kind, name } = transport;
  if (typeof name !== "string" || !NAME.test(name)) {
    throw new TypeError(
      `Transport name ${JSON.stringify(name)} must be lower-case letters, digits and "-", starting with a letter (it is what --stdio NAME selects)`,
    );
  }
  if (!TRANSPORT_KINDS.includes(kind as never)) {
    throw new TypeError(
      `Transport "${name}" has kind ${JSON.stringify(kind)}; expected one of ${TRANSPORT_KINDS.map((k) => `"${k}"`).join(", ")}`,
    );
  }
  const what = `${String(kind)} transport "${name}"`;
  if (typeof transport.start !== "function") throw new TypeError(`${what} has no start function`);
  if (transport.description !== undefined && typeof transport.description !== "string")
    throw new TypeError(`${what}: description must be a string`);
  if (kind === "http") {
    if (typeof transport.path !== "string" || !PATH.test(transport.path)) {
      throw new TypeError(
        `${what} has path ${JSON.stringify(transport.path)}; expected "/" or a path such as "/mcp" (segments of letters, digits, ".", "_", "~", "-"; no trailing slash)`,
      );
    }
    if (transport.openapi !== undefined && typeof transport.openapi !== "function")
      throw new TypeError(`${what}: openapi must be a function`);
  }
  if (transport.catalog !== undefined && typeof transport.catalog !== "function")
    throw new TypeError(`${what}: catalog must be a function`);
  if (
    kind === "stdio" &&
    transport.selectFlag !== undefined &&
    (typeof transport.selectFlag !== "string" || !NAME.test(transport.selectFlag))
  ) {
    throw new TypeError(
      `${what} has selectFlag ${JSON.stringify(transport.selectFlag)}; expected a flag name such as "mcp-stdio" (without the leading --)`,
    );
  }
  const flags = transport.flags;
  if (flags !== undefined && (typeof flags !== "object" || flags === null || Array.isArray(flags))) {
    throw new TypeError(`${what}: flags must be an object of flag name → { type, help }`);
  }
  for (const [flag, spec] of Object.entries((flags ?? {}) as Record<string, unknown>)) {
    if (!NAME.test(flag))
      throw new TypeError(
        `${what} declares flag ${JSON.stringify(flag)}; expected lower-case letters, digits and "-", without the leading --`,
      );
    const { type, help, default: fallback, valueName } = (spec ?? {}) as Record<string, unknown>;
    if ((type !== "boolean" && type !== "string") || typeof help !== "string" || help === "") {
      throw new TypeError(`${what}: flag --${flag} needs type "boolean" or "string" and a help text`);
    }
    if (fallback !== undefined && (type !== "string" || typeof fallback !== "string")) {
      throw new TypeError(`${what}: flag --${flag} has a default that is not a string; only a string flag takes one`);
    }
    if (valueName !== undefined && (type !== "string" || typeof valueName !== "string" || valueName === "")) {
      throw new TypeError(
        `${what}: flag --${flag} has a valueName; only a string flag takes one, as a non-empty string`,
      );
    }
  }
  return value as Transport;
}

function checkUnique(entry: Registered, collected: readonly Registered[]): void {
  const { transport } = entry;
  const sameName = collected.find(
    (other) => other.transport.kind === transport.kind && other.transport.name === transport.name,
  );
  if (sameName !== undefined) {
    const article = transport.kind === "http" ? "an" : "a";
    throw new Error(
      `There is already ${article} ${describeTransport(sameName)}; a transport's name is unique among the transports of its kind`,
    );
  }
  if (transport.kind !== "http") return;
  const samePath = collected.find(
    (other) => other.transport.kind === "http" && other.transport.path === transport.path,
  );
  if (samePath !== undefined) {
    throw new Error(
      `http transport "${transport.name}" cannot be mounted at ${transport.path}: ${describeTransport(samePath)} is mounted there; ` +
        "list only one of the two plugins, or give one of them another path",
    );
  }
}

/** One flag a transport declares, its `selectFlag` included (a boolean meaning `--stdio <name>`). */
export interface DeclaredFlag {
  readonly name: string;
  readonly type: "boolean" | "string";
  readonly help: string;
  readonly valueName?: string;
  readonly default?: string;
  readonly owner: Registered;
}

/** Every flag `entry` declares, in declaration order, its select flag last. */
export function flagsOf(entry: Registered): DeclaredFlag[] {
  const flags: DeclaredFlag[] = Object.entries(entry.transport.flags ?? {}).map(([name, spec]) => ({
    name,
    type: spec.type,
    help: spec.help,
    ...(spec.type === "string" && spec.valueName !== undefined ? { valueName: spec.valueName } : {}),
    ...(spec.type === "string" && spec.default !== undefined ? { default: spec.default } : {}),
    owner: entry,
  }));
  const { transport } = entry;
  if (transport.kind === "stdio" && transport.selectFlag !== undefined) {
    flags.push({
      name: transport.selectFlag,
      type: "boolean",
      help: `same as --stdio ${transport.name}`,
      owner: entry,
    });
  }
  return flags;
}

function checkFlags(entry: Registered, reserved: readonly string[], owners: Map<string, Registered>): void {
  const what = `${entry.transport.kind} transport "${entry.transport.name}"`;
  const flags = flagsOf(entry).map((flag) => flag.name);
  for (const [index, flag] of flags.entries()) {
    if (flags.indexOf(flag) !== index)
      throw new TypeError(`${what} declares --${flag} both as a flag and as its selectFlag`);
    if (reserved.includes(flag)) {
      throw new Error(
        `${what} declares --${flag}, which is an option of axn serve itself; name the transport's flags for it (--${entry.transport.name}-…)`,
      );
    }
    const owner = owners.get(flag);
    if (owner !== undefined) {
      throw new Error(
        `${what} declares --${flag}, which ${describeTransport(owner)} declares too; a flag belongs to one transport: name each transport's flags for it (--${entry.transport.name}-…)`,
      );
    }
  }
  for (const flag of flags) owners.set(flag, entry);
}
