/**
 * The settings section on how the console gets the agent's attention while its tab is in the
 * background: a chime (with a way to hear it) and desktop notifications, with what this browser
 * allows and a way to ask for it. The choices are kept in this browser.
 */
import { playChime } from "../model/chime";
import { useConsole } from "./console-context";
import { requestNotificationAccess, useNotificationAccess } from "./notification-access";

export function AlertSettings() {
  const { alerts, setAlerts } = useConsole();
  const access = useNotificationAccess();

  return (
    <section aria-labelledby="alerts-title" className="card p-5">
      <h2 id="alerts-title" className="text-lg font-bold text-ink">
        Alerts while the console is in the background
      </h2>
      <p className="mt-1 text-sm text-muted">
        For a new chat or a visitor&rsquo;s message while this tab is hidden. They are kept in this
        browser.
      </p>
      <div className="mt-4 space-y-3">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <label className="flex items-center gap-3 font-semibold text-ink">
            <input
              type="checkbox"
              className="size-4 accent-brand-strong"
              checked={alerts.sound}
              onChange={(e) => setAlerts({ ...alerts, sound: e.target.checked })}
            />
            Play a sound
          </label>
          <button
            type="button"
            className="min-h-9 text-sm text-brand underline underline-offset-4"
            onClick={() => playChime()}
          >
            Hear it
          </button>
        </div>
        <div>
          <label className="flex items-center gap-3 font-semibold text-ink">
            <input
              type="checkbox"
              className="size-4 accent-brand-strong"
              checked={alerts.desktop}
              onChange={(e) => setAlerts({ ...alerts, desktop: e.target.checked })}
              aria-describedby="desktop-access"
            />
            Show desktop notifications
          </label>
          <p id="desktop-access" className="mt-1 pl-7 text-sm text-muted">
            {access === "granted"
              ? "This browser allows them."
              : access === "denied"
                ? "This browser blocks them for this site; allow them in the browser's site settings."
                : access === "unsupported"
                  ? "This browser cannot show them."
                  : "This browser has not been asked yet."}
          </p>
        </div>
        {access === "default" ? (
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => void requestNotificationAccess()}
          >
            Allow notifications in this browser
          </button>
        ) : null}
      </div>
    </section>
  );
}
