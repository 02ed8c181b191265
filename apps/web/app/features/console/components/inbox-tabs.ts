/** The inbox's three lists, their names on the tabs and what each says when it is empty. */
import type { ConversationView } from "@hourline/contracts/console-team";

export type Tab = ConversationView;
export const tabs = ["open", "missed", "ended"] as const satisfies readonly Tab[];
export const tabNames: Record<Tab, string> = { open: "Open", missed: "Missed", ended: "Ended" };
export const emptyTexts: Record<Tab, string> = {
  open: "No open conversations. New chats appear here as visitors start them.",
  missed: "No missed chats: every visitor who wrote got an answer.",
  ended: "No ended conversations yet.",
};
