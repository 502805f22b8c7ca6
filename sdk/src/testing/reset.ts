/**
 * `resetAxn`: forgets the process-wide state specs accumulate, so the next spec starts from a
 * fresh process's view: the action catalog, the host (its adapters, plugin hints, metadata keys,
 * every package's settings), the tool registry (grants, roots, caches) and the global config.
 * Call it in a `beforeEach`/`afterEach` of specs that load hosts or enumerate tools.
 *
 * Modules already imported stay cached by the loader: an action defined at a module's top level
 * is not defined again. The registry's `discover()` re-adds what a tool root exports.
 */
import { resetAxnConfig, resetHost, Tools } from "@axn/core";
import { clearCatalog } from "@axn/core/internal";

export function resetAxn(): void {
  clearCatalog();
  resetHost();
  // resetHost() already tells the registry through its reset listener; repeated here so a
  // registry that was filled without a host (Tools.registerAdapter in a spec) is cleared too.
  Tools.reset();
  resetAxnConfig();
}
