/**
 * @axn/core — the kernel: typed actions and results, the config store, the extension registry,
 * the tool registry, schema and value reflection, the Invoker, ambient context, tracing and the
 * host hooks. No transport code lives here.
 *
 * Everything exported from this file is public API, named one by one: a change here is an API
 * change (pinned by test/api-surface.spec.ts). Kernel and test seams live in `@axn/core/internal`
 * (not public) and `@axn/sdk/testing`.
 *
 * @example
 * ```ts
 * import { defineAxn } from "@axn/core";
 * import { z } from "zod";
 *
 * export const Greet = defineAxn({
 *   name: "Greet",
 *   expects: { name: z.string() },
 *   exposes: { greeting: z.string() },
 *   call: ({ name }) => ({ greeting: `Hello, ${name}` }),
 * });
 * const result = await Greet.call({ name: "Ada" }); // result.greeting === "Hello, Ada"
 * ```
 */
export { CORE_VERSION as VERSION } from "./kernel/state.js";

// --- errors ---
export { isAxnError, markAxnError, type BrandedError } from "./errors/brand.js";
export { AxnError } from "./errors/axn-error.js";
export { liveContext, type LiveContext } from "./runtime/live.js";
export { ErrorCodes, type ErrorCode, type AxnErrorCode } from "./errors/codes.js";
export { Failure } from "./errors/failure.js";

// --- action ---
export { Result, type Outcome } from "./action/result.js";
export type {
  ActionContext,
  AfterHook,
  AmbientContextSource,
  AmbientLookup,
  AnyAxn,
  ArgsOf,
  AroundHook,
  Axn,
  AxnDefinition,
  BeforeHook,
  Callbacks,
  CallOptions,
  ErrorMessage,
  ErrorReason,
  ExposedOf,
  Hooks,
  Messages,
  ResultCallback,
  SuccessMessage,
  SuccessReason,
  TraceContext,
} from "./action/types.js";
export type { ActionHandle } from "./action/handle.js";
export { PRINCIPAL_AMBIENT_KEY, type AxnPrincipal } from "./action/principal.js";
export {
  LOG_LEVELS,
  LIVE_NEEDS,
  answerGiven,
  type AskOptions,
  type GivenAnswer,
  type LiveNeed,
  type ElicitAnswer,
  type ElicitForm,
  type ElicitRequest,
  type Elicited,
  type LiveChannel,
  type LiveSampleRequest,
  type LiveSupport,
  type Root,
  type Rooted,
  type LogEntry,
  type LogLevel,
  type ProgressUpdate,
  type SampleMessage,
  type SampleRequest,
  type Sampled,
} from "./action/live.js";
export { media, isMediaSchema, type MediaOptions, type MediaSchema } from "./media/schemas.js";
export type {
  MediaAudio,
  MediaBytes,
  MediaFile,
  MediaImage,
  MediaInput,
  MediaKind,
  MediaResource,
  MediaResourceLink,
  MediaValue,
} from "./media/values.js";
export { mediaFieldsOf, type MediaField } from "./action/media-fields.js";

// --- access ---
export type { AccessDenialReason, AccessPolicy, AccessPredicate, AccessRule } from "./action/access.js";
export { AccessDeniedError, type AccessDeniedDetails } from "./access/access-denied.js";
export {
  accessPolicyOf,
  accessRefusal,
  effectiveAccessPolicy,
  isPublic,
  mayCall,
  policyRefusal,
  type AccessSubject,
} from "./access/decide.js";
export { isPrincipal, principalFrom } from "./access/principal.js";
export type {
  BodyInput,
  CallArgs,
  Exposed,
  ExposeInput,
  FieldDeclaration,
  FieldMetadataKeys,
  FieldOptions,
  FieldSchema,
  FieldSource,
  FieldSpec,
  Fields,
  SchemaOf,
} from "./action/fields.js";
export type {
  AdapterKey,
  AdapterOverrides,
  AdapterSettingsRegistry,
  SemanticHint,
  SemanticHintRegistry,
  ToolBagCommon,
  ToolDeclaration,
} from "./action/registries.js";
export type { JsonSchema, JsonValue } from "./schema/json-schema-types.js";
export { defineAxn } from "./runtime/define.js";
export { Factory, type FactoryOptions } from "./runtime/factory.js";
export {
  ValidationError,
  InboundValidationError,
  OutboundValidationError,
  type FieldError,
} from "./errors/validation.js";
export { ownedFailure } from "./errors/owned.js";
export { Current } from "./context/current.js";
export { annotateSpan, currentSpan } from "./tracing/span.js";
export {
  createDeprecator,
  deprecators,
  deprecator,
  DeprecationError,
  type Deprecator,
  type DeprecationBehavior,
} from "./tracing/deprecator.js";

// --- schema ---
export { JSON_SCHEMA_DIALECT } from "./reflection/json-schema.js";
export { DEFAULT_TOOL_PREFIXES, deriveToolName, TOOL_NAME_PATTERN, type ToolNameOptions } from "./action/tool-name.js";

// --- render ---
export { render, type RenderOptions } from "./render/values.js";
export { UnserializableValue } from "./render/unserializable-value.js";

// --- config / extensions / host ---
export {
  Configurable,
  createConfigurable,
  type SettingsOf,
  type OverridableSettingsOf,
} from "./config/configurable.js";
export type { SettingSpec, SettingCheckResult, SettingInfo } from "./config/setting-spec.js";
export type { ConfigurableAction } from "./config/overrides.js";
export type { ConfigurableView } from "./config/configurable-internals.js";
export { configNamespaces } from "./config/namespaces.js";
export {
  configureAxn,
  axnConfig,
  reportException,
  raisesInDev,
  type AxnAccessOptions,
  type AxnEnv,
  type AxnLogger,
  type AxnGlobalConfig,
  type AxnGlobalOptions,
  type ExceptionHandler,
  type ExceptionInfo,
} from "./options/global.js";
export {
  knownSemanticHints,
  knownFieldMetadataKeys,
  semanticHintOwner,
  fieldMetadataKeyOwner,
} from "./extensions/registry.js";
export {
  fieldMetadata,
  type FieldMetadata,
  type FieldDirection,
  type FieldNameOf,
  type FieldMetadataByField,
} from "./extensions/field-metadata.js";
export {
  HookError,
  HookStage,
  type AdapterConfigSource,
  type AdapterRegistrar,
  type HintRegistrar,
  type MetadataKeyRegistrar,
  type ResultInfo,
  type AccessDeniedInfo,
  type CallAccessDeniedInfo,
  type SurfaceAccessDeniedInfo,
  type HostHooks,
  type HookName,
} from "./host/hooks.js";
export {
  TRANSPORT_KINDS,
  type BooleanTransportFlag,
  type HttpTransport,
  type HttpServingPolicy,
  type HttpTransportContext,
  type RunningHttpTransport,
  type ServingAuthentication,
  type ServingRefusal,
  type RunningStdioTransport,
  type StdioTransport,
  type StdioTransportContext,
  type StdioTransportEnd,
  type StringTransportFlag,
  type Transport,
  type TransportApp,
  type TransportBanner,
  type TransportCatalogEntry,
  type TransportContext,
  type TransportEndpoint,
  type TransportFlag,
  type TransportFlags,
  type TransportFlagValues,
  type TransportKind,
  type TransportRegistrar,
} from "./host/transports.js";
export type { AxnHost, HostPhase } from "./host/host.js";
export { reportAccessDenied } from "./host/observers.js";

// --- queue ---
export type { EnqueueOptions, JobBackoff, JobHandle, JobState, JobStatus } from "./action/job.js";
export { Jobs } from "./queue/jobs.js";
export { createEmbeddedQueue, EmbeddedQueue, type EmbeddedQueueOptions } from "./queue/embedded.js";
export {
  DEFAULT_QUEUE_LIMITS,
  resolveQueueLimits,
  type QueueLimits,
  type QueueLimitSettings,
} from "./queue/limits.js";
export { QueueFullError } from "./queue/queue-full.js";
export {
  SubmitMessages,
  validIdempotencyKey,
  type Submission,
  type SubmitOptions,
  type SubmitRefusal,
} from "./queue/submit.js";
export type {
  JobAdmission,
  JobAttempt,
  JobOptions,
  JobPayload,
  JobSnapshot,
  LocalJobOptions,
  QueueBackend,
  SettledJob,
} from "./queue/backend.js";

// --- tools / invoker ---
export { Tools, type ToolRootsSource, type ToolsForOptions, type ToolVersions } from "./tools/registry.js";
export { BULK_FOLDERS, InvalidToolRoot, assertToolRoots, validateToolRoots } from "./tools/roots.js";
export { Invoker, type InvokerOptions, type InvokeOptions } from "./invoke/invoker.js";
