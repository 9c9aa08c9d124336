import { Redis } from 'ioredis';

// The shared parts of several instances (REDIS_URL): one command connection (rate limits, publishing) and one
// subscriber connection (cache and layout notices). Redis being away never stops an instance: commands fail fast
// (no offline queue, short timeout), callers fall back to per-process behaviour, and ioredis reconnects forever.

export interface RedisLog {
  info(msg: string): void;
  warn(msg: string): void;
}

export interface RedisLink {
  readonly prefix: string;
  readonly command: Redis;
  readonly subscriber: Redis;
  /** True while the command connection is up and no command failed in the last second. */
  usable(): boolean;
  /** A command failed (timeout, reset): callers use their fallback for a second before trying Redis again. */
  failed(error: unknown): void;
  close(): Promise<void>;
}

/** Commands wait at most this long: past it, a rate limit is counted in the process instead. */
export const REDIS_COMMAND_TIMEOUT_MS = 300;
const FAILED_BACKOFF_MS = 1_000;

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export function connectRedis(url: string, prefix: string, log: RedisLog): RedisLink {
  const common = {
    connectTimeout: 2_000,
    // Reconnect every ≤1 s, forever: the instance recovers on its own when Redis is back.
    retryStrategy: (times: number) => Math.min(100 * times, 1_000),
    lazyConnect: false,
  };
  // No offline queue: while Redis is down a command fails at once instead of holding a request.
  const command = new Redis(url, {
    ...common,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  });
  // The subscriber: the bus subscribes on each connection itself (cluster/bus.ts).
  const subscriber = new Redis(url, { ...common, autoResubscribe: false, maxRetriesPerRequest: null });

  let down = false;
  let closing = false;
  let everReady = false;
  let failedUntil = 0;

  const wentDown = (reason: string): void => {
    if (down || closing || !everReady) return;
    down = true;
    log.warn(
      `Redis unavailable (${reason}): rate limits fall back to per-process counters and cache invalidation stays ` +
        'local until it returns',
    );
  };
  command.on('error', (error) => wentDown(message(error)));
  subscriber.on('error', (error) => wentDown(message(error)));
  command.on('close', () => wentDown('connection closed'));
  command.on('ready', () => {
    failedUntil = 0;
    if (!everReady) {
      everReady = true;
      log.info('Redis connected: shared rate limits and cache invalidation');
    }
  });
  let subscriberWasReady = false;
  subscriber.on('ready', () => {
    // At the outage warning's level: whoever was told Redis is away is told it is back.
    if (subscriberWasReady && down) log.warn('Redis is back: shared rate limits and cache invalidation resumed');
    if (subscriberWasReady) down = false;
    subscriberWasReady = true;
  });

  return {
    prefix,
    command,
    subscriber,
    usable: () => command.status === 'ready' && Date.now() >= failedUntil,
    failed: (error) => {
      failedUntil = Date.now() + FAILED_BACKOFF_MS;
      wentDown(message(error));
    },
    close: async () => {
      closing = true;
      await Promise.allSettled([command.quit(), subscriber.quit()]);
      command.disconnect();
      subscriber.disconnect();
    },
  };
}

/** Resolves when the command connection is ready, or after timeoutMs (the instance starts either way). */
export function redisReady(link: RedisLink, timeoutMs: number): Promise<boolean> {
  if (link.command.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      link.command.off('ready', onReady);
      resolve(false);
    }, timeoutMs);
    const onReady = (): void => {
      clearTimeout(timer);
      resolve(true);
    };
    link.command.once('ready', onReady);
  });
}
