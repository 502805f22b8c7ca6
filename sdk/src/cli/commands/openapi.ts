/**
 * `axn openapi`: the OpenAPI 3.1 document of the app's HTTP API — exactly what the server answers
 * at `{basePath}/openapi.json`, produced without opening a port.
 */
import type { Command } from "../command.js";
import { CliError, ExitCode } from "../errors.js";
import { println } from "../io.js";
import { loadApp } from "../load-app.js";
import { HTTP_PLUGIN, httpPlugin } from "../transports.js";

export const openapiCommand: Command = {
  name: "openapi",
  usage: "openapi",
  summary: "Print the OpenAPI document of the HTTP API",
  help: [
    "Prints the OpenAPI 3.1 document the HTTP plugin serves at {basePath}/openapi.json.",
    "Needs axn-plugin-http in the config's plugins.",
    "",
    "Example:",
    "  axn openapi > openapi.json",
  ].join("\n"),
  options: {},
  maxPositionals: 0,
  async run({ io, configPath }) {
    const app = await loadApp(io.cwd, configPath);
    const http = await httpPlugin(app);
    if (http === undefined) {
      throw new CliError(ExitCode.config, `No HTTP API: ${HTTP_PLUGIN} is not listed in the config's plugins`, `Add "http" to plugins in ${app.configPath ?? "axn.config.ts"}.`);
    }
    const basePath = http.httpConfig.get("basePath");
    const server = http.createHttpApp({ openapi: { title: app.name, version: app.version } });
    // Loopback Host: the document is what a local client would fetch.
    const response = await server.fetch(new Request(`http://127.0.0.1${basePath}/openapi.json`));
    if (!response.ok) {
      throw new CliError(
        ExitCode.failure,
        `The HTTP app answered ${response.status} for ${basePath}/openapi.json: ${await response.text()}`,
        "The document is served behind the app's authenticate setting; it must accept an anonymous local request.",
      );
    }
    println(io.stdout, JSON.stringify(await response.json(), null, 2));
    return ExitCode.ok;
  },
};
