/**
 * Live results for a search form (imported by live-search.ts on first use): the page's search data
 * is fetched once, and each query re-renders the status line (a live region, so its new text is
 * announced) and the list with the same markup the server answers `?q=` with. The address follows
 * the query, so the results stay linkable.
 */
import type { SearchData } from "@hourline/contracts/site-search";
import { FIRST_HELP_RESULTS, searchResults } from "@hourline/contracts/site-search-html";

export async function liveResults(
  block: HTMLElement,
  input: HTMLInputElement,
  dataUrl: string,
): Promise<{ show: (query: string) => void; showAll: () => void }> {
  const response = await fetch(dataUrl);
  if (!response.ok) throw new Error(`${dataUrl} answered ${response.status}`);
  const data = (await response.json()) as SearchData;
  const status = block.querySelector<HTMLElement>("[data-search-status]");
  const list = block.querySelector<HTMLElement>("[data-search-list]");
  if (!status || !list) throw new Error("search results missing from the page");

  const show = (query: string, showAll: boolean) => {
    const results = searchResults(data, query, showAll);
    status.textContent = results.status.text;
    status.className = results.status.className;
    // Every value in this markup is escaped by the renderer.
    list.innerHTML = results.list;
    const url = new URL(location.href);
    url.searchParams.delete("all");
    if (query.trim()) url.searchParams.set("q", query);
    else url.searchParams.delete("q");
    history.replaceState(history.state, "", `${url.pathname}${url.search}${url.hash}`);
  };

  return {
    show: (query) => show(query, false),
    showAll() {
      show(input.value, true);
      // Focus moves to the first answer that was not shown before.
      list.querySelectorAll<HTMLElement>("li a")[FIRST_HELP_RESULTS]?.focus();
    },
  };
}
