/**
 * What `axn call` does when the tool asks (`ctx.elicit`, `ctx.sample`, `ctx.roots()`): the
 * terminal is an in-place transport — the body waits while the person answers, and runs once. Each
 * question is answered, in this order, from `--answers` (by key: the question's `key`, else `q0`,
 * `q1`, … by position), else by prompting the person (prompt-form.ts) when stdin and stderr are a
 * terminal and `--no-input` is not set; else the call stops with one message naming the question
 * and the `--answers` that would answer it (`refused`). Ctrl+C at a prompt cancels the question.
 */
import type { ElicitAnswer, ElicitForm, LiveChannel, Root } from "@axn/core";
import { CliError, ExitCode } from "../errors.js";
import { elicitAnswerOf, rootsAnswerOf, sampleAnswerOf } from "./answers.js";
import { isPromptExit, promptForm, type PromptStreams } from "./prompt-form.js";

export interface TerminalQuestionsOptions {
  /** The tool's name, in what the person reads. */
  readonly tool: string;
  /** `--answers`, by key. */
  readonly answers: Readonly<Record<string, unknown>>;
  /** Where to prompt; `undefined`: nobody to ask (no terminal, or `--no-input`). */
  readonly prompt: PromptStreams | undefined;
  /** Why nobody can be asked, for the message: "there is no terminal to ask on", "--no-input is set". */
  readonly noPromptReason: string;
  /** Runs before each prompt (the progress bar steps aside: live-output.ts). */
  readonly beforePrompt?: () => void;
}

export interface TerminalQuestions {
  readonly live: Pick<LiveChannel, "elicit" | "sample" | "roots">;
  /** Rejects with the `CliError` to report when a question could not be answered; never resolves. */
  readonly refused: Promise<never>;
}

/** An answer for each field: its default, else a value of its type — a start for `--answers`. */
function sampleContent(form: ElicitForm): Record<string, unknown> {
  const content: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(form.properties)) {
    const options = (schema.oneOf ?? schema.anyOf) as { const?: unknown }[] | undefined;
    content[name] =
      schema.default ??
      (Array.isArray(schema.enum)
        ? schema.enum[0]
        : Array.isArray(options)
          ? options[0]?.const
          : schema.type === "boolean"
            ? true
            : schema.type === "number" || schema.type === "integer"
              ? (schema.minimum ?? 1)
              : schema.type === "array"
                ? []
                : "…");
  }
  return content;
}

export function terminalQuestions(options: TerminalQuestionsOptions): TerminalQuestions {
  const { tool, answers, prompt } = options;
  let count = 0;
  let refuse: (error: CliError) => void = () => {};
  const refused = new Promise<never>((_resolve, reject) => {
    refuse = reject;
  });
  // Nobody waits on `refused` once the call has ended.
  refused.catch(() => undefined);
  /** Stops the call: the body's question never settles, and the command reports `error`. */
  const stop = (error: CliError): Promise<never> => {
    refuse(error);
    return new Promise<never>(() => undefined);
  };
  const unanswerable = (what: string, key: string, example: unknown): Promise<never> =>
    stop(
      new CliError(
        ExitCode.usage,
        `${tool} asks ${what} (question "${key}"), and ${options.noPromptReason}`,
        `Answer it up front: --answers '${JSON.stringify({ [key]: example })}'`,
      ),
    );
  // Every question counts toward the position, named or not, as in the re-run transports' rounds.
  const keyOf = (key: string | undefined): string => {
    const index = count++;
    return key ?? `q${index}`;
  };
  const given = (key: string): { readonly value: unknown } | undefined =>
    Object.hasOwn(answers, key) ? { value: answers[key] } : undefined;
  const settle = async <T>(ask: () => Promise<T>): Promise<T> => {
    try {
      return await ask();
    } catch (error) {
      if (error instanceof CliError) return stop(error);
      throw error;
    }
  };

  return {
    refused,
    live: {
      elicit: ({ message, requestedSchema, key }) => {
        const name = keyOf(key);
        return settle(async (): Promise<ElicitAnswer> => {
          const up = given(name);
          if (up !== undefined) return elicitAnswerOf(name, up.value);
          if (prompt === undefined) return unanswerable(JSON.stringify(message), name, sampleContent(requestedSchema));
          options.beforePrompt?.();
          prompt.output.write(`${tool} asks: ${message}\n`);
          try {
            return { action: "accept", content: await promptForm(requestedSchema, prompt) };
          } catch (error) {
            if (isPromptExit(error)) return { action: "cancel" };
            throw error;
          }
        });
      },
      sample: ({ messages, key }) => {
        const name = keyOf(key);
        return settle(async () => {
          const up = given(name);
          const last = messages[messages.length - 1]?.content;
          const asked = typeof last === "string" ? last : "(media)";
          let text: string;
          if (up !== undefined) text = sampleAnswerOf(name, up.value);
          else if (prompt === undefined)
            return unanswerable(`for a model's reply to ${JSON.stringify(asked)}`, name, "<the reply>");
          else {
            const { input } = await import("@inquirer/prompts");
            options.beforePrompt?.();
            text = await input({ message: `${tool} asks for a model's reply to: ${asked}`, required: true }, prompt);
          }
          return { action: "reply" as const, text, content: text, model: "terminal" };
        });
      },
      roots: (_signal, key) => {
        const name = keyOf(key);
        return settle(async (): Promise<readonly Root[]> => {
          const up = given(name);
          if (up !== undefined) return rootsAnswerOf(name, up.value);
          if (prompt === undefined) return unanswerable("for the folders it may work in", name, [{ uri: "file:///…" }]);
          const { input } = await import("@inquirer/prompts");
          options.beforePrompt?.();
          const listed = await input(
            { message: `${tool} asks for the folders it may work in (URIs, separated by spaces)` },
            prompt,
          );
          return listed
            .split(/\s+/)
            .filter((uri) => uri !== "")
            .map((uri) => ({ uri }));
        });
      },
    },
  };
}
