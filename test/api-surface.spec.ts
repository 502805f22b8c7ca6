/**
 * The public surface of every package, pinned: each entry point's runtime exports, by name. A
 * change here is an API change — make it on purpose, in this file, alongside the docs that
 * describe it. (`@axn/core/internal` is pinned too, though it is not public: its banner says so.)
 */
import { expect } from "chai";

const SURFACE: Record<string, readonly string[]> = {
  "@axn/core": [
    "AccessDeniedError", "AxnError", "BULK_FOLDERS", "Configurable", "Current", "DEFAULT_TOOL_PREFIXES",
    "DeprecationError", "ErrorCodes", "Factory", "Failure", "HookError", "HookStage",
    "InboundValidationError", "InvalidToolRoot", "Invoker", "JSON_SCHEMA_DIALECT", "LOG_LEVELS",
    "OutboundValidationError", "PRINCIPAL_AMBIENT_KEY", "Result", "TOOL_NAME_PATTERN", "TRANSPORT_KINDS", "Tools", "UnserializableValue",
    "VERSION", "ValidationError", "accessPolicyOf", "accessRefusal", "activeHost", "annotateSpan", "assertToolRoots", "axnConfig",
    "configNamespaces", "configurableFor", "configureAxn", "createConfigurable", "createDeprecator",
    "createKernelHost", "currentSpan", "defineAxn", "deprecator", "deprecators", "deriveToolName",
    "fieldMetadata", "fieldMetadataKeyOwner", "hostLoaded", "isAxnError", "isMediaSchema", "isPrincipal", "isPublic", "knownFieldMetadataKeys",
    "knownSemanticHints", "markAxnError", "mayCall", "media", "mediaFieldsOf", "ownedFailure", "principalFrom", "raisesInDev", "registerFieldMetadataKey",
    "registerSemanticHint", "registeredAdapters", "render", "reportException", "resetAxnConfig",
    "resetHost", "semanticHintOwner", "validateToolRoots",
  ],
  "@axn/core/internal": [
    "AXN_INTERNALS", "FOR_PLUGIN", "appendPath", "assertKnownHints", "catalogActions", "catalogVersion", "clearCatalog",
    "closestMatch", "currentExecution", "errorMessage", "extensionsFrozen", "internalsOf", "kernelCopies", "makeResult",
    "moduleOriginOf", "readSchema", "resetKernel", "setModuleOrigin", "sourceActionOf",
  ],
  "@axn/sdk": [
    "CONFIG_FILE_NAMES", "PLUGIN_PREFIX", "PluginError", "RESERVED_CONFIG_KEYS", "createHost",
    "defineConfig", "definePlugin", "deprecator", "expandPluginName", "findConfigFile",
    "loadConfig", "loadHost",
  ],
  "@axn/sdk/adapter": [
    "ADAPTER_FAILURE_MESSAGE", "LOOPBACK_HOSTS", "PRESENT_AS_SETTING", "PRESENT_AS_VALUES", "REJECT_OPAQUE_SETTING",
    "RESPONSE_PHASE", "assertPresentAs", "declarePresentAs", "declareRejectOpaqueExposedValues", "defineAdapterPlugin",
    "guardToolResponse", "hostCheck", "hostnameOf", "isLoopbackHostname", "reportAdapterError", "resolveToolName",
    "serializeExposed", "toolInvoker", "toolPipeline", "toolRootsDefault", "toolRootsSource",
  ],
  "@axn/sdk/testing": [
    "BUILT_AXN_PREFIX", "buildAxn", "resetAxn", "resetKernel", "uniqueAxnName", "withAmbientContext",
  ],
  "@axn/sdk/conformance": [
    "AMBIENT_FIELD", "CHECK_IDS", "EXCEPTION_HEADLINE", "FAILURE_HEADLINE", "FAILURE_REASON",
    "SECRET_MESSAGE", "ZOD_PROBE_SCHEMAS", "conformanceChecks", "describeAdapterConformance", "runConformanceChecks",
  ],
  "axn-plugin-mcp": [
    "ADAPTER_FAILURE_MESSAGE", "ADAPTER_KEY", "DEFAULT_MAX_BODY_BYTES", "LIVE_REQUEST_TIMEOUT_MS", "LOCALHOST_NAMES", "MCP_KEY", "McpAdapter",
    "TOOL_VERSION_META_KEY", "createMcpServer", "createStreamableHttpHandler", "default",
    "defaultServerContext", "definePrompt", "defineResource", "deprecator", "discoverSurface", "mcpConfig", "mcpPlugin", "serveStdio",
  ],
  "axn-plugin-langchain": [
    "ADAPTER_FAILURE_MESSAGE", "ADAPTER_KEY", "ActionTool", "LIVE_EVENTS", "LangchainAdapter", "VERSION", "default", "deprecator", "langchainConfig", "langchainPlugin",
  ],
  "axn-plugin-http": [
    "ADAPTER_KEY", "DEFAULT_BASE_PATH", "DEFAULT_HOSTNAME", "DEFAULT_MAX_BODY_BYTES", "DEFAULT_PORT", "HTTP_KEY",
    "HttpAdapter", "HttpMessages", "LOOPBACK_HOSTS", "SSE_EVENTS", "buildOpenApiDocument", "createHttpApp",
    "default", "deprecator", "httpConfig", "httpPlugin", "serve", "tools", "wrap",
  ],
};

describe("public API surface", () => {
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
