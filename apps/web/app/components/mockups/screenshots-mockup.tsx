/** A strip of screenshots taken every ten minutes while the timer ran, one blurred, one deleted. */
import { EyeOff, Trash2 } from "lucide-react";
import { MockupFrame } from "./mockup-frame";

const shots = [
  { time: "10:00", state: "clear" },
  { time: "10:10", state: "clear" },
  { time: "10:20", state: "blurred" },
  { time: "10:30", state: "clear" },
  { time: "10:40", state: "deleted" },
  { time: "10:50", state: "clear" },
] as const;

function Screen({ blurred }: { blurred: boolean }) {
  return (
    <div className={`h-full space-y-1 p-1.5 ${blurred ? "blur-[2px]" : ""}`}>
      <span className="block h-1.5 w-2/3 rounded-sm bg-brand" />
      <span className="block h-1 w-full rounded-sm bg-line" />
      <span className="block h-1 w-5/6 rounded-sm bg-line" />
      <span className="flex gap-1">
        <span className="block h-4 flex-1 rounded-sm bg-brand-soft" />
        <span className="block h-4 flex-1 rounded-sm bg-accent-soft" />
      </span>
    </div>
  );
}

export function ScreenshotsMockup({ className = "" }: { className?: string }) {
  return (
    <MockupFrame
      className={className}
      title="Tue · Meera Joshi · Webshop"
      chip={{ tone: "teal", text: "Every 10 min" }}
      label="Screenshots in Hourline taken every 10 minutes from 10:00 to 10:50 while the timer ran: one blurred because the role handles sensitive data, and one deleted by the employee together with its ten minutes of tracked time"
    >
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {shots.map((s) => (
          <li key={s.time} className="min-w-0">
            <div
              className={`relative aspect-[4/3] overflow-hidden rounded-lg border ${s.state === "deleted" ? "border-dashed border-line bg-sunken" : "border-line bg-surface"}`}
            >
              {s.state === "deleted" ? (
                <span className="grid h-full place-items-center text-center text-[0.625rem] text-muted">
                  <span>
                    <Trash2 aria-hidden="true" className="mx-auto size-4" />
                    Deleted, 10 min removed
                  </span>
                </span>
              ) : (
                <Screen blurred={s.state === "blurred"} />
              )}
              {s.state === "blurred" ? (
                <span className="absolute top-1 right-1 rounded bg-ink/80 p-0.5 text-canvas">
                  <EyeOff aria-hidden="true" className="size-3" />
                </span>
              ) : null}
            </div>
            <p className="mt-1 text-[0.6875rem] font-semibold text-muted tabular-nums">{s.time}</p>
          </li>
        ))}
      </ul>
      <p className="mt-2 rounded-lg bg-sunken px-3 py-2 text-[0.6875rem] text-muted">
        Visible to Meera and her manager only
      </p>
    </MockupFrame>
  );
}
