/**
 * docs/adapter-authoring.md — every package's deprecations made fatal, as a CI setup file does.
 * Changes every deprecator's behaviour, so test/docs/snippets.spec.ts imports it inside a spec.
 */
import { deprecators } from "@axn/core";
for (const deprecator of deprecators().values()) deprecator.behavior = "raise";
