/**
 * The tab's title while a console screen is shown. React hoists a `<title>` drawn anywhere into the
 * head; the browser build runs on Preact (docs/decisions/0062), which draws it where it stands, in
 * the body. So the screen sets the document's title instead, before the browser paints.
 */
import { useLayoutEffect } from "react";

export function DocumentTitle({ children }: { children: string }) {
  useLayoutEffect(() => {
    document.title = children;
  }, [children]);
  return null;
}
