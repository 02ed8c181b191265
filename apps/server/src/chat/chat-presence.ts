/**
 * Who is connected, on any instance: agents (the widget says whether anyone is there to answer),
 * each agent (the agents screen), and each visitor (the console's lists). The sockets report each
 * socket as it comes and goes; this counts them in the broker's presence sets and tells the agents
 * when a visitor's or an agent's first socket came or last one went, and the visitors whenever an
 * agent's socket comes or goes.
 */
import { channels, presenceKeys } from "./broker-channels";
import type { ChatBroker } from "./broker";

/** How long a visitor's presence settles before the consoles hear it (a reconnect within is silent). */
export const VISITOR_PRESENCE_SETTLE_MS = 250;

interface PendingPresence {
  /** The settle window's timer, while one runs. */
  timer?: NodeJS.Timeout | undefined;
  /** A change arrived while the count was being read for the last frame: read it again. */
  again: boolean;
}

export class ChatPresence {
  /** Visitors whose first socket came or last one went, and whose frame is not yet sent. */
  private readonly pending = new Map<string, PendingPresence>();
  private readonly flushing = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    private readonly broker: ChatBroker,
    private readonly onError: (err: unknown) => void = () => {},
    private readonly settleMs = VISITOR_PRESENCE_SETTLE_MS,
  ) {}

  /** At least one agent socket is open, on any instance. */
  async agentsOnline(): Promise<boolean> {
    return (await this.broker.countPresent(presenceKeys.agents)) > 0;
  }

  async agentOnline(agentId: number): Promise<boolean> {
    return (await this.broker.countPresent(presenceKeys.agent(agentId))) > 0;
  }

  /** At least one tab of the visitor has the chat socket open, on any instance. */
  async visitorOnline(email: string): Promise<boolean> {
    return (await this.broker.countPresent(presenceKeys.visitor(email))) > 0;
  }

  /**
   * One socket of the visitor opened (`present`) or closed; `member` names that socket. When it
   * was the first to come or the last to go, the consoles hear it once the visitor's presence has
   * settled: a visitor flapping (a socket reconnecting in a loop, many tabs opening and closing)
   * costs at most one frame per settle window, and that frame carries the count as read after the
   * window (on every instance), so the final state is never lost.
   */
  async visitorSocket(email: string, member: string, present: boolean): Promise<void> {
    if (await this.firstOrLast(presenceKeys.visitor(email), member, present)) {
      this.settle(email);
    }
  }

  /** Waits for the frames of settle windows already running (tests; shutdown). */
  async settled(): Promise<void> {
    while (this.pending.size > 0 || this.flushing.size > 0) {
      await Promise.all([...this.flushing, new Promise((resolve) => setTimeout(resolve, 10))]);
    }
  }

  /** Stops the settle windows: nothing more is sent (the broker is closing). */
  stop(): void {
    this.stopped = true;
    for (const entry of this.pending.values()) clearTimeout(entry.timer);
    this.pending.clear();
  }

  private settle(email: string): void {
    if (this.stopped) return;
    const entry = this.pending.get(email);
    if (entry) {
      // A window runs: its frame reads the count after this change. A frame being read right
      // now may have read it before, so one more window follows it.
      if (!entry.timer) entry.again = true;
      return;
    }
    const fresh: PendingPresence = { again: false };
    this.pending.set(email, fresh);
    this.startWindow(email, fresh);
  }

  private startWindow(email: string, entry: PendingPresence): void {
    entry.timer = setTimeout(() => {
      entry.timer = undefined;
      const flush = this.sendPresence(email)
        .catch(this.onError)
        .finally(() => {
          this.flushing.delete(flush);
          if (entry.again && !this.stopped) {
            entry.again = false;
            this.startWindow(email, entry);
          } else if (this.pending.get(email) === entry) {
            this.pending.delete(email);
          }
        });
      this.flushing.add(flush);
    }, this.settleMs);
    entry.timer.unref();
  }

  private async sendPresence(email: string): Promise<void> {
    const online = await this.visitorOnline(email);
    if (this.stopped) return;
    await this.broker.publish(channels.agents, {
      message_type: "visitor_presence",
      visitor_email: email,
      online,
    });
  }

  /** One console socket of the agent opened (`present`) or closed. */
  async agentSocket(agentId: number, member: string, present: boolean): Promise<void> {
    // Both counts are sent in the same step, before anything is awaited: on Redis they travel on
    // one connection, so a question asked once the socket is open (is this agent online?) is
    // answered after both, never between them.
    const [, count] = await Promise.all([
      this.broker.setPresent(presenceKeys.agents, member, present),
      this.broker.setPresent(presenceKeys.agent(agentId), member, present),
    ]);
    if (firstOrLast(count, present)) {
      await this.broker.publish(channels.agents, {
        message_type: "agent_presence",
        agent_id: agentId,
        online: present,
      });
    }
    await this.broker.publish(channels.presence, {
      message_type: "presence",
      agents_online: await this.agentsOnline(),
    });
  }

  /** Counts the socket in or out; true when it was the first to come or the last to go. */
  private async firstOrLast(key: string, member: string, present: boolean): Promise<boolean> {
    return firstOrLast(await this.broker.setPresent(key, member, present), present);
  }
}

/** Whether a count just after a member came (`present`) or went makes it the first or the last. */
function firstOrLast(count: number, present: boolean): boolean {
  return (present && count === 1) || (!present && count === 0);
}
