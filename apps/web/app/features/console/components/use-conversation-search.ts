/**
 * Conversations found by a search (`?q=` in the console's address), in one view: the server's
 * full-text search, a page at a time. The summaries go into the live state, so what is found stays
 * up to date; this keeps only which ids were found, in the server's order.
 */
import type { ConversationSummary } from "@hourline/contracts/console-inbox";
import type { ConversationView } from "@hourline/contracts/console-team";
import { conversationsPerPage } from "@hourline/contracts/console-team";
import { useEffect, useRef, useState } from "react";
import { failureMessage } from "../api/console-client";
import { fetchConversations } from "../api/fetch-conversations";
import { useConsole } from "./console-context";

export type SearchState =
  | { kind: "idle" }
  | { kind: "searching" }
  | { kind: "found"; ids: number[]; more: boolean; loadingMore: boolean }
  | { kind: "failed"; message: string };

/** A search starts this long after the last key typed. */
const SEARCH_DELAY_MS = 250;

/** The search after one more page arrived (or failed), following the ids already found. */
function afterPage(
  session: { takeSummaries(summaries: ConversationSummary[]): void },
  found: number[],
  result: Awaited<ReturnType<typeof fetchConversations>>,
): SearchState {
  if (!result.ok) return { kind: "failed", message: failureMessage(result) };
  session.takeSummaries(result.data);
  return {
    kind: "found",
    ids: [...found, ...result.data.map((c) => c.id)],
    more: result.data.length >= conversationsPerPage,
    loadingMore: false,
  };
}

export function useConversationSearch(view: ConversationView, q: string) {
  const { session } = useConsole();
  const query = q.trim();
  const key = `${view}\n${query}`;
  // The answer for one search (view and words); another search shows "searching" until its own.
  const [answer, setAnswer] = useState<{ key: string; state: SearchState } | null>(null);
  const run = useRef(0);

  useEffect(() => {
    const mine = ++run.current;
    if (!query) return;
    const timer = setTimeout(() => {
      void fetchConversations(view, { q: query }).then((result) => {
        if (mine === run.current) setAnswer({ key, state: afterPage(session, [], result) });
      });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [session, view, query, key]);

  const state: SearchState = !query
    ? { kind: "idle" }
    : answer?.key === key
      ? answer.state
      : { kind: "searching" };

  function loadMore() {
    if (state.kind !== "found" || !state.more || state.loadingMore) return;
    const mine = run.current;
    const before = state.ids.at(-1);
    setAnswer({ key, state: { ...state, loadingMore: true } });
    const ids = state.ids;
    void fetchConversations(view, { q: query, before }).then((result) => {
      if (mine === run.current) setAnswer({ key, state: afterPage(session, ids, result) });
    });
  }

  return { state, loadMore };
}
