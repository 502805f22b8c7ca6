/**
 * Runs the examples of README.md, docs/configuration.md, docs/plugins.md, docs/serialization.md,
 * docs/schema-reflection.md and docs/examples/helpdesk/README.md (each lives under
 * docs/examples/) and pins the outputs those pages show. When a string changes here, change it in
 * the page too. (docs/actions.md, tools.md, invoker.md and adapter-authoring.md: snippets.spec.ts;
 * schemas.md: schemas.spec.ts; the plugin pages: test/plugins/<name>/docs*.spec.ts.)
 */
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { z } from "zod";
import { axnConfig, configNamespaces, defineAxn, type ResultInfo } from "@axn/core";
import { createKernelHost, hostLoaded } from "@axn/core/internal";
import { createHost, loadConfig } from "@axn/sdk";
import { resetKernel } from "@axn/sdk/testing";
import { main } from "../../sdk/dist/cli/main.js";
import { captureReports } from "../support/reports.js";
import { fromFile, inMemory } from "../../docs/examples/snippets/config-load.js";
import { slackConfig } from "../../docs/examples/snippets/slack/config.js";
import slackPlugin, { presentationOf } from "../../docs/examples/snippets/slack/index.js";
import auditPlugin from "../../docs/examples/snippets/audit-plugin/src/index.js";
import auditWithOptions from "../../docs/examples/snippets/audit-plugin/src/with-options.js";
import appConfig from "../../docs/examples/snippets/audit-plugin/app-config.js";
import { tapInOrder } from "../../docs/examples/snippets/audit-plugin/src/ordering.js";
import "../../docs/examples/snippets/audit-plugin/test/plugin.js";
import { ImportCatalog, ListOrders, PostThread } from "../../docs/examples/snippets/reflection.js";
import { callIt } from "../../docs/examples/snippets/readme-tour.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");
const SNIPPETS = join(ROOT, "docs/examples/snippets");
const HELPDESK = join(ROOT, "docs/examples/helpdesk");

let generation = 0;
/** A snippet module that configures the process when loaded, as a new module instance. */
async function fresh<M>(file: string): Promise<M> {
  return (await import(`${pathToFileURL(join(SNIPPETS, file)).href}?pages=${++generation}`)) as M;
}

function messageOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected a throw");
}

/** The fenced blocks of `language` in a page, in order. */
function blocks(page: string, language: string): string[] {
  const text = readFileSync(join(ROOT, page), "utf8");
  return [...text.matchAll(new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, "g"))].map((match) => match[1]!);
}

describe("docs pages", () => {
  const reports = captureReports();

  describe("README.md", () => {
    it("a business failure is a result", async () => {
      const result = await callIt();
      expect([result.ok, result.outcome, result.error]).to.deep.equal([
        false,
        "failure",
        "Could not close the ticket: T-1004 is already closed",
      ]);
      expect(reports).to.have.length(0);
    });
  });

  describe("docs/configuration.md", () => {
    beforeEach(() => resetKernel());
    after(() => resetKernel());

    it("axn.config.ts: plugins, a namespace's settings, the global options", async () => {
      const { config, configPath } = await loadConfig({ cwd: join(SNIPPETS, "config-app") });
      expect(configPath).to.equal(join(SNIPPETS, "config-app/axn.config.ts"));
      expect(config).to.deep.equal({
        plugins: ["mcp", ["@acme/audit", { level: "info" }], "./plugins/local.ts"],
        mcp: { presentAs: "message", toolRoots: ["agent_tools"] },
        axn: { coerceInputTypes: false },
      });
    });

    it("a host from a config file, or from an in-memory config", async () => {
      const loaded = await fromFile(HELPDESK);
      expect(loaded.plugins.map((p) => p.name)).to.deep.equal([
        "axn-plugin-mcp",
        "axn-plugin-langchain",
        "axn-plugin-http",
      ]);
      resetKernel();
      const memory = await inMemory(SNIPPETS);
      expect([memory.plugins.map((p) => p.name), hostLoaded()]).to.deep.equal([["axn-plugin-mcp"], true]);
    });

    it("configureAxn: the global options", async () => {
      const { errorTracker, logged } =
        await fresh<typeof import("../../docs/examples/snippets/configure-axn.js")>("configure-axn.ts");
      try {
        expect([axnConfig().env, axnConfig().coerceInputTypes]).to.deep.equal(["production", false]);
        const Boom = defineAxn({
          name: "Docs.Boom",
          call: () => {
            throw new Error("boom");
          },
        });
        await Boom.call({});
        expect(errorTracker.captured.map(([error, info]) => [(error as Error).message, info])).to.deep.equal([
          ["boom", { action: "Docs.Boom", phase: "call" }],
        ]);
        const Logs = defineAxn({ name: "Docs.Logs", call: (_input, ctx) => ctx.log("hello") });
        await Logs.call({});
        expect(logged).to.deep.equal(["info [Docs.Logs] hello"]);
      } finally {
        resetKernel();
      }
    });

    it("createConfigurable: types, validation and the messages the page quotes", () => {
      expect(slackConfig.get("presentAs")).to.equal("structured");
      expect(slackConfig.get("startedAt")).to.not.equal(slackConfig.get("startedAt")); // a function default: a new Date per read
      expect(messageOf(() => slackConfig.configure((c) => void (c.presentAs = "mesage" as "message")))).to.equal(
        'Invalid presentAs "mesage" for axn-plugin-slack: expected one of "structured", "message"',
      );
      expect(configNamespaces()).to.include("slack");
    });

    describe("per-action overrides", () => {
      beforeEach(() => {
        resetKernel();
      });
      after(() => {
        resetKernel();
      });

      it("a bag overrides a setting and makes the action a member", async () => {
        await createHost({ config: { plugins: ["mcp"] }, cwd: SNIPPETS });
        const { DailyReport } =
          await fresh<typeof import("../../docs/examples/snippets/daily-report.js")>("daily-report.ts");
        const { mcpConfig, McpAdapter } = await import("axn-plugin-mcp");
        expect(mcpConfig.resolveOverrideFor(DailyReport, "presentAs")).to.equal("message");
        expect(McpAdapter.tools().map((tool) => tool.name)).to.deep.equal(["reports_daily"]);
      });

      it("per-action values are validated by the namespace's owner", async () => {
        await createHost({ config: { plugins: ["mcp", slackPlugin] }, cwd: SNIPPETS });
        const define = (configure: object) => () =>
          defineAxn({ name: "Reports.Daily", configure: configure as never, call: () => undefined });
        expect(messageOf(define({ mcp: { presentAs: "mesage" } }))).to.equal(
          'Invalid mcp.presentAs "mesage" on action Reports.Daily: expected one of "structured", "message"',
        );
        expect(messageOf(define({ slack: { maxItems: 5 } }))).to.equal(
          "Setting slack.maxItems on action Reports.Daily is not overridable per action; set it app-wide (axn-plugin-slack configure or axn.config)",
        );
        expect(messageOf(define({ mcp: { presentAss: "message" } }))).to.equal(
          "Unknown setting mcp.presentAss on action Reports.Daily; axn-plugin-mcp accepts: annotations, longRunning, name, presentAs, rejectOpaqueExposedValues, title",
        );
      });
    });
  });

  describe("docs/plugins.md", () => {
    beforeEach(() => {
      resetKernel();
    });
    after(() => {
      resetKernel();
    });

    it("the smallest plugin: an onResult observer", async () => {
      const lines: string[] = [];
      const log = console.log;
      console.log = (line: string) => void lines.push(line);
      try {
        await createHost({ config: { plugins: [auditPlugin] }, cwd: SNIPPETS });
        await defineAxn({ name: "Docs.Ping", call: () => undefined }).call({});
      } finally {
        console.log = log;
      }
      expect(lines).to.have.length(1);
      expect(lines[0]).to.match(/^Docs\.Ping success in \d+\.\dms$/);
    });

    it("options: validated by the plugin's schema, parsed (with defaults) for apply", async () => {
      const lines: string[] = [];
      const log = console.log;
      console.log = (line: string) => void lines.push(line);
      try {
        await createHost({ config: { plugins: [[auditWithOptions, { level: "debug" }]] }, cwd: SNIPPETS });
        await defineAxn({ name: "Docs.PingDebug", call: () => undefined }).call({});
        resetKernel();
        await createHost({ config: { plugins: [[auditWithOptions, {}]] }, cwd: SNIPPETS }); // level defaults to "info": only failures log
        await defineAxn({ name: "Docs.PingInfo", call: () => undefined }).call({});
      } finally {
        console.log = log;
      }
      expect(lines).to.deep.equal(["Docs.PingDebug success"]);
      expect(appConfig.plugins).to.deep.equal([["audit", { level: "debug" }]]);
      resetKernel();
      const refused = await createHost({
        config: { plugins: [[auditWithOptions, { level: "loud" }]] },
        cwd: SNIPPETS,
      }).then(
        () => undefined,
        (error: unknown) => error as Error,
      );
      expect(refused?.message).to.equal(
        'Plugin "axn-plugin-audit" was given invalid options in the config passed to createHost: level: Invalid option: expected one of "info"|"debug"',
      );
    });

    it("ordering: a Late stage runs after the Default ones; `before` goes ahead of the named tap", async () => {
      const order: string[] = [];
      const host = createKernelHost();
      const note = (name: string) => (_info: ResultInfo) => void order.push(name);
      tapInOrder(host, note("audit (Late)"), note("trace (before audit)"));
      host.hooks.onResult.tap("axn-plugin-metrics", note("metrics (Default)"));
      host.freeze();
      await defineAxn({ name: "Docs.Ping", call: () => undefined }).call({});
      expect(order).to.deep.equal(["trace (before audit)", "metrics (Default)", "audit (Late)"]);
    });

    it("a per-action value resolved at call time; the bag validated with the page's message", async () => {
      await createHost({ config: { plugins: [slackPlugin] }, cwd: SNIPPETS });
      const Daily = defineAxn({
        name: "Reports.Daily",
        configure: { slack: { presentAs: "message" } },
        call: () => undefined,
      });
      const Plain = defineAxn({ name: "Reports.Plain", tool: ["slack"], call: () => undefined });
      expect([presentationOf(Daily), presentationOf(Plain)]).to.deep.equal(["message", "structured"]);
      expect(
        messageOf(() =>
          defineAxn({
            name: "Reports.Daily",
            configure: { slack: { presentAs: "mesage" as "message" } },
            call: () => undefined,
          }),
        ),
      ).to.equal('Invalid slack.presentAs "mesage" on action Reports.Daily: expected one of "structured", "message"');
      // The augmented registries type-check in app code: the hint and the metadata key are registered.
      const Broadcast = defineAxn({
        name: "Reports.Broadcast",
        semanticHints: ["broadcast"],
        expects: { q: { schema: z.string(), slackTitle: "Query" } },
        call: () => undefined,
      });
      expect(Broadcast.semanticHints).to.deep.equal(["broadcast"]);
    });
  });

  describe("docs/serialization.md", () => {
    it("render: the declared exposes as JSON-safe data", async () => {
      const { body, strict } = await fresh<typeof import("../../docs/examples/snippets/render.js")>("render.ts");
      const records = [{ id: 1, at: "2026-07-08T00:00:00.000Z", tags: ["q3"], meta: { by: "ada" } }];
      expect([body, strict]).to.deep.equal([{ records }, { records }]);
    });
  });

  describe("docs/schema-reflection.md", () => {
    it("the page's first example", () => {
      expect(ListOrders.inputSchema).to.deep.equal({
        type: "object",
        properties: {
          limit: { type: "integer", minimum: 1, maximum: 9007199254740991 },
          since: { type: "string", format: "date-time" },
        },
        additionalProperties: false,
      });
    });

    it("recursive fields: the JSON the page prints is what the actions reflect", () => {
      const printed = blocks("docs/schema-reflection.md", "json").map((json) => JSON.parse(json) as unknown);
      expect(printed).to.deep.equal([ImportCatalog.inputSchema, PostThread.inputSchema]);
    });

    it("recursive fields: validation follows the recursion", async () => {
      const result = await ImportCatalog.call({
        root: { name: "a", children: [{ name: "b", children: [{ name: 1 as unknown as string, children: [] }] }] },
      });
      expect(result.exception?.message).to.equal(
        "root.children[0].children[0].name: Invalid input: expected string, received number",
      );
    });

    it("the documented looser cases, and the pipe and jwt cases axn closed", async () => {
      const Uuid = defineAxn({
        name: "Docs.Uuid",
        expects: { id: { schema: z.uuid(), default: "nope" } },
        call: () => undefined,
      });
      expect(Uuid.inputSchema).to.deep.include({ additionalProperties: false }).and.not.have.property("required");
      expect((Uuid.inputSchema.properties as Record<string, { default?: unknown }>).id!.default).to.equal("nope");
      expect((await Uuid.call({})).outcome).to.equal("exception");
      const Piped = defineAxn({
        name: "Docs.Piped",
        expects: { code: z.string().pipe(z.string().min(2)) },
        call: () => undefined,
      });
      // Both sides of a pipe are published (allOf), so nothing shorter than 2 passes the schema.
      expect((Piped.inputSchema.properties as Record<string, unknown>).code).to.deep.equal({
        allOf: [{ type: "string" }, { type: "string", minLength: 2 }],
      });
      expect((await Piped.call({ code: "a" })).exception?.message).to.equal(
        "code: Too small: expected string to have >=2 characters",
      );
      const Token = defineAxn({
        name: "Docs.Token",
        expects: { token: z.jwt(), id: z.string().startsWith("ord_") },
        call: () => undefined,
      });
      expect(Token.inputSchema.properties).to.deep.equal({
        token: { type: "string", pattern: "^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]*$" },
        id: { type: "string", pattern: "^ord_.*" },
      });
    });
  });

  describe("docs/examples/helpdesk/README.md", () => {
    /** The page's `$ npx axn …` commands with the output printed under each. */
    function exchanges(): { args: string[]; output: string }[] {
      return blocks("docs/examples/helpdesk/README.md", "console").flatMap((block) =>
        block
          .split(/^\$ npx axn /m)
          .slice(1)
          .map((part) => {
            const [command, ...output] = part.split("\n");
            const args = [...command!.matchAll(/'([^']*)'|(\S+)/g)].map((match) => match[1] ?? match[2]!);
            return { args, output: output.join("\n") };
          }),
      );
    }

    it("shows the CLI's refusals", () => {
      expect(exchanges().map((exchange) => exchange.args[1])).to.deep.equal([
        "delete_ticket",
        "create_ticket",
        "close_ticket",
      ]);
    });

    for (const exchange of exchanges()) {
      it(`axn ${exchange.args.slice(0, 2).join(" ")}: prints what the page shows`, async () => {
        let stdout = "";
        resetKernel();
        try {
          const code = await main(exchange.args, {
            cwd: HELPDESK,
            env: process.env,
            stdout: { write: (text: string) => void (stdout += text) },
            stderr: { write: () => undefined },
          });
          expect([code, stdout]).to.deep.equal([1, exchange.output]);
        } finally {
          resetKernel();
        }
      });
    }
  });
});
