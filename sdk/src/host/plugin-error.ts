/**
 * `PluginError`: every plugin-loading failure. It names the plugin (`plugin`) and carries one of
 * the stable `AXN_PLUGIN_*` codes, with the underlying error as `cause` where there is one.
 */
import { AxnError } from "@axn/core";

export class PluginError extends AxnError {
  /** The plugin's name, or the config entry when the plugin never got as far as having one. */
  readonly plugin: string;

  constructor(code: string, plugin: string, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
    this.plugin = plugin;
  }
}
