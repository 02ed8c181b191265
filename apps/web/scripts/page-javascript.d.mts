/** Types of page-javascript.mjs (plain JavaScript so bench/ can run it with Node alone). */
export interface PageJavaScript {
  /** URL paths of the script files the page loads, sorted. */
  files: string[];
  /** How many non-empty executable inline scripts the page has. */
  inlineScripts: number;
  /** Sum of the gzip sizes (level 9) of those files and inline scripts. */
  gzipBytes: number;
}

export function pageJavaScript(clientDir: string, html: string): PageJavaScript;

/** The page's JavaScript plus that of the React Router routes it renders (ids from the manifest). */
export function appJavaScript(clientDir: string, html: string, routeIds: string[]): PageJavaScript;
