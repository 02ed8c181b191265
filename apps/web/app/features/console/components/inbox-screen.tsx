/**
 * The inbox: the conversation list in three tabs (open, missed, ended) with their true counts, a
 * search (`?q=`), whose open chats to show (all, mine, unassigned) and in which order (the visitor
 * waiting longest first, or newest activity), beside the conversation on screen. The list loads
 * more as it is scrolled; open chats can be ticked for bulk actions (open-list-tools.tsx). Below
 * the wide layout the list and the conversation take turns.
 * Keyboard: Alt+↓ / Alt+↑ move to the next or previous conversation of the tab, Alt+R goes to the
 * reply editor, Alt+E ends the chat.
 */
import type { AssigneeFilter } from "@hourline/contracts/console-team";
import { Search } from "lucide-react";
import { Tabs } from "radix-ui";
import {
  Suspense,
  lazy,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import { useHotkeys } from "react-hotkeys-hook";
import { useNavigate, useSearchParams } from "react-router";
import { conversationsIn, ofAssignee, type ListOrder } from "../model/conversation-summaries";
import { useConsole, useConsoleState } from "./console-context";
import { conversationPath } from "./console-paths";
import { ConversationList } from "./conversation-list";
import {
  LoadingConversation,
  NoConversationChosen,
  NoSuchConversation,
} from "./inbox-placeholders";
import { OpenListTools } from "./open-list-tools";
import { shortcutKeys } from "./shortcut-keys";
import { useBulkSelection } from "./use-bulk-selection";
import { useConversationSearch } from "./use-conversation-search";
import { emptyTexts, tabNames, tabs, type Tab } from "./inbox-tabs";

// The open conversation (thread, composer, visitor details, team controls, canned replies, the
// HTML sanitiser) loads when a conversation is first chosen, not with the list.
const ConversationView = lazy(() =>
  import("./conversation-view").then((m) => ({ default: m.ConversationView })),
);

const hotkeyOptions = { enableOnFormTags: true, preventDefault: true } as const;

export function InboxScreen({ conversationId }: { conversationId: number | null }) {
  const { session } = useConsole();
  const navigate = useNavigate();
  const conversations = useConsoleState((s) => s.conversations);
  const loaded = useConsoleState((s) => s.loaded);
  const more = useConsoleState((s) => s.more);
  const cursor = useConsoleState((s) => s.cursor);
  const serverCounts = useConsoleState((s) => s.counts);
  const meId = useConsoleState((s) => s.me.id);
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const [assignee, setAssignee] = useState<AssigneeFilter>("all");
  // Unanswered chats: the visitor waiting longest comes first unless the agent asks otherwise.
  const [order, setOrder] = useState<ListOrder>("waiting");
  const missing = useConsoleState((s) =>
    conversationId === null ? false : Boolean(s.missing[conversationId]),
  );
  const selected = conversationId === null ? undefined : conversations[conversationId];
  const [tab, setTab] = useState<Tab>("open");
  const [endOpen, setEndOpen] = useState(false);
  const editor = useRef<HTMLTextAreaElement | null>(null);
  const tabIds = useId();

  const search = useConversationSearch(tab, q);
  const lists = useMemo(() => {
    if (search.state.kind === "found") {
      const found = search.state.ids.map((id) => conversations[id]).filter((c) => c !== undefined);
      return { open: found, missed: found, ended: found };
    }
    return {
      open: ofAssignee(conversationsIn(conversations, "open", order), assignee, meId),
      missed: conversationsIn(conversations, "missed"),
      ended: conversationsIn(conversations, "ended"),
    };
  }, [conversations, order, assignee, meId, search.state]);

  // The rows are drawn in the background: a page of them is a long task on a slow phone, and the
  // frame, the tabs and the search stay responsive meanwhile (their counts are not deferred).
  const shown = useDeferredValue(useMemo(() => ({ lists, loaded }), [lists, loaded]));

  // Ticks for the bulk actions: only the open list's rows, and not among search results.
  const openIds = useMemo(() => lists.open.map((c) => c.id), [lists.open]);
  const selection = useBulkSelection(search.state.kind === "found" ? [] : openIds);

  function setQuery(value: string) {
    const next = new URLSearchParams(params);
    if (value) next.set("q", value);
    else next.delete("q");
    setParams(next, { replace: true });
  }

  const searching = q.trim() !== "";
  function loadMore(t: Tab) {
    if (searching) {
      search.loadMore();
      return;
    }
    const from = cursor[t];
    if (from !== null) void session.loadMore(t, from);
  }
  const hasMore = (t: Tab) =>
    searching
      ? search.state.kind === "found" && search.state.more
      : more[t] && (t !== "open" || assignee === "all");

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
    // A missed chat opened from the Missed tab keeps that tab: the next missed one is beside it.
    setTab((t) => (t === "missed" && selected.missed ? "missed" : selected.state));
    setEndOpen(false);
  }

  function move(step: 1 | -1) {
    const list = lists[tab];
    if (list.length === 0) return;
    const at = list.findIndex((c) => c.id === conversationId);
    // Past the last row held, the next page is asked for: the next press goes on into it.
    if (step === 1 && at === list.length - 1 && hasMore(tab)) loadMore(tab);
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
    more,
    cursor,
    search.state,
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

  const counts = serverCounts ?? {
    open: conversationsIn(conversations, "open").length,
    missed: conversationsIn(conversations, "missed").length,
    ended: conversationsIn(conversations, "ended").length,
  };
  return (
    <div className="flex min-h-0 flex-1">
      <section
        aria-labelledby="inbox-title"
        className={`w-full shrink-0 flex-col border-line bg-surface lg:flex lg:w-72 lg:border-r xl:w-80 ${
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
            <form role="search" className="relative mt-2" onSubmit={(e) => e.preventDefault()}>
              <label htmlFor="conversation-search" className="sr-only">
                Search conversations
              </label>
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted"
              />
              <input
                id="conversation-search"
                type="search"
                value={q}
                maxLength={200}
                onChange={(e) => setQuery(e.target.value)}
                placeholder="Name, e-mail or words"
                className="min-h-9 w-full rounded-lg border border-line bg-surface py-1.5 pr-2 pl-8 text-sm text-ink"
              />
            </form>
            <Tabs.List aria-label="Which conversations" className="mt-2 flex gap-1">
              {tabs.map((t) => (
                <Tabs.Trigger
                  key={t}
                  value={t}
                  id={`${tabIds}-tab-${t}`}
                  aria-controls={`${tabIds}-panel-${t}`}
                  data-testid={`tab-${t}`}
                  className="-mb-px min-h-10 border-b-2 border-transparent px-2 text-sm font-semibold text-muted hover:text-ink data-[state=active]:border-brand data-[state=active]:text-ink"
                >
                  {tabNames[t]}{" "}
                  <span className="text-xs font-normal" data-testid={`count-${t}`}>
                    ({counts[t]})
                  </span>
                </Tabs.Trigger>
              ))}
            </Tabs.List>
          </div>
          {tab === "open" && !searching ? (
            <OpenListTools
              assignee={assignee}
              onAssigneeChange={setAssignee}
              order={order}
              onOrderChange={setOrder}
              selection={selection}
              shown={lists.open.length}
            />
          ) : null}
          {/* The shown tab's panel only (a panel of its own per tab, by its key), as a plain
              element: Radix's panel measures its own animation when it mounts, a forced style
              pass inside the console's first render. */}
          <div
            key={tab}
            role="tabpanel"
            id={`${tabIds}-panel-${tab}`}
            aria-labelledby={`${tabIds}-tab-${tab}`}
            tabIndex={0}
            className="min-h-0 flex-1 overflow-y-auto focus-visible:-outline-offset-3"
          >
            {searching && search.state.kind === "failed" ? (
              <p role="alert" className="px-4 py-8 text-center text-sm text-danger">
                {search.state.message}
              </p>
            ) : (searching && search.state.kind !== "found") ||
              (!searching && !shown.loaded[tab]) ? (
              <p role="status" className="px-4 py-8 text-center text-sm text-muted">
                {searching ? "Searching…" : "Loading conversations…"}
              </p>
            ) : (
              <ConversationList
                conversations={shown.lists[tab]}
                selectedId={conversationId}
                emptyText={searching ? "Nothing found. Try other words." : emptyTexts[tab]}
                selection={tab === "open" && !searching ? selection : undefined}
                onLoadMore={hasMore(tab) ? () => loadMore(tab) : undefined}
              />
            )}
          </div>
        </Tabs.Root>
      </section>

      <div
        className={`min-w-0 flex-1 flex-col ${conversationId === null ? "hidden lg:flex" : "flex"}`}
      >
        {conversationId === null ? (
          <NoConversationChosen />
        ) : selected ? (
          <Suspense fallback={<LoadingConversation />}>
            <ConversationView
              summary={selected}
              editorRef={editor}
              endOpen={endOpen}
              onEndOpenChange={setEndOpen}
            />
          </Suspense>
        ) : missing ? (
          <NoSuchConversation />
        ) : (
          <LoadingConversation />
        )}
      </div>
    </div>
  );
}
