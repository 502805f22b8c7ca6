/**
 * The error for an adapter key nobody registered. That is DSL misuse (a typo, or a plugin not
 * listed), never a runtime fault: a plain `TypeError`, outside the axn error brand, carrying the
 * stable code, with a did-you-mean when the key is close to a registered one.
 *
 * @example
 * ```ts
 * unknownAdapterError("Unknown", "mpc", "", ["http", "mcp"]).message;
 * // 'Unknown tool adapter "mpc"; did you mean "mcp"? Registered adapters: http, mcp'
 * ```
 */
import { ErrorCodes } from "./codes.js";
import { didYouMean } from "./did-you-mean.js";

export function unknownAdapterError(
  prefix: string,
  key: string,
  where: string,
  registered: Iterable<string>,
): TypeError {
  const known = [...registered].sort();
  const suggestion = didYouMean(key, known);
  const list = known.length === 0 ? "(none — load a plugin or call Tools.registerAdapter)" : known.join(", ");
  const error = new TypeError(
    `${prefix} tool adapter ${JSON.stringify(key)}${where}; ` +
      (suggestion === undefined ? `registered adapters: ${list}` : `${suggestion} Registered adapters: ${list}`),
  );
  return Object.assign(error, { code: ErrorCodes.UnknownAdapter });
}
