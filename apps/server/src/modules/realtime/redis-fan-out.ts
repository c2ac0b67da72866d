import type { Delivery, FanOut } from './fan-out';

/**
 * The two connections a Redis pub/sub needs (a subscribed connection cannot publish). The
 * shapes match node-redis 4+ (`createClient()` and its `duplicate()`), so no Redis client is a
 * dependency until a deployment with several API nodes chooses one.
 */
export type RedisPubSub = {
  publisher: { publish(channel: string, message: string): Promise<unknown> };
  subscriber: {
    subscribe(channel: string, listener: (message: string) => void): Promise<unknown>;
    unsubscribe(channel: string): Promise<unknown>;
  };
};

/** Several API nodes: every delivery goes through one Redis channel and reaches every node. */
export class RedisFanOut implements FanOut {
  private readonly listeners = new Set<(delivery: Delivery) => void>();
  private started: Promise<unknown> | undefined;

  constructor(
    private readonly redis: RedisPubSub,
    private readonly channel = 'ics:realtime',
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  /** Subscribes once; call before the first publish so that this node hears its own deliveries. */
  start(): Promise<unknown> {
    this.started ??= this.redis.subscriber.subscribe(this.channel, (raw) => {
      let delivery: Delivery;
      try {
        delivery = JSON.parse(raw) as Delivery;
      } catch (error) {
        this.onError(error);
        return;
      }
      for (const listener of this.listeners) listener(delivery);
    });
    return this.started;
  }

  async publish(delivery: Delivery): Promise<void> {
    await this.start();
    await this.redis.publisher.publish(this.channel, JSON.stringify(delivery));
  }

  subscribe(listener: (delivery: Delivery) => void): () => void {
    this.listeners.add(listener);
    void this.start();
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
    if (this.started) await this.redis.subscriber.unsubscribe(this.channel);
  }
}
