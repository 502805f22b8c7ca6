/**
 * The conventions the suite checks, each with the sentence a failing check ends with: which
 * convention broke, and which helper keeps it. A failure message is
 * `<plugin>: <what the client saw>. Broken convention: <rule>. Use <helper>.`
 */
import { AssertionError } from "node:assert";

const CONVENTIONS = {
  load: {
    rule: "the plugin loads through the host (createHost checks its shape, host range and dependencies, then applies it)",
    use: "definePlugin({ name, version, host, dependencies?, apply }) from @axn/sdk",
  },
  hostRange: {
    rule: "the plugin's host range includes the @axn/core the app installs",
    use: 'definePlugin({ host: "^<the @axn/core version you build against>" })',
  },
  dependencies: {
    rule: "every plugin named in dependencies is listed before the plugin",
    use: "the names of real plugins in definePlugin({ dependencies }), and give them to the suite as the driver's requires",
  },
  registerAdapter: {
    rule: "the plugin registers its adapter key while the host loads (host.hooks.registerAdapter, in apply())",
    use: "defineAdapterPlugin({ name, version, host, key, settings, wrap }) from @axn/sdk/adapter, which registers it (or host.hooks.registerAdapter.tap(pluginName, (adapters) => adapters.add(key)) in apply())",
  },
  tapsInApply: {
    rule: "hooks are tapped while the host loads, in apply(); after load the host refuses a tap (AXN_REGISTRY_FROZEN)",
    use: "host.hooks.<hook>.tap(pluginName, fn) inside apply() — never in wrap(), tools() or a call",
  },
  wrapAnyAction: {
    rule: "wrap(action) takes any plain action with every option defaulted, reading only its public reflection",
    use: "defaults for every wrap option, and action.toolName(key), action.description, action.inputSchema, action.outputSchema",
  },
  authorOnce: {
    rule: "author once: an adapter never changes the action it wraps (actions and their schemas are frozen and shared by every adapter)",
    use: "your own native object for what you compute; copy a schema before you change it",
  },
  toolName: {
    rule: "the advertised name is action.toolName(key), which honours a per-adapter tool: { <key>: { name } } override (the zero-argument toolName() does not)",
    use: "action.toolName(key)",
  },
  inputSchema: {
    rule: "the advertised input schema is action.inputSchema, unchanged",
    use: "action.inputSchema as it is, wrapped in the transport's schema object",
  },
  ambientAbsent: {
    rule: "ambient fields are never advertised (action.inputSchema already leaves them out)",
    use: 'action.inputSchema as it is; never re-add on: "ambientContext" fields',
  },
  ambientTrusted: {
    rule: "the ambient context is the server side's, passed flat on every call; an ambientContext / ambient_context argument from the model is ignored",
    use: "toolPipeline(action, { success, failure }) from @axn/sdk/adapter, called as run(args, { ambientContext }) with the trusted context as a flat object",
  },
  ambientPerCall: {
    rule: "the ambient context of one call is never visible to another, concurrent call",
    use: "run(args, { ambientContext }) of toolPipeline(action, mapping) on each call (AsyncLocalStorage for live handles), never a variable shared between calls",
  },
  coercion: {
    rule: 'wire arguments are coerced before validation ("3" → 3)',
    use: "toolPipeline(action, { success, failure }) from @axn/sdk/adapter, which calls the shared tool Invoker profile (toolInvoker), never action.call",
  },
  inputErrors: {
    rule: "invalid arguments are answered with the Invoker's user-facing result.error, naming each wrong field, and undeclared arguments are refused",
    use: "toolPipeline(action, { success, failure }) from @axn/sdk/adapter, answering with the failure it hands you ({ error, fieldErrors? })",
  },
  resultError: {
    rule: "a failed call is answered with result.error, exactly — nothing added, nothing dropped",
    use: "result.error as the failure text (Invoker.fieldErrors(result) for per-field detail beside it)",
  },
  noHeadline: {
    rule: "no adapter-wide error headline: each action declares its own messages.error, and a blanket headline erases it",
    use: "result.error as it is",
  },
  exceptionHidden: {
    rule: "the client never sees result.exception: not its message, not a stack trace",
    use: "result.error for every failure",
  },
  guardedMapping: {
    rule: "the mapping step never escapes: a throw while turning a result into a response is reported once and answered with the adapter's own error",
    use: "toolPipeline(action, { success, failure }) from @axn/sdk/adapter, which runs your mapping under the guard (or guardToolResponse(action, { onError }, () => map(result)) around the mapping only)",
  },
  presentAs: {
    rule: "presentAs is resolved for each action (its configure / tool bag, then the package value)",
    use: 'config.resolveOverrideFor(action, "presentAs"), never config.get("presentAs")',
  },
  rejectOpaque: {
    rule: "rejectOpaqueExposedValues is an overridable setting resolved for each action",
    use: "declareRejectOpaqueExposedValues(config, { default }) and serializeExposed(config, result) from @axn/sdk/adapter, never render(result, { rejectOpaque: config.get(...) })",
  },
  liveSafe: {
    rule: "an action's live capabilities (ctx.progress, ctx.notify, ctx.elicit, ctx.sample) never break a call: a transport carries what it can and leaves the rest out, which the action sees as a no-op or unavailable",
    use: "a LiveChannel as the call options' live, with only the members your transport can carry (or no live at all)",
  },
  accessChecked: {
    rule: "a caller the action's access policy refuses is answered with the refusal (result.error) and the tool never runs",
    use: "toolPipeline(action, { success, failure }) from @axn/sdk/adapter, which calls the shared tool Invoker (it checks the policy), never action.call",
  },
  cancellation: {
    rule: "the client's cancellation reaches the action: when the client abandons a call, the action's ctx.signal aborts",
    use: "run(args, { ambientContext, signal }) of toolPipeline(action, mapping) from @axn/sdk/adapter, with the signal your client's cancellation aborts (the MCP request's, the HTTP request's, the agent run's)",
  },
  deadline: {
    rule: "every call has a deadline: past serve.callTimeoutMs (overridable per action) the action's signal aborts and the caller is answered the timeout failure at once, even while a body that ignores its signal runs on",
    use: 'toolPipeline(action, { success, failure }) from @axn/sdk/adapter (it answers failure({ error }, "timeout")), never toolInvoker.call or action.call on their own',
  },
  toolsFiltered: {
    rule: "tools({ principal }) offers only the tools that caller may call (each action's access policy); tools() with no options offers every member",
    use: "the tools() defineAdapterPlugin from @axn/sdk/adapter generates, or Tools.for(key, { principal }) in your own",
  },
  servedHosts: {
    rule: "a served endpoint applies the serving policy's Host and Origin checks to every request before any tool runs (a foreign Host or Origin is answered 403)",
    use: "serving.checkRequest(request) of the policy your transport's start({ serving }) receives, answering its refusal's status and message",
  },
  servedBodyLimit: {
    rule: "a served endpoint reads a request body only up to its limit, and answers a larger one 413 without running a tool",
    use: "readNodeBody(request, maxBodyBytes) (or readBodyWithin) and replyAndDrain(request, response, 413, headers, body) from @axn/sdk/serving",
  },
  servedAuthentication: {
    rule: "a served endpoint authenticates every request with the app's serve.authenticate: no token or a wrong token is answered 401 and no tool runs",
    use: "await serving.authenticate(request, path) of start({ serving }), answering a refusal with its status, message and headers",
  },
  servedPrincipal: {
    rule: "the principal authentication establishes reaches the action as the trusted ambient principal",
    use: "run(args, { ambientContext: { [PRINCIPAL_AMBIENT_KEY]: principal } }) of toolPipeline(action, mapping), with the principal serving.authenticate answered",
  },
  servedSlot: {
    rule: "every tool call holds a slot of the server's cap (serve.maxConcurrentCalls); with none free it is answered 503 at once and does not run",
    use: "serving.acquireCall() and a CallSlot per call (its onOverdue in the call's options), or withCallSlot(run, serving, busy) from @axn/sdk/adapter for the calls a loop makes",
  },
  zeroArgTools: {
    rule: "tools() takes no arguments and wraps every member of the adapter key",
    use: "defineAdapterPlugin({ name, version, host, key, settings, wrap }) from @axn/sdk/adapter, which generates tools(), with every wrap option defaulted",
  },
} as const;

export type ConventionId = keyof typeof CONVENTIONS;

/** The message of a failed check. */
function brokenMessage(label: string, convention: ConventionId, observed: string): string {
  const { rule, use } = CONVENTIONS[convention];
  return `${label}: ${observed}. Broken convention: ${rule}. Use ${use}.`;
}

/** A failed check: an `AssertionError` (what mocha reports as a failure) with that message. */
export function broken(label: string, convention: ConventionId, observed: string): AssertionError {
  return new AssertionError({ message: brokenMessage(label, convention, observed) });
}

/** `JSON.stringify` for messages, shortened. */
export function show(value: unknown, max = 300): string {
  let text: string;
  try {
    text = typeof value === "string" ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** A client's text for a message: its first line (a stack trace below it names files), shortened. */
export function showText(text: string, max = 200): string {
  const newline = text.indexOf("\n");
  const line = newline === -1 ? text : text.slice(0, newline);
  const cut = line.length > max ? line.slice(0, max) : line;
  return `${JSON.stringify(cut)}${cut.length < text.length ? "…" : ""}`;
}
