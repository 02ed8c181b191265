/**
 * The inbox: the conversation list in two tabs (open and ended) beside the conversation on screen.
 * On a narrow screen the list and the conversation take turns. Keyboard: Alt+↓ / Alt+↑ move to the
 * next or previous conversation of the tab, Alt+R goes to the reply editor, Alt+E ends the chat.
 */
import { Tabs } from "radix-ui";
import { useEffect, useMemo, useRef, useState } from "react";
import { useHotkeys } from "react-hotkeys-hook";
import { useNavigate } from "react-router";
import { conversationsIn } from "../model/conversation-summaries";
import { useConsole, useConsoleState } from "./console-context";
import { conversationPath } from "./console-paths";
import { ConversationList } from "./conversation-list";
import { ConversationView } from "./conversation-view";
import { shortcutKeys } from "./shortcuts-dialog";

type Tab = "open" | "ended";
const tabs = ["open", "ended"] as const;

const hotkeyOptions = { enableOnFormTags: true, preventDefault: true } as const;

export function InboxScreen({ conversationId }: { conversationId: number | null }) {
  const { session } = useConsole();
  const navigate = useNavigate();
  const conversations = useConsoleState((s) => s.conversations);
  const loaded = useConsoleState((s) => s.loaded);
  const missing = useConsoleState((s) =>
    conversationId === null ? false : Boolean(s.missing[conversationId]),
  );
  const selected = conversationId === null ? undefined : conversations[conversationId];
  const [tab, setTab] = useState<Tab>("open");
  const [endOpen, setEndOpen] = useState(false);
  const editor = useRef<HTMLTextAreaElement | null>(null);

  const lists = useMemo(
    () => ({
      open: conversationsIn(conversations, "open"),
      ended: conversationsIn(conversations, "ended"),
    }),
    [conversations],
  );

  useEffect(() => {
    session.view(conversationId);
    return () => session.view(null);
  }, [session, conversationId]);

  // Opening a conversation closes any confirmation and shows the tab the conversation belongs to;
  // later changes (it ends while on screen) do not flip tabs. Adjusted while rendering, so the
  // first frame is already right.
  const [shownFor, setShownFor] = useState<number | null>(null);
  if (selected && shownFor !== selected.id) {
    setShownFor(selected.id);
    setTab(selected.state);
    setEndOpen(false);
  }

  function move(step: 1 | -1) {
    const list = lists[tab];
    if (list.length === 0) return;
    const at = list.findIndex((c) => c.id === conversationId);
    const next =
      at === -1
        ? step === 1
          ? list[0]
          : list.at(-1)
        : list[Math.min(list.length - 1, Math.max(0, at + step))];
    if (next && next.id !== conversationId) void navigate(conversationPath(next.id));
  }

  useHotkeys(shortcutKeys.nextConversation, () => move(1), hotkeyOptions, [
    lists,
    tab,
    conversationId,
  ]);
  useHotkeys(shortcutKeys.previousConversation, () => move(-1), hotkeyOptions, [
    lists,
    tab,
    conversationId,
  ]);
  useHotkeys(shortcutKeys.focusReply, () => editor.current?.focus(), hotkeyOptions);
  useHotkeys(
    shortcutKeys.endChat,
    () => {
      if (selected?.state === "open") setEndOpen(true);
    },
    hotkeyOptions,
    [selected?.state],
  );

  const counts = { open: lists.open.length, ended: lists.ended.length };
  return (
    <div className="flex min-h-0 flex-1">
      <section
        aria-labelledby="inbox-title"
        className={`w-full shrink-0 flex-col border-line bg-surface md:flex md:w-80 md:border-r ${
          conversationId === null ? "flex" : "hidden"
        }`}
      >
        <Tabs.Root
          value={tab}
          onValueChange={(v) => setTab(v as Tab)}
          className="flex min-h-0 flex-1 flex-col"
        >
          <div className="border-b border-line px-4 pt-3">
            {conversationId === null ? (
              <h1 id="inbox-title" className="text-lg font-bold text-ink">
                Conversations
              </h1>
            ) : (
              <h2 id="inbox-title" className="text-lg font-bold text-ink">
                Conversations
              </h2>
            )}
            <Tabs.List aria-label="Which conversations" className="mt-2 flex gap-1">
              {tabs.map((t) => (
                <Tabs.Trigger
                  key={t}
                  value={t}
                  className="-mb-px min-h-10 border-b-2 border-transparent px-3 text-sm font-semibold text-muted hover:text-ink data-[state=active]:border-brand data-[state=active]:text-ink"
                >
                  {t === "open" ? "Open" : "Ended"}{" "}
                  <span className="text-xs font-normal">({counts[t]})</span>
                </Tabs.Trigger>
              ))}
            </Tabs.List>
          </div>
          {tabs.map((t) => (
            <Tabs.Content
              key={t}
              value={t}
              className="min-h-0 flex-1 overflow-y-auto focus-visible:-outline-offset-3"
            >
              {loaded[t] ? (
                <ConversationList
                  conversations={lists[t]}
                  selectedId={conversationId}
                  emptyText={
                    t === "open"
                      ? "No open conversations. New chats appear here as visitors start them."
                      : "No ended conversations yet."
                  }
                />
              ) : (
                <p role="status" className="px-4 py-8 text-center text-sm text-muted">
                  Loading conversations…
                </p>
              )}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </section>

      <div
        className={`min-w-0 flex-1 flex-col ${conversationId === null ? "hidden md:flex" : "flex"}`}
      >
        {conversationId === null ? (
          <div className="grid flex-1 place-items-center p-8 text-center">
            <div>
              <h2 className="text-xl font-bold text-ink">Choose a conversation</h2>
              <p className="mt-2 max-w-sm text-muted">
                Pick a visitor on the left to read and answer.{" "}
                <span className="whitespace-nowrap">Alt + ↓</span> and{" "}
                <span className="whitespace-nowrap">Alt + ↑</span> move through the list.
              </p>
            </div>
          </div>
        ) : selected ? (
          <ConversationView
            summary={selected}
            editorRef={editor}
            endOpen={endOpen}
            onEndOpenChange={setEndOpen}
          />
        ) : missing ? (
          <div className="grid flex-1 place-items-center p-8 text-center">
            <div>
              <h1 className="text-xl font-bold text-ink">There is no such conversation</h1>
              <p className="mt-2 text-muted">
                The address may be mistyped. Choose a conversation from the list instead.
              </p>
            </div>
          </div>
        ) : (
          <div className="grid flex-1 place-items-center p-8 text-center">
            <p role="status" className="text-muted">
              Loading the conversation…
            </p>
          </div>
        )}
      </div>
    </div>
  );
}
