/**
 * The contact messages visitors sent from the contact page, newest first: searched on the server
 * (name, e-mail, phone and text), filtered to unread or unhandled ones, and kept live (a new message
 * or another agent's change shows at once). Opening one marks it read; it can be answered by e-mail
 * (a prepared reply in the agent's mail program), marked handled, or marked unread again. The search
 * and the message shown are part of the address, so a reload keeps them.
 */
import type { ContactMessageSummary } from "@hourline/contracts/console-inbox";
import { contactSearchLimits, type ContactFilter } from "@hourline/contracts/console";
import { Search } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { Link, useLocation, useNavigation, useSearchParams } from "react-router";
import { contactFilter, type ContactsData } from "../route-data/contacts";
import { ProblemMessage } from "./problem-message";
import { useConsole, useConsoleState } from "./console-context";
import { shortDateTime } from "./time-labels";
import { useNow } from "./use-now";
import { PersonName } from "~/components/ui/person-name";
import { ContactDetail } from "./contact-detail";

const SEARCH_DELAY_MS = 300;

const filters: { value: ContactFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "unread", label: "Unread" },
  { value: "unhandled", label: "Not handled" },
];

/** The server's search rule, for messages that arrive live while a search is shown. */
export function matchesContact(message: ContactMessageSummary, q: string, filter: ContactFilter) {
  if (filter === "unread" && message.read) return false;
  if (filter === "unhandled" && message.handled) return false;
  const needle = q.trim().toLowerCase();
  if (!needle) return true;
  return [message.name, message.email, message.phone ?? "", message.message].some((field) =>
    field.toLowerCase().includes(needle),
  );
}

/** `search` is the route loader's answer to the address's search (null without one). */
export function ContactInbox({ search }: { search: ContactsData }) {
  const { session } = useConsole();
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const filter = contactFilter(params.get("filter"));
  const selectedId = Number(params.get("id")) || null;
  const [typed, setTyped] = useState(q);
  const live = useConsoleState((s) => s.contacts.list);
  const liveLoaded = useConsoleState((s) => s.contacts.loaded);
  const searching = Boolean(q) || filter !== "all";
  // The answer shown is the one for the search in the address; while another loads, none is.
  const answer = searching && search?.q === q && search.filter === filter ? search : null;
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const loadingSearch = navigation.state === "loading" && navigation.location.pathname === pathname;
  const now = useNow();

  const setParam = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === "") next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  // Typing in the search box updates the address a moment after the last key.
  useEffect(() => {
    if (typed === q) return undefined;
    const timer = window.setTimeout(() => setParam({ q: typed.trim() || null }), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);

  // Without a search or filter the live list is the answer; otherwise the loader's search.
  // A search's answer stays live: changes to its messages and new matching messages show at once.
  const shown = useMemo(() => {
    if (!searching) return live;
    if (answer?.found.kind !== "loaded") return [];
    const current = new Map(live.map((m) => [m.id, m]));
    const listed = answer.found.data.map((m) => current.get(m.id) ?? m);
    const ids = new Set(listed.map((m) => m.id));
    const arrived = live.filter(
      (m) => !ids.has(m.id) && m.received_at >= answer.at && matchesContact(m, q, filter),
    );
    return [...arrived, ...listed];
  }, [searching, answer, live, q, filter]);

  const selected =
    selectedId === null
      ? undefined
      : (shown.find((m) => m.id === selectedId) ?? live.find((m) => m.id === selectedId));

  const loading = searching ? answer === null || loadingSearch : !liveLoaded;

  return (
    <div className="flex min-h-0 flex-1 flex-col lg:flex-row">
      <section
        aria-labelledby="contacts-title"
        className={`min-h-0 flex-col border-line bg-surface lg:flex lg:w-[26rem] lg:border-r ${
          selected ? "hidden" : "flex"
        } flex-1 lg:flex-none`}
      >
        <div className="border-b border-line px-4 py-3">
          <h1 id="contacts-title" className="text-lg font-bold text-ink">
            Contact messages
          </h1>
          <form role="search" className="relative mt-2" onSubmit={(e) => e.preventDefault()}>
            <label htmlFor="contact-search" className="sr-only">
              Search contact messages
            </label>
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
            />
            <input
              id="contact-search"
              type="search"
              value={typed}
              maxLength={contactSearchLimits.query}
              onChange={(e) => setTyped(e.target.value)}
              placeholder="Name, e-mail, phone or words"
              className="block w-full rounded-xl border border-muted/70 bg-surface py-2 pr-3 pl-9 text-ink placeholder:text-muted hover:border-ink"
            />
          </form>
          <div role="group" aria-label="Show" className="mt-2 flex gap-1">
            {filters.map((f) => (
              <button
                key={f.value}
                type="button"
                aria-pressed={filter === f.value}
                onClick={() => setParam({ filter: f.value === "all" ? null : f.value })}
                className="min-h-9 rounded-full px-3 text-sm font-semibold text-muted hover:text-ink aria-pressed:bg-brand-soft aria-pressed:text-ink"
              >
                {f.label}
              </button>
            ))}
          </div>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">
          {answer?.found.kind === "failed" && !loadingSearch ? (
            <ProblemMessage text={answer.found.message} className="px-4 py-6" />
          ) : loading ? (
            <p role="status" className="px-4 py-8 text-center text-sm text-muted">
              Loading…
            </p>
          ) : shown.length === 0 ? (
            <p role="status" className="px-4 py-8 text-center text-sm text-muted">
              {q || filter !== "all"
                ? "No contact message matches."
                : "No contact messages yet. Messages sent from the contact page appear here."}
            </p>
          ) : (
            <>
              <p role="status" className="sr-only">
                {shown.length === 1 ? "1 message" : `${shown.length} messages`}
              </p>
              <ul className="divide-y divide-line" data-testid="contact-list">
                {shown.map((m) => (
                  <li key={m.id}>
                    <Link
                      to={{ search: withId(params, m.id) }}
                      replace
                      aria-current={m.id === selectedId ? "page" : undefined}
                      data-testid="contact-item"
                      className={`block px-4 py-3 no-underline ${
                        m.id === selectedId ? "bg-brand-soft" : "hover:bg-sunken"
                      }`}
                    >
                      <span className="flex items-baseline justify-between gap-2">
                        <span
                          className={`truncate text-ink ${m.read ? "font-semibold" : "font-bold"}`}
                        >
                          {m.read ? null : <span className="sr-only">Unread: </span>}
                          <PersonName name={m.name} />
                        </span>
                        <time
                          dateTime={new Date(m.received_at).toISOString()}
                          className="shrink-0 text-xs text-muted"
                        >
                          {shortDateTime(m.received_at, now)}
                        </time>
                      </span>
                      <span className="block truncate text-xs text-muted">{m.email}</span>
                      <span className="mt-1 block truncate text-sm text-muted">{m.message}</span>
                      <span className="mt-1 flex gap-1.5">
                        {!m.read ? (
                          <span className="rounded-md bg-brand-strong px-1.5 py-0.5 text-xs font-semibold text-on-brand">
                            New
                          </span>
                        ) : null}
                        {m.handled ? (
                          <span className="rounded-md bg-teal-soft px-1.5 py-0.5 text-xs font-semibold text-ink">
                            Handled
                          </span>
                        ) : null}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      </section>
      {selected ? (
        <ContactDetail
          key={selected.id}
          message={selected}
          backTo={withId(params, null)}
          onChanged={(m) => session.applyContact(m)}
        />
      ) : (
        <div className="hidden flex-1 place-items-center p-8 text-center lg:grid">
          <p className="max-w-sm text-muted">
            Choose a message to read it, answer it by e-mail and mark it handled.
          </p>
        </div>
      )}
    </div>
  );
}

function withId(params: URLSearchParams, id: number | null): string {
  const next = new URLSearchParams(params);
  if (id === null) next.delete("id");
  else next.set("id", String(id));
  const query = next.toString();
  return query ? `?${query}` : "";
}
