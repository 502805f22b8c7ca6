/**
 * Type-level checks the fresh app's `tsc --noEmit` runs: call arguments and exposed values are
 * inferred from zod 4 schemas (no `any`), and a wrong argument is a compile error.
 */
import type { ArgsOf, ExposedOf } from "@axn/core";
import { Add } from "./agent_tools/add.js";
import { Greet } from "./agent_tools/greet.js";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assertType = <T extends true>(): T => true as T;

assertType<Equal<ArgsOf<typeof Add>, { a: number; b: number }>>();
assertType<Equal<ExposedOf<typeof Add>, { sum: number }>>();
assertType<Equal<ExposedOf<typeof Greet>, { greeting: string; domain: string }>>();

export async function typedCalls(): Promise<number> {
  const result = await Add.call({ a: 1, b: 2 });
  const sum: number = result.ok ? result.sum : 0;
  // @ts-expect-error a is a number, not a string
  await Add.call({ a: "1", b: 2 });
  // @ts-expect-error email is required
  await Greet.call({ tone: "warm" });
  // @ts-expect-error tone is "warm" | "formal"
  await Greet.call({ email: "a@b.example", tone: "loud" });
  return sum;
}
