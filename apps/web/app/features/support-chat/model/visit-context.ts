/**
 * What the widget tells the agent of this visit when a chat starts: the page it is opened on, the
 * pages of this site seen in this tab (recorded by the enhancement script), and the time zone so
 * the console can show the visitor's local time. The server adds the browser and device class
 * from the request; nothing comes from third parties.
 */
import { readVisitedPages, recordVisitedPage } from "@hourline/contracts/visited-pages";
import { cleanVisitorContext, type VisitorContext } from "@hourline/contracts/visitor-context";

function tabStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function currentVisitContext(): VisitorContext {
  const storage = tabStorage();
  recordVisitedPage(storage, location.pathname);
  return cleanVisitorContext({
    opened_on: location.pathname,
    pages: readVisitedPages(storage),
    time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  });
}
