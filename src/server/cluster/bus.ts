import { randomBytes } from 'node:crypto';
import { decodeNotice, encodeNotice, type NoticeTopic } from '../../shared/rules/cluster-notice';
import type { RedisLink } from './redis';

// Notices between instances over Redis pub/sub (one channel, `<prefix>bus`): response-cache tags to drop and "the
// layout documents changed". Fire-and-forget: a notice lost while Redis is away is made up for when it returns (every
// instance then drops its whole cache and reloads its layouts once subscribed again).

export type Topic = NoticeTopic;

/** Carries dropped tags between instances; a tag arriving from another instance is not sent on again. */
export interface CacheBus {
  publish(tag: string): void;
  subscribe(handler: (tag: string) => void): void;
}

export interface ClusterBus {
  /** Sends to every other instance (not back to this one); identical notices within a few ms are sent once. */
  publish(topic: Topic, data: string): void;
  /** Handles notices of other instances, and the catch-up after a reconnection to Redis (cache: 'all', layouts: ''). */
  subscribe(topic: Topic, handler: (data: string) => void): void;
  readonly instanceId: string;
  /** Resolves once Redis has confirmed the first subscription: from then on, notices of other instances arrive. */
  readonly ready: Promise<void>;
}

/** Notices are gathered this long before sending, so a burst (clicks recording visits) is one message. */
const COALESCE_MS = 20;

export function busChannel(prefix: string): string {
  return `${prefix}bus`;
}

export function redisBus(link: RedisLink, warn: (msg: string) => void): ClusterBus {
  const instanceId = randomBytes(8).toString('hex');
  const channel = busChannel(link.prefix);
  const handlers = new Map<Topic, Array<(data: string) => void>>();
  const deliver = (topic: Topic, data: string): void => {
    for (const handler of handlers.get(topic) ?? []) handler(data);
  };

  link.subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    const notice = decodeNotice(text);
    if (notice && notice.from !== instanceId) deliver(notice.topic, notice.data);
  });
  // Subscribed on every (re)connection by hand (autoResubscribe is off: its promise has no handler, and a connection
  // dropped again before the reply would reject it unhandled). After a reconnection, once subscribed, the catch-up.
  let connections = 0;
  let subscribed!: () => void;
  const ready = new Promise<void>((resolve) => (subscribed = resolve));
  const subscribe = (): void => {
    const first = connections++ === 0;
    link.subscriber.subscribe(channel).then(
      () => {
        subscribed();
        if (first) return;
        deliver('cache', 'all');
        deliver('layouts', '');
      },
      (error: unknown) => warn(`Redis subscribe failed: ${String(error)}`),
    );
  };
  link.subscriber.on('ready', subscribe);
  if (link.subscriber.status === 'ready') subscribe();

  let pending = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  const flush = (): void => {
    timer = null;
    const batch = pending;
    pending = new Set();
    if (!link.usable()) return; // Redis is away: the recovery notice makes up for it
    for (const message of batch) {
      link.command.publish(channel, message).catch((error: unknown) => link.failed(error));
    }
  };

  return {
    instanceId,
    ready,
    publish: (topic, data) => {
      pending.add(encodeNotice(instanceId, topic, data));
      timer ??= setTimeout(flush, COALESCE_MS);
    },
    subscribe: (topic, handler) => {
      const list = handlers.get(topic) ?? [];
      list.push(handler);
      handlers.set(topic, list);
    },
  };
}
