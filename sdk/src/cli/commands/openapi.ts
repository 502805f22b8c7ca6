/**
 * `axn openapi`: the OpenAPI document of the app's HTTP API — exactly what its transport answers
 * (the HTTP plugin's `{basePath}/openapi.json`), produced without opening a port. Any registered
 * HTTP transport that describes itself (`openapi()`) can answer; with several, `--transport NAME`
 * picks one.
 */
import type { HttpTransport } from "@axn/core";
import { errorMessage } from "@axn/core/internal";
import { closestMatch } from "../../config/did-you-mean.js";
import type { Command } from "../command.js";
import { CliError, ExitCode, usageError } from "../errors.js";
import { println } from "../io.js";
import { loadApp } from "../load-app.js";
import { appTransports } from "../serve/app-transports.js";
import { describeTransport, isHttp, type Registered } from "../serve/registered.js";

export const openapiCommand: Command = {
  name: "openapi",
  usage: "openapi [--transport NAME]",
  summary: "Print the OpenAPI document of the HTTP API",
  help: [
    "Prints the OpenAPI 3.1 document an HTTP transport serves (the HTTP plugin's",
    "{basePath}/openapi.json), without opening a port. Needs a plugin whose HTTP transport",
    "describes itself with one.",
    "",
    "Options:",
    "  --transport NAME   the HTTP transport to describe, when several can",
    "",
    "Example:",
    "  axn openapi > openapi.json",
  ].join("\n"),
  // The document is JSON; --json is accepted so every data command takes it.
  options: { transport: { type: "string" }, json: { type: "boolean" } },
  maxPositionals: 0,
  async run({ io, values, configPath }) {
    const app = await loadApp(io.cwd, configPath);
    const documented = appTransports(app)
      .filter(isHttp)
      .filter((entry) => entry.transport.openapi !== undefined);
    const entry = pick(
      documented,
      typeof values["transport"] === "string" ? values["transport"] : undefined,
      app.configPath ?? "axn.config.ts",
    );
    let document: Record<string, unknown>;
    try {
      document = await entry.transport.openapi!({ name: app.name, version: app.version, root: app.root });
    } catch (error) {
      throw new CliError(
        ExitCode.failure,
        `${describeTransport(entry)} could not produce its OpenAPI document: ${errorMessage(error)}`,
        "The plugin named above says why; fix its settings and run axn openapi again.",
        { cause: error },
      );
    }
    println(io.stdout, JSON.stringify(document, null, 2));
    return ExitCode.ok;
  },
};

function pick(
  documented: readonly Registered<HttpTransport>[],
  named: string | undefined,
  where: string,
): Registered<HttpTransport> {
  if (named !== undefined) {
    const entry = documented.find((candidate) => candidate.transport.name === named);
    if (entry !== undefined) return entry;
    const names = documented.map((candidate) => candidate.transport.name);
    const suggestion = closestMatch(named, names);
    throw usageError(
      `No HTTP transport named "${named}" has an OpenAPI document; ${suggestion !== undefined ? `did you mean "${suggestion}"?` : `those that do: ${names.join(", ") || "none"}`}`,
      "openapi",
    );
  }
  const [first, ...others] = documented;
  if (first === undefined) {
    throw new CliError(
      ExitCode.config,
      "No OpenAPI document: no loaded plugin registers an HTTP transport that describes itself with one",
      `List such a plugin (the shipped one: "http") in plugins in ${where}.`,
    );
  }
  if (others.length > 0) {
    throw usageError(
      `Several HTTP transports have an OpenAPI document (${documented.map(describeTransport).join(", ")}); pick one with --transport NAME`,
      "openapi",
    );
  }
  return first;
}
