import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { ServerConfig } from '../config';
import type { CacheBus, ClusterBus } from './bus';
import type { RedisLog } from './redis';

// What an instance shares with the others when REDIS_URL is set; nothing (one process, as before) when it is not.
export interface Cluster {
  rateLimitStore: FastifyRateLimitStoreCtor | undefined;
  cacheBus: CacheBus | undefined;
  /** Layout change notices: sent after this instance's layouts changed, handled by reloading them. */
  bus: ClusterBus | undefined;
  close(): Promise<void>;
}

export const SINGLE_PROCESS: Cluster = {
  rateLimitStore: undefined,
  cacheBus: undefined,
  bus: undefined,
  close: async () => undefined,
};

/** Connects to REDIS_URL (waiting up to 2 s; the instance starts without it and joins when it comes). */
export async function startCluster(config: ServerConfig, log: RedisLog): Promise<Cluster> {
  if (!config.redisUrl) return SINGLE_PROCESS;
  // Loaded only here: one process without REDIS_URL never loads ioredis (memory, start-up time).
  const [{ connectRedis, redisReady }, { redisBus }, { sharedRateLimitStore }] = await Promise.all([
    import('./redis'),
    import('./bus'),
    import('./rate-limit-store'),
  ]);
  const link = connectRedis(config.redisUrl, config.redisPrefix, log);
  if (!(await redisReady(link, 2_000)))
    log.warn('Redis did not answer within 2 s: starting with per-process rate limits until it does');
  const bus = redisBus(link, (msg) => log.warn(msg));
  return {
    rateLimitStore: sharedRateLimitStore(link),
    cacheBus: {
      publish: (tag) => bus.publish('cache', tag),
      subscribe: (handler) => bus.subscribe('cache', handler),
    },
    bus,
    close: () => link.close(),
  };
}
