/**
 * The drafts slice: what an agent has typed and not had acknowledged, kept in the tab's storage
 * (console-storage.ts) so a reload or a new sign-in finds it. The unsent replies live in the
 * threads while the console runs; this writes them out when they change, and the drafts of the
 * reply boxes as they are typed. After an explicit sign-out nothing more is written.
 */
import type { StorageLike } from "~/lib/live-chat/stored-json";
import type { ConsoleState } from "./console-state-shape";
import { forgetAgentWork, loadDrafts, loadOutbox, saveDraft, saveOutbox } from "./console-storage";
import { repliesToKeep, type PendingReply } from "./console-threads";

export class ConsoleDrafts {
  /** The outbox as last written to storage: an unchanged one is not written again. */
  private savedOutbox = "[]";
  /** Signed out here: nothing of this agent's work is written to storage any more. */
  private forgotten = false;

  constructor(
    private readonly storage: StorageLike | null,
    private readonly agentId: () => number,
  ) {}

  /** The replies kept from before (a reload, an earlier sign-in), to be sent again. */
  loadOutbox(agentId: number): PendingReply[] {
    return loadOutbox(this.storage, agentId);
  }

  /** The state the console starts from: its outbox counts as written. */
  started(state: ConsoleState): void {
    this.savedOutbox = JSON.stringify(repliesToKeep(state));
  }

  /** The state changed: the outbox is written if a reply's delivery or its chat's end changed it. */
  changed(before: ConsoleState, after: ConsoleState): void {
    const outboxMayChange =
      after.threads !== before.threads || after.conversations !== before.conversations;
    if (!outboxMayChange || this.forgotten) return;
    const pending = repliesToKeep(after);
    const serialised = JSON.stringify(pending);
    if (serialised === this.savedOutbox) return;
    this.savedOutbox = serialised;
    saveOutbox(this.storage, after.me.id, pending);
  }

  draftOf(conversationId: number): string {
    return loadDrafts(this.storage, this.agentId())[conversationId] ?? "";
  }

  saveDraft(conversationId: number, text: string): void {
    if (this.forgotten) return;
    saveDraft(this.storage, this.agentId(), conversationId, text);
  }

  /** An explicit sign-out: this agent's unsent replies and drafts leave the tab. */
  forget(): void {
    this.forgotten = true;
    forgetAgentWork(this.storage, this.agentId());
  }
}
