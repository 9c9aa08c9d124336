// Waiting in tests (issue 28): a test waits for the event that marks the end of the work — an answer, a message, a
// queue with no job left, a row written — never for a fixed time after which it asserts. A fixed sleep is either too
// short on a loaded machine (a flaky failure) or longer than needed everywhere else, and a test that proves that
// something did NOT happen after a sleep proves nothing about what happens after it. The lint (tests/lint/
// eslint.config.js) refuses sleep(), waitForTimeout() and new Promise(… setTimeout …) in tests/ outside this file.

/** A wait that ran out of time (callers that report the miss themselves catch this one and nothing else). */
export class DeadlinePassed extends Error {
  constructor(
    readonly what: string,
    readonly waitedMs: number,
  ) {
    super(`${what}: not within ${waitedMs} ms`);
    this.name = 'DeadlinePassed';
  }
}

export interface WaitOptions {
  /** What is awaited, for the error ("the mail queue has no job left"); a function is read when the time is up. */
  message: string | (() => string);
  /** The longest the whole wait may take (default 5 s). */
  timeoutMs?: number;
  /** Between two checks (default 20 ms). */
  everyMs?: number;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Checks `check` until it returns a truthy value, and returns that value. Past the deadline it throws DeadlinePassed
 * naming `message` and the time waited. An error thrown by `check` ends the wait at once (catch inside `check` to
 * treat it as "not yet").
 */
export async function untilFound<T>(
  check: () => T | null | undefined | false | Promise<T | null | undefined | false>,
  { message, timeoutMs = 5_000, everyMs = 20 }: WaitOptions,
): Promise<T> {
  const start = Date.now();
  for (;;) {
    const found = await check();
    if (found) return found;
    if (Date.now() - start >= timeoutMs)
      throw new DeadlinePassed(typeof message === 'function' ? message() : message, Date.now() - start);
    await pause(everyMs);
  }
}

/** Checks `check` until it is true; returns how long that took (ms). Past the deadline throws DeadlinePassed. */
export async function until(check: () => boolean | Promise<boolean>, opts: WaitOptions): Promise<number> {
  const start = Date.now();
  await untilFound(check, opts);
  return Date.now() - start;
}

/**
 * Checks `check` until it has been true for `quietMs` without a break; returns how long that took. Only for work that
 * has no event marking its end: every caller says in a comment why there is none. Prefer `until` on the real event.
 */
export async function settled(
  check: () => boolean | Promise<boolean>,
  { quietMs, ...opts }: WaitOptions & { quietMs: number },
): Promise<number> {
  let since: number | null = null;
  return until(
    async () => {
      if (!(await check())) since = null;
      else since ??= Date.now();
      return since !== null && Date.now() - since >= quietMs;
    },
    { timeoutMs: 10_000, ...opts },
  );
}

/**
 * Lets every callback already queued run (one turn of the event loop: promise callbacks, then timers due now). For
 * code that handles an answer in a few `.then`s the test cannot reach; not a wait for time.
 */
export function nextTurn(): Promise<void> {
  return pause(0);
}
