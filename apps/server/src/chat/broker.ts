/**
 * The chat's fan-out: every event any socket must see goes through the broker, so any instance can
 * deliver any event to the sockets it holds. The broker is typed by channel (broker-channels.ts):
 * `publish` takes only that channel's payload, and `subscribe` parses every payload it receives
 * with the channel's schema, dropping (and logging) one that fails, since payloads will come from
 * other instances. What carries them is a BrokerTransport: in process (below) when REDIS_URL is
 * unset; a Redis one plugs into the same interface for several instances.
 */
import { EventEmitter } from "node:events";
import type { FastifyBaseLogger } from "fastify";
import type { BrokerChannel } from "./broker-channels";

export type Unsubscribe = () => void;

/** What carries payloads between the instances: untyped, by channel name. */
export interface BrokerTransport {
  publish(channel: string, payload: unknown): Promise<void>;
  subscribe(channel: string, handler: (payload: unknown) => void): Promise<Unsubscribe>;
  /**
   * Marks one socket (member) present under a key, or gone, and answers how many are present
   * there right after: in one step, so of two sockets joining at once exactly one sees 1.
   */
  setPresent(key: string, member: string, present: boolean): Promise<number>;
  /** How many members are present under a key, across every instance. */
  countPresent(key: string): Promise<number>;
  close(): Promise<void>;
}

export class ChatBroker {
  constructor(
    private readonly transport: BrokerTransport,
    private readonly log: FastifyBaseLogger,
  ) {}

  publish<T>(channel: BrokerChannel<T>, payload: T): Promise<void> {
    return this.transport.publish(channel.name, payload);
  }

  /**
   * Calls `handler` with every payload of the channel that its schema accepts. A handler that
   * throws is logged; it never stops the publisher or the other subscribers.
   */
  subscribe<T>(channel: BrokerChannel<T>, handler: (payload: T) => void): Promise<Unsubscribe> {
    return this.transport.subscribe(channel.name, (payload) => {
      const parsed = channel.payload.safeParse(payload);
      if (!parsed.success) {
        this.log.warn(
          { channel: channel.kind, issues: parsed.error.issues.slice(0, 3) },
          "broker payload dropped: it does not match its channel's schema",
        );
        return;
      }
      try {
        handler(parsed.data);
      } catch (err) {
        this.log.error({ err, channel: channel.kind }, "a broker subscriber failed");
      }
    });
  }

  setPresent(key: string, member: string, present: boolean): Promise<number> {
    return this.transport.setPresent(key, member, present);
  }

  countPresent(key: string): Promise<number> {
    return this.transport.countPresent(key);
  }

  close(): Promise<void> {
    return this.transport.close();
  }
}

/** One process: an EventEmitter and in-memory sets. Delivery is synchronous and in order. */
export class InProcessTransport implements BrokerTransport {
  private readonly emitter = new EventEmitter();
  private readonly present = new Map<string, Set<string>>();

  constructor() {
    // Every socket subscribes to its channels; the default warning at 10 listeners would be noise.
    this.emitter.setMaxListeners(0);
  }

  publish(channel: string, payload: unknown): Promise<void> {
    this.emitter.emit(channel, payload);
    return Promise.resolve();
  }

  subscribe(channel: string, handler: (payload: unknown) => void): Promise<Unsubscribe> {
    this.emitter.on(channel, handler);
    return Promise.resolve(() => {
      this.emitter.off(channel, handler);
    });
  }

  setPresent(key: string, member: string, present: boolean): Promise<number> {
    let members = this.present.get(key);
    if (present) {
      if (!members) this.present.set(key, (members = new Set()));
      members.add(member);
    } else if (members) {
      members.delete(member);
      if (members.size === 0) this.present.delete(key);
    }
    return Promise.resolve(members?.size ?? 0);
  }

  countPresent(key: string): Promise<number> {
    return Promise.resolve(this.present.get(key)?.size ?? 0);
  }

  close(): Promise<void> {
    this.emitter.removeAllListeners();
    this.present.clear();
    return Promise.resolve();
  }
}
