/**
 * This package's deprecator: warnings about axn-plugin-langchain's own API go through it, so an app can
 * silence them in tests or make them throw in CI (`deprecator.behavior = "raise"`), independently
 * of every other package's. All of them are listed by `deprecators()` from @axn/core.
 */
import { createDeprecator } from "@axn/core";

export const deprecator = createDeprecator("axn-plugin-langchain", "1.0");
