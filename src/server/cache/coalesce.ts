// Misses being answered, by key. A request for a key another request is producing waits for it and is then answered
// from what it stored, so 50 shoppers arriving on a cold or just invalidated document cause one render, not 50.
//
// A producer slower than `waitMs` (an overloaded machine) is relieved by ONE waiter, which produces in its place while
// the others go on waiting for it; letting every waiter produce at once had queued hundreds of renders behind each
// other under overload, so that no document was answered at all.

export interface Coalescer {
  /**
   * What a request for `key` should do: 'produce' (it leads: call `finish` when its answer is stored or given up) or
   * 'check' (someone produced or gave up: look the key up again, and produce without waiting if it is still missing).
   */
  join(key: string): Promise<Turn>;
  /** The producer of `key` is done (kept or not): its waiters look again. */
  finish(turn: Turn): void;
  /** Keys being produced now. */
  readonly size: number;
}

export interface Turn {
  readonly key: string;
  readonly role: 'produce' | 'check';
  /** Set on 'produce': the waiters' handle, released by `finish`. */
  readonly producer?: Producer;
}

export interface Producer {
  readonly done: Promise<void>;
  resolve(): void;
  finished: boolean;
}

export function createCoalescer(waitMs: number): Coalescer {
  const producers = new Map<string, Producer>();

  const lead = (key: string): Turn => {
    let resolve!: () => void;
    const done = new Promise<void>((r) => (resolve = r));
    const producer: Producer = { done, resolve, finished: false };
    producers.set(key, producer);
    return { key, role: 'produce', producer };
  };

  const join = async (key: string): Promise<Turn> => {
    for (;;) {
      const producer = producers.get(key);
      if (!producer) return lead(key);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([producer.done, new Promise<void>((r) => (timer = setTimeout(r, waitMs)))]);
      clearTimeout(timer);
      // Its producer finished: the answer is stored, or was not kept (an error, a page drawn without its data) and
      // each waiter draws its own, as it would have without waiting.
      if (producer.finished) return { key, role: 'check' };
      // Too slow: the first waiter to notice takes over; the others find it in the map and wait for it instead.
      if (producers.get(key) === producer) return lead(key);
    }
  };

  const finish = (turn: Turn): void => {
    const producer = turn.producer;
    if (!producer) return;
    producer.finished = true;
    producer.resolve();
    if (producers.get(turn.key) === producer) producers.delete(turn.key);
  };

  return {
    join,
    finish,
    get size() {
      return producers.size;
    },
  };
}
