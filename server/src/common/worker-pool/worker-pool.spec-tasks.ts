// Tasks for worker-pool.spec.ts, in a module of their own: a thread loads the module it runs.

/** Keeps everything it allocates until its thread's heap limit ends it. */
export function hoard(): number {
  const kept: number[][] = [];
  for (;;) kept.push(new Array<number>(1_000_000).fill(kept.length));
}

export function echo(input: string): string {
  return input;
}
