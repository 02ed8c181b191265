/**
 * Notes this page's path in the tab's sessionStorage, so a chat started later can tell the agent
 * which pages of this site the visitor has seen (see contracts visited-pages). Nothing leaves the
 * browser unless the visitor starts a chat.
 */
import { recordVisitedPage } from "@hourline/contracts/visited-pages";

export function recordThisPage(): void {
  let storage: Storage | undefined;
  try {
    storage = window.sessionStorage;
  } catch {
    // Storage blocked by the browser's settings.
    return;
  }
  recordVisitedPage(storage, location.pathname);
}
