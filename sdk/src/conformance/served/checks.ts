/**
 * The served checks: what a plugin's own endpoint must do under `axn serve`'s serving policy —
 * refuse a foreign Host or Origin, a body over its limit, a request with no token or a wrong one
 * (no tool running for any of them); hand the authenticated principal to the action as its trusted
 * ambient principal; hold a slot of the server's cap per call; answer a call past its deadline as
 * timed out; never show an exception's text; and pass the client's going away on as cancellation.
 * Each is observed on the wire and in the probes' own bodies, never through the driver's account.
 */
import { broken, show, showText, type ConventionId } from "../conventions.js";
import {
  CONFORMANCE_PRINCIPAL,
  EXCEPTION_HEADLINE,
  PROBE_PATIENCE_MS,
  PROBE_TIMEOUT_MS,
  SECRET_MESSAGE,
  type Probes,
  type Waiter,
} from "../probes.js";
import type { ServedEndpointDriver, ServedReply, ServedResponse } from "./driver.js";
import { CONFORMANCE_TOKEN, send, type ServedEndpoint } from "./server.js";

export const SERVED_CHECK_IDS = [
  "served-host",
  "served-origin",
  "served-no-token",
  "served-wrong-token",
  "served-principal",
  "served-body-limit",
  "served-slot",
  "served-timeout",
  "served-exception-hidden",
  "served-cancellation",
] as const;

export type ServedCheckId = (typeof SERVED_CHECK_IDS)[number];

export interface ServedCheck {
  readonly id: ServedCheckId;
  readonly title: string;
  run(endpoint: ServedEndpoint, probes: Probes): Promise<void>;
}

interface CallOptions {
  /** The bearer token to send (default the suite principal's); `null` sends none. */
  readonly token?: string | null;
  readonly headers?: Readonly<Record<string, string>>;
  readonly signal?: AbortSignal;
}

interface Called {
  readonly response: ServedResponse;
  readonly reply: ServedReply;
}

export function servedChecks(driver: ServedEndpointDriver, label: string): ServedCheck[] {
  const { key } = driver;

  async function call(
    endpoint: ServedEndpoint,
    tool: string,
    args: Readonly<Record<string, unknown>>,
    options: CallOptions = {},
  ): Promise<Called> {
    const request = driver.request({ url: endpoint.url, tool, args });
    const token = options.token === undefined ? CONFORMANCE_TOKEN : options.token;
    const headers = {
      ...request.headers,
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      ...options.headers,
    };
    const response = await send(
      request.url ?? endpoint.url,
      { method: request.method ?? "POST", headers, body: request.body },
      options.signal,
    );
    return { response, reply: await driver.reply(response) };
  }

  /** Waits for the body to start; a call answered before it ran (an unrouted tool, a refusal) fails. */
  async function startedBeforeAnswer(
    body: Waiter,
    answer: Promise<Called | undefined>,
    convention: ConventionId,
    action: string,
  ): Promise<void> {
    const first = await Promise.race([body.started().then(() => undefined), answer.then((called) => called ?? null)]);
    if (first === undefined) return;
    throw broken(
      label,
      convention,
      `a call to ${action} was answered before the action ran: ${first === null ? "the request failed" : `${first.response.status} ${showText(first.reply.text)}`}`,
    );
  }

  /** A request the endpoint must refuse with `status` before the whoami probe runs. */
  async function refused(
    endpoint: ServedEndpoint,
    { whoami, whoamiSeen }: Probes,
    convention: ConventionId,
    status: number,
    what: string,
    options: CallOptions,
  ): Promise<void> {
    const before = whoamiSeen().length;
    const { response } = await call(endpoint, whoami.toolName(key), {}, options);
    if (whoamiSeen().length !== before)
      throw broken(label, convention, `${what} reached the action: ${whoami.name} ran, answered ${response.status}`);
    if (response.status !== status)
      throw broken(
        label,
        convention,
        `${what} was answered ${response.status} ${showText(response.body)}, not ${status}`,
      );
  }

  return [
    {
      id: "served-host",
      title: "a request with a foreign Host header is answered 403 and no tool runs",
      run: (endpoint, probes) =>
        refused(endpoint, probes, "servedHosts", 403, 'a request with "Host: rebound.example"', {
          headers: { host: "rebound.example" },
        }),
    },
    {
      id: "served-origin",
      title: "a request from a foreign Origin is answered 403 and no tool runs",
      run: (endpoint, probes) =>
        refused(endpoint, probes, "servedHosts", 403, 'a request with "Origin: https://rebound.example"', {
          headers: { origin: "https://rebound.example" },
        }),
    },
    {
      id: "served-no-token",
      title: "a request without a token, under serve.authenticate, is answered 401 and no tool runs",
      run: (endpoint, probes) =>
        refused(endpoint, probes, "servedAuthentication", 401, "a request with no Authorization header", {
          token: null,
        }),
    },
    {
      id: "served-wrong-token",
      title: "a request with a wrong token is answered 401 and no tool runs",
      run: (endpoint, probes) =>
        refused(endpoint, probes, "servedAuthentication", 401, 'a request with "Authorization: Bearer wrong-token"', {
          token: "wrong-token",
        }),
    },
    {
      id: "served-principal",
      title: "a valid token's principal reaches the action as its trusted ambient principal",
      async run(endpoint, { whoami, whoamiSeen }) {
        const before = whoamiSeen().length;
        const { reply } = await call(endpoint, whoami.toolName(key), {});
        const seen = whoamiSeen().slice(before);
        if (seen.length === 0) {
          throw broken(
            label,
            "servedPrincipal",
            `a call with the valid token of ${show(CONFORMANCE_PRINCIPAL)} never ran ${whoami.name}: the client read ${showText(reply.text)}`,
          );
        }
        if (seen[0] !== CONFORMANCE_PRINCIPAL.id) {
          throw broken(
            label,
            "servedPrincipal",
            `a call with the valid token of ${show(CONFORMANCE_PRINCIPAL)} reached ${whoami.name} with no principal (it read "${seen[0]}")`,
          );
        }
        if (!reply.ok)
          throw broken(
            label,
            "servedPrincipal",
            `a call with a valid token was answered as a failure: ${showText(reply.text)}`,
          );
      },
    },
    {
      id: "served-body-limit",
      title: "a request body over the endpoint's limit is answered 413",
      async run(endpoint, { echo }) {
        const query = "x".repeat(driver.maxBodyBytes + 1);
        const { response } = await call(endpoint, echo.toolName(key), { query });
        if (response.status !== 413) {
          throw broken(
            label,
            "servedBodyLimit",
            `a request whose body is over ${driver.maxBodyBytes} bytes (the driver's maxBodyBytes) was answered ${response.status}, not 413`,
          );
        }
      },
    },
    {
      id: "served-slot",
      title: "with the server's one slot taken, a call is answered 503 and does not run",
      async run(endpoint, { cancellable, cancellableBody: holder, whoami, whoamiSeen }) {
        const client = new AbortController();
        const holding = call(endpoint, cancellable.toolName(key), {}, { signal: client.signal }).catch(() => undefined);
        try {
          await startedBeforeAnswer(holder, holding, "servedSlot", cancellable.name);
          const before = whoamiSeen().length;
          const { response } = await call(endpoint, whoami.toolName(key), {});
          if (whoamiSeen().length !== before || response.status !== 503) {
            throw broken(
              label,
              "servedSlot",
              `under serve.maxConcurrentCalls: 1, while a call to ${cancellable.name} held the slot, a call to ${whoami.name} ${whoamiSeen().length === before ? "did not run but" : "ran and"} was answered ${response.status}, not 503`,
            );
          }
        } finally {
          client.abort();
          holder.release();
          await holding;
        }
      },
    },
    {
      id: "served-timeout",
      title: "a call past its serve.callTimeoutMs is answered as timed out while the action still runs",
      async run(endpoint, { overrunning, overrunningBody: body }) {
        const name = overrunning.toolName(key);
        let ended = false;
        void body.ended().then(() => {
          ended = true;
        });
        try {
          const { reply } = await call(endpoint, name, {});
          if (ended) {
            throw broken(
              label,
              "deadline",
              `${overrunning.name} declares serve.callTimeoutMs: ${PROBE_TIMEOUT_MS} and ignores its signal, and its call was answered only once its body ended (the suite let it run ${PROBE_PATIENCE_MS} ms)`,
            );
          }
          const expected = [name, overrunning.name].map(
            (tool) => `Tool ${tool} timed out after ${PROBE_TIMEOUT_MS} ms`,
          );
          if (reply.ok || !expected.includes(reply.text)) {
            throw broken(
              label,
              "deadline",
              `${overrunning.name} ran past its serve.callTimeoutMs of ${PROBE_TIMEOUT_MS} ms and the call was answered ${reply.ok ? "as a success" : showText(reply.text)}, not "${expected[0]}"`,
            );
          }
        } finally {
          body.release();
        }
      },
    },
    {
      id: "served-exception-hidden",
      title: "an exception's message and stack trace never reach the client",
      async run(endpoint, { crashing }) {
        const { response, reply } = await call(endpoint, crashing.toolName(key), {});
        if (response.body.includes(SECRET_MESSAGE) || /\n\s+at /.test(response.body)) {
          throw broken(
            label,
            "exceptionHidden",
            `the response to a call of ${crashing.name}, whose body threw "${SECRET_MESSAGE}", carries the exception: ${showText(response.body)}`,
          );
        }
        if (reply.ok || reply.text !== EXCEPTION_HEADLINE) {
          throw broken(
            label,
            "resultError",
            `a call of ${crashing.name}, whose body threw, was answered ${reply.ok ? "as a success" : showText(reply.text)}, not result.error "${EXCEPTION_HEADLINE}"`,
          );
        }
      },
    },
    {
      id: "served-cancellation",
      title: "a client that goes away mid-call aborts the action's signal",
      async run(endpoint, { cancellable, cancellableBody: body }) {
        const client = new AbortController();
        const answered = call(endpoint, cancellable.toolName(key), {}, { signal: client.signal }).catch(
          () => undefined,
        );
        await body.started();
        client.abort();
        const outcome = await body.ended();
        await answered;
        if (outcome !== "aborted") {
          throw broken(
            label,
            "cancellation",
            `the client closed its request to ${cancellable.name} mid-call, and the action's signal never aborted (the suite let it run ${PROBE_PATIENCE_MS} ms)`,
          );
        }
      },
    },
  ];
}
