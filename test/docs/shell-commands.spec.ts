/**
 * Every shell command README.md and docs/getting-started.md show is run (issue 33, item 3): each
 * line of their `sh` blocks (a trailing `# comment` aside) and each `$ ` line of their `console`
 * blocks is in a table below. README's are run here, as written, and what the page prints after a
 * `$ ` line is what the command printed: the install line in a fresh folder outside the workspace
 * on the packed packages (their tarballs stand in for the registry's names), the tour's commands in
 * the example app on the workspace's packages, the server on a free port in place of 3000.
 * getting-started.md's are run by test/e2e/getting-started.spec.ts in a fresh project, and each row
 * names the line of that spec that runs it, which must still be there. A command added to a page
 * without a row fails the first case of its page; a row whose command left the page fails it too.
 */
import { expect } from "chai";
import type { ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { basename, join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { readUntil, repo } from "../support/axn-child.js";
import { freshRoot, NPM_FLAGS, Shell, userEnv } from "../support/fresh-project.js";
import { packedPackages } from "../support/packed.js";

type Coverage = { readonly runHere: true } | { readonly by: string; readonly contains: string };
const HERE: Coverage = { runHere: true };

/** A page's commands in order, and for each `$ ` line of a console block what it prints. */
function commandsOf(path: string): { commands: string[]; printed: Map<string, string> } {
  const page = readFileSync(join(repo, path), "utf8");
  const commands: string[] = [];
  const printed = new Map<string, string>();
  for (const [, lang, text] of page.matchAll(/^```(\w+)\n([\s\S]*?)^```$/gm)) {
    const lines = text!.split("\n");
    if (lang === "sh") {
      for (const line of lines) if (line.trim() !== "") commands.push(line.replace(/\s+#.*$/, ""));
    } else if (lang === "console") {
      lines.forEach((line, at) => {
        if (!line.startsWith("$ ")) return;
        const command = line.slice(2).replace(/\s+#.*$/, "");
        commands.push(command);
        const rest = lines.slice(at + 1);
        const end = rest.findIndex((next) => next.startsWith("$ "));
        printed.set(command, (end === -1 ? rest : rest.slice(0, end)).join("\n").trimEnd());
      });
    }
  }
  return { commands, printed };
}

const TOUR_CALL = `npx axn call close_ticket --args '{"ticketId":"T-1002","resolution":"VAT fixed"}' --as '{"id":"ag_ada","roles":["agent"]}'`;
const CURL_LIST = `curl -s -X POST http://127.0.0.1:3000/api/list_tickets/v1 -H 'content-type: application/json' -d '{"status":"open","perPage":2}'`;
const CURL_CLOSE_ANONYMOUS = `curl -s -X POST http://127.0.0.1:3000/api/close_ticket/v1 -H 'content-type: application/json' -d '{"ticketId":"T-1004","resolution":"done"}'`;
const CURL_CLOSE_AS_ADA = `curl -s -X POST http://127.0.0.1:3000/api/close_ticket/v1 -H 'content-type: application/json' -H 'authorization: Bearer ada-token' -d '{"ticketId":"T-1004","resolution":"done"}'`;
const CURL_OPENAPI = "curl -s http://127.0.0.1:3000/api/openapi.json";
const INSTALL = "npm i @axn/core @axn/sdk axn-plugin-mcp zod";

const README: Readonly<Record<string, Coverage>> = {
  "npm ci && npm start": { by: ".ci/run", contains: "PORT=0 setsid npm start" },
  "npm test": { by: ".ci/run", contains: "\nnpm test\n" },
  [INSTALL]: HERE,
  "cd docs/examples/helpdesk": HERE,
  "npx axn tools": HERE,
  [TOUR_CALL]: HERE,
  "npx axn serve": HERE,
  "npx axn serve --stdio mcp": HERE,
  "npx axn mcp-config": HERE,
  [CURL_LIST]: HERE,
  [CURL_CLOSE_ANONYMOUS]: HERE,
  [CURL_CLOSE_AS_ADA]: HERE,
  [CURL_OPENAPI]: HERE,
};

const GETTING_STARTED_SPEC = "test/e2e/getting-started.spec.ts";
const bySpec = (contains: string): Coverage => ({ by: GETTING_STARTED_SPEC, contains });

const GETTING_STARTED: Readonly<Record<string, Coverage>> = {
  // npm exec of the packed @axn/core and @axn/sdk, running their one bin: the scaffold.
  "npx @axn/sdk init my-tools": bySpec('"exec",'),
  "cd my-tools": bySpec("{ cwd: scaffold }"),
  "npm install": bySpec("cwd: scaffold,"),
  "npm test": bySpec('npmCommand(["test"])'),
  "mkdir my-tools && cd my-tools": bySpec("mkdirSync(app);"),
  "npm init -y && npm pkg set type=module": bySpec('await npm(["pkg", "set", "type=module"], { cwd: app });'),
  // The tarballs in place of the registry's names.
  "npm i @axn/core @axn/sdk axn-plugin-mcp axn-plugin-http zod": bySpec('includes("langchain")), "zod"]'),
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the text searched for is a template literal in the spec's source
  "npm i -D typescript tsx @types/node": bySpec('"-D", `typescript@${TYPESCRIPT}`, "tsx", TYPES_NODE'),
  "npx axn tools": bySpec('consoleOutput("npx axn tools")'),
  [`npx axn call greet --args '{"name":"Ada","excited":"true"}'`]: bySpec(
    `consoleOutput(\`npx axn call greet --args '{"name":"Ada","excited":"true"}'\`)`,
  ),
  // Both `npm pkg set` lines run as the page writes them.
  'npm pkg set scripts.start="axn serve" scripts.dev="axn dev" scripts.mcp-config="axn mcp-config"': bySpec(
    "for (const line of PKG_SET) await mustRun(line, [], { cwd: app, shell: true });",
  ),
  "npm start": bySpec('npmCommand(["start", "--", "--port", "0", "--dev"])'),
  [`curl -s -X POST http://127.0.0.1:3000/api/greet/v1 -H 'content-type: application/json' -d '{"name":"Ada"}'`]:
    bySpec(
      `\`curl -s -X POST http://127.0.0.1:3000/api/greet/v1 -H 'content-type: application/json' -d '{"name":"Ada"}'\``,
    ),
  // The script is `axn mcp-config`: the spec runs that bin and pins its output and its stderr note.
  "npm run mcp-config --silent": bySpec('[bin, "mcp-config"]'),
  "npx axn mcp-config inspector > mcp.json": bySpec('writeFileSync(join(app, "mcp.json"), printed.stdout);'),
  // The workspace's Inspector bin in place of npx's download of it, with the page's arguments.
  "npx @modelcontextprotocol/inspector --cli --config mcp.json --server my-tools --method tools/call --tool-name greet --tool-arg name=Ada":
    bySpec('"--tool-arg",\n        "name=Ada",'),
  'npm pkg set scripts.test="tsc --noEmit && node --import tsx --test test/*.test.ts"': bySpec(
    '.filter((line) => line.startsWith("npm pkg set"));',
  ),
};

function coveredBy(table: Readonly<Record<string, Coverage>>): void {
  for (const [command, coverage] of Object.entries(table)) {
    if ("by" in coverage) {
      it(`${command}: run by ${coverage.by}`, () => {
        expect(readFileSync(join(repo, coverage.by), "utf8")).to.include(coverage.contains);
      });
    }
  }
}

describe("docs/getting-started.md: every shell command it shows is run", () => {
  it("shows exactly the commands the table covers", () => {
    expect([...new Set(commandsOf("docs/getting-started.md").commands)]).to.deep.equal(Object.keys(GETTING_STARTED));
  });
  coveredBy(GETTING_STARTED);
});

describe("README.md: every shell command it shows is run", function () {
  this.timeout(300_000); // a hang guard: npm and the example app on a loaded machine, not a budget
  const { commands, printed } = commandsOf("README.md");
  const helpdesk = join(repo, "docs/examples/helpdesk");
  const shell = new Shell();
  const sh = (command: string, cwd: string) => shell.run(command, [], { cwd, shell: true, timeoutMs: 60_000 });
  const shown = (command: string): string => {
    const text = printed.get(command);
    if (text === undefined) throw new Error(`README.md shows no "$ ${command}"`);
    return text;
  };

  afterEach(function () {
    shell.reportIfFailed(this.currentTest, helpdesk);
  });
  after(() => shell.killAll());

  it("shows exactly the commands the table covers", () => {
    expect(commands).to.deep.equal(Object.keys(README));
  });
  coveredBy(README);

  it(`${INSTALL}: installs into a fresh folder (the packed packages for the registry's names)`, async () => {
    const root = freshRoot("axn-readme-install-");
    try {
      const app = join(root, "my-app");
      mkdirSync(app);
      await shell.npm(["init", "-y"], { cwd: app });
      const tarballs = new Map((await packedPackages()).map((entry) => [entry.name, entry.tarball]));
      const line = INSTALL.split(" ")
        .map((word) => tarballs.get(word) ?? word)
        .join(" ");
      expect(line).to.match(/^npm i \S+axn-core-[\d.]+\.tgz \S+axn-sdk-[\d.]+\.tgz \S+axn-plugin-mcp-[\d.]+\.tgz zod$/);
      await shell.mustRun(`${line} ${NPM_FLAGS.join(" ")}`, [], { cwd: app, shell: true, timeoutMs: 300_000 });
      for (const name of ["@axn/core", "@axn/sdk", "axn-plugin-mcp", "zod"])
        expect(existsSync(join(app, "node_modules", name, "package.json")), name).to.equal(true);
      const version = await sh("npx axn --version", app);
      expect([version.code, version.stdout, version.stderr]).to.deep.equal([0, "0.1.0\n", ""]);
    } finally {
      rmSync(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    }
  });

  it("cd docs/examples/helpdesk; npx axn tools; npx axn call close_ticket … --as …: print what the page shows", async () => {
    expect(commands.indexOf("cd docs/examples/helpdesk")).to.be.below(commands.indexOf("npx axn tools"));
    const [tools, call] = await Promise.all([sh("npx axn tools", helpdesk), sh(TOUR_CALL, helpdesk)]);
    expect([tools.code, tools.stderr]).to.deep.equal([0, ""]);
    expect(tools.stdout.trimEnd()).to.equal(shown("npx axn tools"));
    expect([call.code, call.stderr]).to.deep.equal([0, ""]);
    expect(call.stdout.trimEnd()).to.equal(shown(TOUR_CALL));
  });

  it("npx axn mcp-config: a config launching the example app over stdio from any folder", async () => {
    const run = await sh("npx axn mcp-config", helpdesk);
    expect(run.code, run.stderr).to.equal(0);
    const config = JSON.parse(run.stdout) as { mcpServers: Record<string, { command: string; args: string[] }> };
    expect(Object.keys(config.mcpServers)).to.deep.equal(["axn-example-helpdesk"]);
    expect(config.mcpServers["axn-example-helpdesk"]!.args.slice(1)).to.deep.equal([
      "serve",
      "--mcp-stdio",
      "--config",
      join(helpdesk, "axn.config.ts"),
    ]);
    expect(basename(config.mcpServers["axn-example-helpdesk"]!.args[0]!)).to.equal("axn.js");
  });

  it("npx axn serve --stdio mcp: an MCP client launching it lists the tools", async () => {
    const client = new Client({ name: "readme-spec", version: "1.0.0" });
    await client.connect(
      new StdioClientTransport({
        command: "sh",
        args: ["-c", "npx axn serve --stdio mcp"],
        cwd: helpdesk,
        env: userEnv() as Record<string, string>,
        stderr: "pipe",
      }),
    );
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).to.include.members([
        "list_tickets",
        "ticket_report",
      ]);
    } finally {
      await client.close();
    }
  });

  describe("npx axn serve (on a free port for 3000), then the curl lines", () => {
    let server: ChildProcess;
    let origin: string;

    before(async () => {
      server = shell.spawn("sh", ["-c", "PORT=0 npx axn serve"], { cwd: helpdesk });
      const banner = await readUntil(server, "Press Ctrl+C to stop.");
      origin = /on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(banner)![1]!;
      // What the page's comment says it serves: MCP Streamable HTTP at /mcp, plus the HTTP API.
      expect(banner).to.contain(`  MCP        ${origin}/mcp  (Streamable HTTP)\n`);
      expect(banner).to.contain(`  HTTP API   POST ${origin}/api/{tool}/v{n}\n`);
    });

    const curl = (command: string) => sh(command.replaceAll("http://127.0.0.1:3000", origin), helpdesk);

    for (const command of [CURL_LIST, CURL_CLOSE_ANONYMOUS, CURL_CLOSE_AS_ADA]) {
      it(`${command.slice(0, 70)}…: prints what the page shows`, async () => {
        const run = await curl(command);
        expect([run.code, run.stderr]).to.deep.equal([0, ""]);
        expect(run.stdout).to.equal(shown(command));
      });
    }

    it(`${CURL_OPENAPI}: the OpenAPI 3.1 document`, async () => {
      const run = await curl(CURL_OPENAPI);
      expect(run.code).to.equal(0);
      const document = JSON.parse(run.stdout) as { openapi: string; paths: Record<string, unknown> };
      expect(document.openapi).to.equal("3.1.0");
      // Anonymous: the public operations (the document lists what its caller may call, as tools/list).
      expect(document.paths).to.have.property("/api/list_tickets/v1");
    });
  });
});
