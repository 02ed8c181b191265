/**
 * The Contact messages screen's data: without a search the live list (from the console's socket)
 * is the answer and nothing is loaded here; with one (`?q=` and/or `?filter=`) the server's search.
 * And what it submits: a message marked read or unread, handled or not.
 */
import type { ContactFilter, UpdateContactMessageBody } from "@hourline/contracts/console";
import { fetchContactMessages } from "../api/fetch-contact-messages";
import { updateContactMessage } from "../api/update-contact-message";
import { readSubmission, toLoad, toOutcome } from "./screen-data";

export type ContactsSubmission = { intent: "update"; id: number; change: UpdateContactMessageBody };

export function contactFilter(value: string | null): ContactFilter {
  return value === "unread" || value === "unhandled" ? value : "all";
}

/** The search an address asks for: its query and filter, or null for the whole live list. */
export function contactSearch(
  search: URLSearchParams,
): { q: string; filter: ContactFilter } | null {
  const q = search.get("q") ?? "";
  const filter = contactFilter(search.get("filter"));
  return q || filter !== "all" ? { q, filter } : null;
}

export async function loadContacts(url: URL, now = Date.now) {
  const search = contactSearch(url.searchParams);
  if (!search) return null;
  const at = now();
  // `at`: messages arriving live after it and matching the search join the answer.
  return { ...search, at, found: toLoad(await fetchContactMessages(search)) };
}

export type ContactsData = Awaited<ReturnType<typeof loadContacts>>;

/**
 * Searches again only when the search changes: opening a message (`?id=`) does not, nor does a
 * change of state, whose answer (and the socket) updates the list in place.
 */
export function searchChanged(currentUrl: URL, nextUrl: URL): boolean {
  const key = (url: URL) => JSON.stringify(contactSearch(url.searchParams));
  return key(currentUrl) !== key(nextUrl);
}

export async function contactsAction(request: Request) {
  const { id, change } = await readSubmission<ContactsSubmission>(request);
  return toOutcome(await updateContactMessage(id, change));
}
