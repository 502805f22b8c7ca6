/**
 * Reads `read()` every 20 ms until `done` holds for what it returned, and returns that reading (the
 * last one if the guard passed first: the spec's own assertion then fails on it). `guardMs` only
 * guards a hang, generously; it is not a budget.
 */
export async function pollUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, guardMs = 20_000): Promise<T> {
  const giveUp = Date.now() + guardMs;
  let value = await read();
  while (!done(value) && Date.now() < giveUp) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await read();
  }
  return value;
}
