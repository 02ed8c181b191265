/**
 * What the widget told of the visit: the page the chat was opened on, the pages of this site seen
 * since, browser and device class, and the visitor's local time (kept current from their time
 * zone). Every value is shown as text; paths were checked to be of this site, so those of public
 * pages are links (opened in a new tab, so the console stays open); an API, socket or console path
 * stays plain text, so a visitor cannot put an action under an agent's click.
 */
import type { VisitorDetails } from "@hourline/contracts/console";
import { isPublicPagePath } from "@hourline/contracts/visited-pages";
import { useEffect, useState } from "react";

const deviceNames = { desktop: "Desktop", mobile: "Mobile", tablet: "Tablet" } as const;

function localTime(timeZone: string, now: number): string {
  return new Intl.DateTimeFormat(undefined, {
    timeZone,
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
  }).format(now);
}

/** The current time, refreshed each half minute while the panel shows a local time. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

function PagePath({ path }: { path: string }) {
  if (!isPublicPagePath(path)) return <span className="break-all">{path}</span>;
  return (
    <a href={path} target="_blank" rel="noopener noreferrer" className="break-all text-brand">
      {path}
    </a>
  );
}

export function VisitorContextDetails({ context }: { context: VisitorDetails["context"] }) {
  const now = useNow(context.time_zone !== undefined);
  const browser = [context.browser, context.device ? deviceNames[context.device] : undefined]
    .filter(Boolean)
    .join(" · ");
  return (
    <>
      <div>
        <dt className="text-muted">Opened chat on</dt>
        <dd className="text-ink" data-testid="visitor-opened-on">
          {context.opened_on ? <PagePath path={context.opened_on} /> : "Not known"}
        </dd>
      </div>
      <div>
        <dt className="text-muted">Pages visited</dt>
        <dd className="text-ink">
          {context.pages?.length ? (
            <ol className="list-decimal space-y-1 pl-5" data-testid="visitor-pages">
              {context.pages.map((path, index) => (
                <li key={`${index}-${path}`}>
                  <PagePath path={path} />
                </li>
              ))}
            </ol>
          ) : (
            "Not known"
          )}
        </dd>
      </div>
      <div>
        <dt className="text-muted">Browser and device</dt>
        <dd className="text-ink" data-testid="visitor-browser">
          {browser || "Not known"}
        </dd>
      </div>
      <div>
        <dt className="text-muted">Local time</dt>
        <dd className="text-ink" data-testid="visitor-local-time">
          {context.time_zone ? (
            <>
              {localTime(context.time_zone, now)}{" "}
              <span className="text-muted">({context.time_zone})</span>
            </>
          ) : (
            "Not known"
          )}
        </dd>
      </div>
    </>
  );
}
