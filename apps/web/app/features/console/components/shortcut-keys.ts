/**
 * The console's keyboard shortcuts. Every shortcut uses Alt, so a single typed character never
 * triggers anything (WCAG 2.1.4), and they work from the reply editor. Apart from the dialog that
 * lists them (shortcuts-dialog.tsx), so binding them loads no dialog code.
 */
export const shortcutKeys = {
  nextConversation: ["alt+ArrowDown", "alt+j"],
  previousConversation: ["alt+ArrowUp", "alt+k"],
  focusReply: "alt+r",
  endChat: "alt+e",
  help: "alt+slash",
} as const;
