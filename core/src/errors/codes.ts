/**
 * Stable error codes. A code never changes meaning once published; messages may be reworded.
 * Every error this library throws carries one of these as `code`.
 */
export const ErrorCodes = {
  /** An action's inbound (expects) validation failed. */
  InboundInvalid: "AXN_INBOUND_INVALID",
  /** An action's outbound (exposes) validation failed: a bug in the action. */
  OutboundInvalid: "AXN_OUTBOUND_INVALID",
  /** An exposed value has no honest JSON representation. */
  Unserializable: "AXN_UNSERIALIZABLE_VALUE",
  /** A configuration setting was given a value it does not accept. */
  InvalidSetting: "AXN_INVALID_SETTING",
  /** A setting was read or written that was never declared. */
  UnknownSetting: "AXN_UNKNOWN_SETTING",
  /** `resolveOverrideFor` was asked for a setting that is not overridable. */
  NotOverridable: "AXN_SETTING_NOT_OVERRIDABLE",
  /** A registry was written to after the host finished loading. */
  RegistryFrozen: "AXN_REGISTRY_FROZEN",
  /** A semantic hint that no one registered. */
  UnknownHint: "AXN_UNKNOWN_SEMANTIC_HINT",
  /** A field-metadata key that collides with a name the core DSL owns. */
  ReservedMetadataKey: "AXN_RESERVED_METADATA_KEY",
  /** A tap on a host hook threw. */
  HookFailed: "AXN_HOOK_FAILED",
  /** A setting or config namespace was declared wrongly (e.g. overridable before `configNamespace`). */
  InvalidSettingDeclaration: "AXN_INVALID_SETTING_DECLARATION",
  /** A name given to a registry (hint, metadata key, adapter key) is not a usable name. */
  InvalidRegistryName: "AXN_INVALID_REGISTRY_NAME",
  /** A second host was started while one is active (one host per process). */
  HostActive: "AXN_HOST_ACTIVE",
  /** A second copy of @axn/core loaded that cannot share the first one's kernel state. */
  KernelMismatch: "AXN_KERNEL_MISMATCH",
  /** A field named `__proto__`, refused at definition (on a plain `TypeError`: DSL misuse). */
  ReservedFieldName: "AXN_RESERVED_FIELD_NAME",
  /** Tools: an adapter key nobody registered. */
  UnknownAdapter: "AXN_UNKNOWN_ADAPTER",
  /** Tools: no tool with that name for the adapter. */
  UnknownTool: "AXN_UNKNOWN_TOOL",
  /** `callOrThrow`: the action failed (a control-flow signal, outside the axn error brand). */
  Failure: "AXN_FAILURE",
  /** Tools: two actions share a tool name and version. */
  ToolConflict: "AXN_TOOL_CONFLICT",
  /** Tools: a `V<n>` name segment that disagrees with the declared tool version. */
  ToolVersionMismatch: "AXN_TOOL_VERSION_MISMATCH",
  /** Tools: a tool root that is too broad or escapes the project. */
  InvalidToolRoot: "AXN_INVALID_TOOL_ROOT",
  /** Plugin loading. */
  PluginNotFound: "AXN_PLUGIN_NOT_FOUND",
  PluginInvalid: "AXN_PLUGIN_INVALID",
  PluginHostVersion: "AXN_PLUGIN_HOST_VERSION",
  PluginMissingDependency: "AXN_PLUGIN_MISSING_DEPENDENCY",
  PluginDuplicate: "AXN_PLUGIN_DUPLICATE",
  PluginApplyFailed: "AXN_PLUGIN_APPLY_FAILED",
  ConfigNotFound: "AXN_CONFIG_NOT_FOUND",
  ConfigInvalid: "AXN_CONFIG_INVALID",
  /** Loading: a module of the app, a plugin or @axn/core imports a package that is not installed. */
  PackageMissing: "AXN_PACKAGE_MISSING",
  /** Loading: a module imports a file that does not exist. */
  ModuleMissing: "AXN_MODULE_MISSING",
  /** Queue: an argument or ambient value that cannot travel with a job (not plain JSON data). */
  JobUnserializable: "AXN_JOB_UNSERIALIZABLE",
  /** Queue: an enqueue option with a value it does not accept, or an action a worker cannot find. */
  JobInvalid: "AXN_JOB_INVALID",
  /** Queue: no job with that id (never enqueued, expired, or lost with an embedded queue's process). */
  JobNotFound: "AXN_JOB_NOT_FOUND",
  /** Queue: every attempt of the job threw; it is in the dead-letter state. */
  JobDead: "AXN_JOB_DEAD",
  /** Queue: the job was cancelled before it settled. */
  JobCancelled: "AXN_JOB_CANCELLED",
  /** Queue: the job's arguments and ambient context are larger than the queue's `maxJobBytes`. */
  JobTooLarge: "AXN_JOB_TOO_LARGE",
  /** Queue: the owner's (or every owner's) waiting jobs are at the queue's cap; try again later. */
  QueueFull: "AXN_QUEUE_FULL",
  /** Queue: the backend did not store the job within the enqueue deadline (Redis unreachable); it will not run. */
  EnqueueTimeout: "AXN_ENQUEUE_TIMEOUT",
  /** Access: the action needs an authenticated caller and the call had no principal (HTTP 401). */
  Unauthenticated: "AXN_UNAUTHENTICATED",
  /** Access: the caller's principal does not satisfy the action's access policy (HTTP 403). */
  Forbidden: "AXN_FORBIDDEN",
  /** A deprecation made fatal by the app. */
  Deprecated: "AXN_DEPRECATED",
} as const;

export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

/**
 * The `code` of an axn error: one of core's {@link ErrorCodes}, or a plugin's own stable code
 * (prefixed with its package, e.g. `"WEBHOOKS_RETRY_LATER"`). Core's codes complete in an editor;
 * any other string is accepted.
 */
export type AxnErrorCode = ErrorCode | (string & {});
