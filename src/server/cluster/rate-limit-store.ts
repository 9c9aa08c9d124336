import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor, RateLimitOptions } from '@fastify/rate-limit';
import type { RedisLink } from './redis';

// Every @fastify/rate-limit limit (newsletter, contact, login, register, votes) counted in Redis, shared by all
// instances, with the plugin's own RedisStore; while Redis is unusable the same limit is counted per process with its
// LocalStore (skipOnError alone would drop the limit altogether). See docs/decisions/017.

type Store = FastifyRateLimitStore & {
  child(routeOptions: RateLimitOptions & { routeInfo: unknown }): Store;
};
type RedisStoreCtor = new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: unknown,
  key?: string,
) => Store;
type LocalStoreCtor = new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => Store;

const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as RedisStoreCtor;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as LocalStoreCtor;

type Incr = Parameters<FastifyRateLimitStore['incr']>;

class FallbackStore {
  constructor(
    private readonly shared: Store,
    private readonly local: Store,
    private readonly link: RedisLink,
  ) {}

  incr(key: Incr[0], callback: Incr[1], timeWindow: Incr[2], max: Incr[3]): void {
    if (!this.link.usable()) {
      this.local.incr(key, callback, timeWindow, max);
      return;
    }
    this.shared.incr(
      key,
      (error, result) => {
        if (error) {
          this.link.failed(error);
          this.local.incr(key, callback, timeWindow, max);
        } else {
          callback(null, result);
        }
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: RateLimitOptions & { routeInfo: unknown }): FallbackStore {
    return new FallbackStore(this.shared.child(routeOptions), this.local.child(routeOptions), this.link);
  }
}

/** The `store` option of @fastify/rate-limit: Redis keys `<prefix>rl:<METHOD><route>-<ip>`. */
export function sharedRateLimitStore(link: RedisLink): FastifyRateLimitStoreCtor {
  return class {
    constructor(options: RateLimitOptions) {
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      return new FallbackStore(
        new RedisStore(continueExceeding, exponentialBackoff, link.command, `${link.prefix}rl:`),
        new LocalStore(continueExceeding, exponentialBackoff),
        link,
      ) as unknown as FastifyRateLimitStore;
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
