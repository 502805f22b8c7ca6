/**
 * @axn/sdk's deprecator: warnings about the kit's own API go through it, so an app can silence
 * them in tests or make them throw in CI, independently of every other package's.
 */
import { createDeprecator } from "@axn/core";

export const deprecator = createDeprecator("@axn/sdk", "1.0");
