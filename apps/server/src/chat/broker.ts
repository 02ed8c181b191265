/**
 * The chat's fan-out: every event any socket must see goes through the broker, so any instance can
 * deliver any event to the sockets it holds. The broker is typed by channel (broker-channels.ts):
 * `publish` takes only that channel's payload, and `subscribe` parses every payload it receives
 * with the channel's schema, dropping (and logging) one that fails, since payloads will come from
 * other instances (a payload this instance built itself, `publishBuilt`, reaches its own
 * subscribers unparsed). What carries them is a BrokerTransport: in process (below) when REDIS_URL is
 * unset; on Redis (redis-transport.ts) for several instances.
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
  /**
   * Marks the member present unless `max` others are present under the key already: one step, so
   * of two sockets taking the last place at once only one gets it. False when refused.
   */
  claimPresence(key: string, member: string, max: number): Promise<boolean>;
  /** How many members are present under a key, across every instance. */
  countPresent(key: string): Promise<number>;
  /** Whether events reach every instance (false while Redis is unreachable). */
  healthy(): boolean;
  /**
   * Runs `handler` when events may have been missed and delivery works again (Redis came back):
   * the sockets are told to catch up from the database.
   */
  onResync(handler: () => void): Unsubscribe;
  close(): Promise<void>;
}

export class ChatBroker {
  /**
   * Payloads published with publishBuilt, as this instance holds them: its own subscribers take
   * them as they are. Both transports hand a local subscriber the very object published; one that
   * came from another instance is a new object, so it is always parsed.
   */
  private readonly built = new WeakSet<object>();

  constructor(
    private readonly transport: BrokerTransport,
    private readonly log: FastifyBaseLogger,
  ) {}

  publish<T>(channel: BrokerChannel<T>, payload: T): Promise<void> {
    return this.transport.publish(channel.name, payload);
  }

  /**
   * Publishes a payload built here field by field, with nothing spread in from a wider object
   * (so parsing would neither reject it nor strip a key from it): this instance's subscribers skip
   * the parse, which was a twentieth of a busy chat's time (a message's two frames, each parsed
   * against a union of a dozen frame schemas). Other instances parse it as any payload.
   */
  publishBuilt<T extends object>(channel: BrokerChannel<T>, payload: T): Promise<void> {
    this.built.add(payload);
    return this.transport.publish(channel.name, payload);
  }

  /**
   * Calls `handler` with every payload of the channel that its schema accepts. A handler that
   * throws is logged; it never stops the publisher or the other subscribers.
   */
  subscribe<T>(channel: BrokerChannel<T>, handler: (payload: T) => void): Promise<Unsubscribe> {
    // The handler keeps the schema and the kind, not the channel object: a visitor's channel is
    // made per subscription and would otherwise stay alive as long as the visitor's sockets.
    const { kind, payload: schema } = channel;
    const built = this.built;
    return this.transport.subscribe(channel.name, (payload) => {
      if (typeof payload === "object" && payload !== null && built.has(payload)) {
        this.deliver(handler, payload as T, kind);
        return;
      }
      const parsed = schema.safeParse(payload);
      if (!parsed.success) {
        this.log.warn(
          { channel: kind, issues: parsed.error.issues.slice(0, 3) },
          "broker payload dropped: it does not match its channel's schema",
        );
        return;
      }
      this.deliver(handler, parsed.data, kind);
    });
  }

  private deliver<T>(handler: (payload: T) => void, payload: T, kind: string): void {
    try {
      handler(payload);
    } catch (err) {
      this.log.error({ err, channel: kind }, "a broker subscriber failed");
    }
  }

  setPresent(key: string, member: string, present: boolean): Promise<number> {
    return this.transport.setPresent(key, member, present);
  }

  claimPresence(key: string, member: string, max: number): Promise<boolean> {
    return this.transport.claimPresence(key, member, max);
  }

  countPresent(key: string): Promise<number> {
    return this.transport.countPresent(key);
  }

  healthy(): boolean {
    return this.transport.healthy();
  }

  onResync(handler: () => void): Unsubscribe {
    return this.transport.onResync(handler);
  }

  close(): Promise<void> {
    return this.transport.close();
  }
}

function countOf(members: string | Set<string> | undefined): number {
  return members === undefined ? 0 : typeof members === "string" ? 1 : members.size;
}

/** One process: an EventEmitter and in-memory sets. Delivery is synchronous and in order. */
export class InProcessTransport implements BrokerTransport {
  private readonly emitter = new EventEmitter();
  /**
   * Members present per key. Most keys (a visitor, a chat session) have one socket: that member is
   * kept as it is, and a Set only once a second one joins (a Set per idle socket was a tenth of
   * what the socket cost).
   */
  private readonly present = new Map<string, string | Set<string>>();

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
    const members = this.present.get(key);
    if (present) {
      if (members === undefined) this.present.set(key, member);
      else if (typeof members === "string") {
        if (members !== member) this.present.set(key, new Set([members, member]));
      } else members.add(member);
    } else if (members !== undefined) {
      if (typeof members === "string") {
        if (members === member) this.present.delete(key);
      } else {
        members.delete(member);
        if (members.size === 1) this.present.set(key, members.values().next().value as string);
      }
    }
    return this.countPresent(key);
  }

  claimPresence(key: string, member: string, max: number): Promise<boolean> {
    const members = this.present.get(key);
    const known = typeof members === "string" ? members === member : members?.has(member);
    if (!known && countOf(members) >= max) return Promise.resolve(false);
    return this.setPresent(key, member, true).then(() => true);
  }

  countPresent(key: string): Promise<number> {
    return Promise.resolve(countOf(this.present.get(key)));
  }

  /** One process: nothing between instances can break. */
  healthy(): boolean {
    return true;
  }

  /** Nothing is ever missed in process. */
  onResync(): Unsubscribe {
    return () => undefined;
  }

  close(): Promise<void> {
    this.emitter.removeAllListeners();
    this.present.clear();
    return Promise.resolve();
  }
}
