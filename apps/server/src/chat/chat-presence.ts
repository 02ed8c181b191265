/**
 * Who is connected, on any instance: agents (the widget says whether anyone is there to answer),
 * each agent (the agents screen), and each visitor (the console's lists). The sockets report each
 * socket as it comes and goes; this counts them in the broker's presence sets and tells the agents
 * when a visitor's or an agent's first socket came or last one went, and the visitors whenever an
 * agent's socket comes or goes.
 */
import { channels, presenceKeys } from "./broker-channels";
import type { ChatBroker } from "./broker";

export class ChatPresence {
  constructor(private readonly broker: ChatBroker) {}

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

  /** One socket of the visitor opened (`present`) or closed; `member` names that socket. */
  async visitorSocket(email: string, member: string, present: boolean): Promise<void> {
    if (await this.firstOrLast(presenceKeys.visitor(email), member, present)) {
      await this.broker.publish(channels.agents, {
        message_type: "visitor_presence",
        visitor_email: email,
        online: present,
      });
    }
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
