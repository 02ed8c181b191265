/**
 * The chat's fan-out: every event goes through a broker, so any instance can deliver any event to
 * the sockets it holds. This file holds the interface and the in-process implementation used when
 * REDIS_URL is unset (one instance); a Redis implementation plugs into the same interface.
 *
 * Channels:
 *   visitor:<email>   frames for every open tab of one visitor
 *   agents            frames for every connected agent
 *   presence          agents came online or went offline (visitors' widgets show it)
 *   agent-sessions    an agent session ended (sign-out, password change), or every session of
 *                     an agent did (disabled, new password set by an admin)
 *   agent-profiles    an agent's display name or role changed
 *   visitor-sessions  a visitor's chat session ended (they ended their chat in that browser)
 * Presence keys count live sockets: "agents", "agent:<id>" and "visitor:<email>".
 */
import { EventEmitter } from "node:events";

export type Unsubscribe = () => void;

export interface ChatBroker {
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

export const channels = {
  visitor: (email: string) => `visitor:${email}`,
  agents: "agents",
  presence: "presence",
  agentSessions: "agent-sessions",
  agentProfiles: "agent-profiles",
  visitorSessions: "visitor-sessions",
} as const;

export const presenceKeys = {
  agents: "agents",
  agent: (id: number) => `agent:${id}`,
  visitor: (email: string) => `visitor:${email}`,
} as const;

/** One process: an EventEmitter and in-memory sets. Delivery is synchronous and in order. */
export class InProcessBroker implements ChatBroker {
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
