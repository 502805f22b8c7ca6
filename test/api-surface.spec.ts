/**
 * The public surface of every package, pinned: each entry point's runtime exports, by name. A
 * change here is an API change — make it on purpose, in this file, alongside the docs that
 * describe it. (`@axn/core/internal` is pinned too, though it is not public: its banner says so.)
 */
import { expect } from "chai";
import { readFileSync } from "node:fs";

const SURFACE: Record<string, readonly string[]> = {
  "@axn/core": [
    "AccessDeniedError", "AxnError", "BULK_FOLDERS", "Configurable", "Current", "DEFAULT_TOOL_PREFIXES",
    "DeprecationError", "EmbeddedQueue", "ErrorCodes", "Factory", "Failure", "HookError", "HookStage",
    "InboundValidationError", "InvalidToolRoot", "Invoker", "JSON_SCHEMA_DIALECT", "Jobs", "LOG_LEVELS",
    "OutboundValidationError", "PRINCIPAL_AMBIENT_KEY", "Result", "TOOL_NAME_PATTERN", "TRANSPORT_KINDS", "Tools", "UnserializableValue",
    "VERSION", "ValidationError", "accessPolicyOf", "accessRefusal", "annotateSpan", "assertToolRoots", "axnConfig",
    "configNamespaces", "configureAxn", "createConfigurable", "createDeprecator",
    "createEmbeddedQueue", "currentSpan", "defineAxn", "deprecator", "deprecators", "deriveToolName", "effectiveAccessPolicy",
    "fieldMetadata", "fieldMetadataKeyOwner", "isAxnError", "isMediaSchema", "isPrincipal", "isPublic", "knownFieldMetadataKeys",
    "knownSemanticHints", "markAxnError", "mayCall", "media", "mediaFieldsOf", "ownedFailure", "policyRefusal", "principalFrom", "raisesInDev",
    "render", "reportAccessDenied", "reportException", "semanticHintOwner", "validateToolRoots",
  ],
  "@axn/core/internal": [
    "AXN_INTERNALS", "FOR_PLUGIN", "accessPolicyProblem", "activeHost", "appendPath", "assertKnownHints", "catalogActions", "catalogVersion",
    "clearCatalog", "closestMatch", "configurableFor", "configurableInternals", "createKernelHost", "currentExecution",
    "errorMessage", "extensionsFrozen", "fieldPath", "freezeAccessPolicy", "hostLoaded", "internalsOf", "kernelCopies", "makeResult", "moduleOriginOf",
    "readSchema", "registeredAdapters", "resetAxnConfig", "resetHost", "resetKernel", "setModuleOrigin", "sourceActionOf",
  ],
  "@axn/sdk": [
    "CONFIG_FILE_NAMES", "PLUGIN_PREFIX", "PluginError", "RESERVED_CONFIG_KEYS", "createHost",
    "defineConfig", "definePlugin", "deprecator", "expandPluginName", "findConfigFile",
    "loadConfig", "loadHost",
  ],
  "@axn/sdk/adapter": [
    "ADAPTER_FAILURE_MESSAGE", "LOOPBACK_HOSTS", "NO_AMBIENT", "PRESENT_AS_SETTING", "PRESENT_AS_VALUES", "REJECT_OPAQUE_SETTING",
    "RESPONSE_PHASE", "assertPresentAs", "checkedAccessPolicy", "declarePresentAs", "declareRejectOpaqueExposedValues", "defineAdapterPlugin",
    "errorMessage", "guardToolResponse", "hostCheck", "hostnameOf", "isLoopbackHostname", "mapSettledResult", "reportAdapterError", "resolveToolName",
    "serializeExposed", "toolInvoker", "toolPipeline", "toolRootsDefault", "toolRootsSource",
  ],
  "@axn/sdk/auth": ["bearerToken", "defaultJwtPrincipal", "isAuthRefusal", "jwtVerifier", "refuse", "staticTokens"],
  "@axn/sdk/serving": [
    "AuthMessages", "BUSY_MESSAGE", "BUSY_RETRY_AFTER_SECONDS", "CallSlot", "DEFAULT_CALL_TIMEOUT_MS", "DEFAULT_MAX_CONCURRENT_CALLS",
    "HostMessages", "MAX_DRAIN_BYTES", "PROTECTED_RESOURCE_PATH", "SERVE_NAMESPACE", "authenticateRequest",
    "authenticationConfigured", "callLimiter", "declaredTooLarge", "drain", "hostPolicy", "isJsonContentType", "nodeHostHeader",
    "principalFromEnv", "protectedResourceMetadata", "protectedResourceMetadataUrl", "publicOrigin", "readBodyWithin", "readNodeBody",
    "replyAndDrain", "requestHead", "servingConfig", "servingPolicy", "unreadNodeBody",
  ],
  "@axn/sdk/testing": [
    "BUILT_AXN_PREFIX", "buildAxn", "resetKernel", "uniqueAxnName", "withAmbientContext",
  ],
  "@axn/sdk/queue": ["BullmqQueue", "configuredQueueSettings", "createBullmqQueue", "redisClient", "resolveQueueSettings", "startQueueWorker"],
  "@axn/sdk/conformance": [
    "AMBIENT_FIELD", "CHECK_IDS", "EXCEPTION_HEADLINE", "FAILURE_HEADLINE", "FAILURE_REASON",
    "SECRET_MESSAGE", "ZOD_PROBE_SCHEMAS", "conformanceChecks", "describeAdapterConformance", "runConformanceChecks",
  ],
  "axn-plugin-mcp": [
    "ADAPTER_FAILURE_MESSAGE", "ADAPTER_KEY", "DEFAULT_MAX_BODY_BYTES", "DEFAULT_MAX_SESSIONS", "DEFAULT_SESSION_IDLE_MS",
    "DEFAULT_SESSION_STORE_TIMEOUT_MS", "LIVE_REQUEST_TIMEOUT_MS", "LOCALHOST_NAMES", "MAX_STDIO_MESSAGE_BYTES", "McpAdapter", "STDIO_OVERSIZED_EXIT_CODE",
    "SessionStoreUnavailable",
    "TOOL_VERSION_META_KEY", "createMcpServer", "createMemorySessionStore", "createRedisSessionStore", "createStreamableHttpHandler", "default",
    "defaultServerContext", "definePrompt", "defineResource", "discoverSurface", "mcpConfig", "mcpPlugin", "serveStdio",
  ],
  "axn-plugin-langchain": [
    "ADAPTER_FAILURE_MESSAGE", "ADAPTER_KEY", "ActionTool", "JOB_STATUS_TOOL", "JobStatusTool", "LIVE_EVENTS", "LangchainAdapter", "VERSION", "default", "langchainConfig", "langchainPlugin",
  ],
  "axn-plugin-http": [
    "ADAPTER_KEY", "DEFAULT_BASE_PATH", "DEFAULT_HOSTNAME", "DEFAULT_MAX_BODY_BYTES", "DEFAULT_PORT",
    "HttpAdapter", "HttpMessages", "LOOPBACK_HOSTS", "SSE_EVENTS", "buildOpenApiDocument", "createHttpApp",
    "default", "httpConfig", "httpPlugin", "serve", "tools", "wrap",
  ],
};

/** `Configurable`'s public face: typed reads and writes. Seal, check, by-name read/assign are internal. */
const CONFIGURABLE_FACE = [
  "configNamespace", "configure", "constructor", "describe", "get", "namespace", "overridableKeys", "reset",
  "resolveOverrideFor", "sealed", "setting", "settingKeys",
];

describe("public API surface", () => {
  it("each entry file opens by saying what it exports is public API (internal: its banner)", () => {
    const ENTRY_FILES: Record<string, string> = {
      "@axn/core": "core/src/index.ts",
      "@axn/sdk": "sdk/src/index.ts",
      "@axn/sdk/adapter": "sdk/src/adapter/index.ts",
      "@axn/sdk/queue": "sdk/src/queue/index.ts",
      "@axn/sdk/auth": "sdk/src/auth/index.ts",
      "@axn/sdk/serving": "sdk/src/serving/index.ts",
      "@axn/sdk/testing": "sdk/src/testing/index.ts",
      "@axn/sdk/conformance": "sdk/src/conformance/index.ts",
      "axn-plugin-mcp": "plugins/mcp/src/index.ts",
      "axn-plugin-langchain": "plugins/langchain/src/index.ts",
      "axn-plugin-http": "plugins/http/src/index.ts",
    };
    const header = (file: string) => readFileSync(new URL(`../${file}`, import.meta.url), "utf8").split("*/")[0]!.replace(/\s*\n\s*\*\s*/g, " ");
    for (const file of Object.values(ENTRY_FILES)) expect(header(file), file).to.include("Everything exported from this file is public API");
    expect(header("core/src/internal/index.ts")).to.include("INTERNAL — NOT PUBLIC API");
    expect(Object.keys(SURFACE).sort()).to.deep.equal([...Object.keys(ENTRY_FILES), "@axn/core/internal"].sort());
  });

  it("Configurable shows only its typed reads and writes", async () => {
    const { Configurable, createConfigurable } = await import("@axn/core");
    expect(Object.getOwnPropertyNames(Configurable.prototype).sort()).to.deep.equal(CONFIGURABLE_FACE);
    const config = createConfigurable("axn-plugin-surface") as unknown as Record<string, unknown>;
    for (const hidden of ["seal", "validateAction", "unsealAndReset", "reopen", "read", "assign", "resolveOverride"]) {
      expect(config[hidden], hidden).to.equal(undefined);
    }
  });

  for (const [entry, names] of Object.entries(SURFACE)) {
    it(`${entry} exports exactly the pinned names`, async () => {
      const module = (await import(entry)) as Record<string, unknown>;
      expect(Object.keys(module).sort()).to.deep.equal([...names]);
    });
  }

  it("every shipped adapter plugin exports its key under one name, ADAPTER_KEY", async () => {
    const keys: Record<string, unknown> = {};
    for (const entry of ["axn-plugin-mcp", "axn-plugin-langchain", "axn-plugin-http"]) {
      keys[entry] = ((await import(entry)) as { ADAPTER_KEY?: unknown }).ADAPTER_KEY;
    }
    expect(keys).to.deep.equal({ "axn-plugin-mcp": "mcp", "axn-plugin-langchain": "langchain", "axn-plugin-http": "http" });
  });
});
