/**
 * docs/actions.md, docs/adapter-authoring.md — the axn error brand on a package's own errors.
 */
import { markAxnError } from "@axn/core";

/** The root of a package's public error family; keeps whatever superclass its ecosystem needs. */
export class WebhookError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
    this.name = new.target.name;
  }
}
markAxnError(WebhookError);

/** Subclasses inherit the brand through the prototype chain. */
export class RetryLater extends WebhookError {
  constructor(readonly afterSeconds: number) {
    super("WEBHOOKS_RETRY_LATER", `Retry in ${afterSeconds}s`);
  }
}
