/**
 * toolRootsDefault judges an adapter's default roots by their real path, at the call site (issue
 * 16, item 10). The seed: tool_roots_default "validates the value eagerly, at the call site", with
 * "core's single broad-path guard" — which now also refuses a root that is a symlink to a bulk folder.
 */
import { expect } from "chai";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createConfigurable, InvalidToolRoot, Tools } from "@axn/core";
import { toolRootsDefault } from "@axn/sdk/adapter";

describe("toolRootsDefault and symlinked roots", () => {
  let dir = "";
  const before = Tools.projectRoot();
  beforeEach(() => {
    dir = realpathSync(mkdtempSync(join(tmpdir(), "axn-default-roots-")));
    mkdirSync(join(dir, "app"));
    symlinkSync("app", join(dir, "agent_tools"));
    Tools.setProjectRoot(dir);
  });
  afterEach(() => {
    Tools.setProjectRoot(before);
    rmSync(dir, { recursive: true, force: true });
  });

  it("refuses a default root that is a symlink to a bulk folder when the plugin declares it", () => {
    const config = createConfigurable("axn-plugin-linkedroots").configNamespace("linkedroots");
    expect(() => toolRootsDefault(config, ["agent_tools"])).to.throw(
      InvalidToolRoot,
      'tool root "agent_tools" resolves (through a symlink) to "app", which ends in the bulk folder "app"; point it at a folder that holds only tools (e.g. "app/agent_tools")',
    );
  });

  it("refuses the same root when an app assigns it", () => {
    const config = toolRootsDefault(createConfigurable("axn-plugin-linkedroots2").configNamespace("linkedroots2"), []);
    expect(() =>
      config.configure((c) => {
        c.toolRoots = ["agent_tools"];
      }),
    ).to.throw(/tool root "agent_tools" resolves \(through a symlink\) to "app"/);
  });
});
