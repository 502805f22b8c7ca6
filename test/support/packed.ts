/**
 * The five workspace packages, `npm pack`ed once and shared by every spec that installs them into a
 * fresh project (test/e2e/fresh-app.spec.ts, test/e2e/getting-started.spec.ts). Packing all five
 * costs seconds of a loaded 2-core machine each time; the tarballs only change when a package's
 * files do, so they are kept in a folder keyed by a hash of those files (in the OS temp folder,
 * outside any node_modules a fresh project could resolve through). Within one mocha process the
 * folder is computed once; a second process with the same packages finds it and reuses it.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, relative } from "node:path";
import { repo } from "./axn-child.js";

/** Workspace folders of the published packages, in pack order. */
const PACKED_WORKSPACES = ["core", "sdk", "plugins/mcp", "plugins/langchain", "plugins/http"] as const;

/** One tarball, as `npm pack --json` describes it; `tarball` is its absolute path. */
export interface PackedPackage {
  readonly name: string;
  readonly filename: string;
  readonly tarball: string;
  readonly files: readonly { readonly path: string }[];
}

const PREFIX = "axn-packed-";
const MANIFEST = "pack.json";
const DAY_MS = 24 * 60 * 60 * 1000;

let packing: Promise<readonly PackedPackage[]> | undefined;

/** The packed packages: packed on first use per content, then the same tarballs. */
export function packedPackages(): Promise<readonly PackedPackage[]> {
  packing ??= pack().catch((error: unknown) => {
    packing = undefined; // a failed pack is not cached: the next spec tries again and shows its own error
    throw error;
  });
  return packing;
}

async function pack(): Promise<readonly PackedPackage[]> {
  for (const folder of PACKED_WORKSPACES) {
    if (!existsSync(join(repo, folder, "dist/index.js")) || !existsSync(join(repo, folder, "docs/README.md")))
      throw new Error(`${folder}/dist or ${folder}/docs is missing: build first (npm run build)`);
  }
  const folder = join(tmpdir(), `${PREFIX}${contentKey()}`);
  const cached = readManifest(folder);
  if (cached !== undefined) return cached;

  // Packed beside, then renamed into place: a concurrent mocha process never sees a half-written set.
  const staging = mkdtempSync(join(tmpdir(), `${PREFIX}staging-`));
  try {
    const stdout = await npmPack(staging);
    const entries = (JSON.parse(stdout) as { name: string; filename: string; files: { path: string }[] }[]).map(
      ({ name, filename, files }) => ({ name, filename, files: files.map(({ path }) => ({ path })) }),
    );
    writeFileSync(join(staging, MANIFEST), JSON.stringify(entries));
    try {
      renameSync(staging, folder);
    } catch {
      // Another process put the same set in place first; its tarballs are as good as ours.
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  // Sets of other contents may be in use by another checkout's run right now: only day-old ones go.
  for (const name of readdirSync(tmpdir()).filter((entry) => entry.startsWith(PREFIX))) {
    const path = join(tmpdir(), name);
    if (path !== folder && Date.now() - statSync(path).mtimeMs > DAY_MS) rmSync(path, { recursive: true, force: true });
  }
  const packed = readManifest(folder);
  if (packed === undefined) throw new Error(`npm pack left no complete set in ${folder}`);
  return packed;
}

function readManifest(folder: string): readonly PackedPackage[] | undefined {
  const path = join(folder, MANIFEST);
  if (!existsSync(path)) return undefined;
  const entries = JSON.parse(readFileSync(path, "utf8")) as Omit<PackedPackage, "tarball">[];
  const packed = entries.map((entry) => ({ ...entry, tarball: join(folder, entry.filename) }));
  return packed.every((entry) => existsSync(entry.tarball)) ? packed : undefined;
}

/** A hash of every file a pack could include: each workspace's files outside node_modules. */
function contentKey(): string {
  const hash = createHash("sha256");
  for (const workspace of PACKED_WORKSPACES) {
    const root = join(repo, workspace);
    const visit = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
        if (entry.name === "node_modules" || entry.name === ".tsbuildinfo") continue;
        const path = join(dir, entry.name);
        if (entry.isDirectory()) visit(path);
        else if (entry.isFile())
          hash
            .update(`${relative(repo, path)}\0`)
            .update(readFileSync(path))
            .update("\0");
      }
    };
    visit(root);
  }
  return hash.digest("hex").slice(0, 16);
}

/** `npm pack` of the five workspaces, without the npm-script variables of an `npm test` run. */
function npmPack(destination: string): Promise<string> {
  const env = { ...process.env };
  for (const key of Object.keys(env)) {
    if (/^npm_(package_|lifecycle_|command$)/i.test(key)) delete env[key];
    if (/^npm_config_(workspaces?|include_workspace_root|global|prefix|dry_run|json|pack_destination)$/i.test(key))
      delete env[key];
  }
  const args = [
    "pack",
    "--json",
    "--pack-destination",
    destination,
    ...PACKED_WORKSPACES.flatMap((folder) => ["-w", folder]),
  ];
  const execPath = process.env["npm_execpath"];
  const [file, argv] =
    execPath !== undefined && basename(execPath) === "npm-cli.js"
      ? [process.execPath, [execPath, ...args]]
      : ["npm", args];
  return new Promise((done, fail) => {
    execFile(
      file,
      argv,
      { cwd: repo, env, timeout: 180_000, killSignal: "SIGKILL", maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error === null) done(stdout);
        else fail(new Error(`npm pack failed:\n--- stdout\n${stdout}\n--- stderr\n${stderr}`));
      },
    );
  });
}
