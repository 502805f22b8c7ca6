/**
 * A response whose end can be waited for: a session's request stays in progress (and a stateless
 * server alive) until its body — an SSE stream, often — has been fully sent or abandoned.
 */

/** Runs `done` once the response body has been fully sent or abandoned (immediately when there is none). */
export function whenDone(response: Response, done: () => Promise<void>): Response {
  const finish = (): void => {
    done().catch(() => undefined);
  };
  if (response.body === null) {
    finish();
    return response;
  }
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      let chunk: Awaited<ReturnType<typeof reader.read>>;
      try {
        chunk = await reader.read();
      } catch (error) {
        finish();
        throw error;
      }
      if (chunk.done) {
        controller.close();
        finish();
      } else {
        controller.enqueue(chunk.value);
      }
    },
    async cancel(reason) {
      await reader.cancel(reason);
      finish();
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}
