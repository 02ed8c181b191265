/** The order a conversation is shown in, the same in the widget and in the console. */
export interface OrderedMessage {
  /** The server's id; null while the message is on its way. */
  id: number | null;
  createdAt: number;
}

/** Confirmed messages by id, then the ones still on their way in the order they were typed. */
export function orderedMessages<T extends OrderedMessage>(messages: readonly T[]): T[] {
  return [...messages].sort((a, b) => {
    if (a.id !== null && b.id !== null) return a.id - b.id;
    if (a.id !== null) return -1;
    if (b.id !== null) return 1;
    return a.createdAt - b.createdAt;
  });
}
