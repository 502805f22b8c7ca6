/**
 * The file watcher behind `axn dev`: every file and folder under the app's folder (tool roots, the
 * config, `src/`), installs, builds, VCS and editors' scratch files excepted, reported once per
 * burst of changes.
 *
 * Why chokidar 5 and not raw `fs.watch({ recursive: true })`: on Linux that watch follows inodes, so
 * once a file is saved by writing a temp file and renaming it over the original (`sed -i`, editors'
 * "safe write"), later saves of it are never reported and `axn dev` serves old code. chokidar
 * watches each folder and re-attaches on renames, deletions and new folders. Chosen over
 * `@parcel/watcher` 2.6, which handles the same saves: chokidar is plain JavaScript (~150 kB with
 * its one dependency), where the native watcher runs an install script (`node-gyp rebuild`, which
 * npm 11 asks every installer of @axn/sdk to approve) and needs a prebuilt binary per platform.
 * chokidar 5, not 6: 6 needs Node 22.22+, and the SDK still runs on Node 20.
 */
import { relative, sep } from "node:path";
import { watch } from "chokidar";

/** Changes under these never restart the server (installs, builds, VCS, caches). */
const IGNORED_FOLDERS = /(^|[/\\])(node_modules|\.git|dist|coverage|\.cache)([/\\]|$)/;
/** Editors' scratch files: backups (`x~`), vim's swap and probe files, atomic-save temp files. */
const SCRATCH_FILE = /(~|\.sw[pox]|[/\\]4913|\.tmp|\.crswap)$/;
// Editors write a file in several steps (temp file, rename, chmod): one report per burst.
const SETTLE_MS = 150;

export interface AppWatcher {
  close(): Promise<void>;
}

/**
 * Calls `onChange` with the path (relative to `root`) of the last file changed in a burst, once
 * the burst has settled. Resolves once the initial scan is done: changes after that are seen.
 */
export async function watchApp(root: string, onChange: (file: string) => void): Promise<AppWatcher> {
  let timer: NodeJS.Timeout | undefined;
  let last = "";
  const watcher = watch(root, {
    ignoreInitial: true,
    ignored: (path) => {
      const inside = relative(root, path);
      return inside !== "" && (IGNORED_FOLDERS.test(inside) || SCRATCH_FILE.test(`${sep}${inside}`));
    },
  });
  watcher.on("all", (_event, path) => {
    last = relative(root, path);
    clearTimeout(timer);
    timer = setTimeout(() => onChange(last), SETTLE_MS);
  });
  await new Promise<void>((ready) => watcher.once("ready", () => ready()));
  return {
    close: async () => {
      clearTimeout(timer);
      await watcher.close();
    },
  };
}
