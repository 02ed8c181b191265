import { useEffect, useState } from "react";

/**
 * Whole seconds until `until` (ms since the epoch), counting down. The clock starts when the
 * component mounts, so key the component by `until` to restart it for a new deadline.
 */
export function useSecondsLeft(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= until) window.clearInterval(timer);
    }, 250);
    return () => window.clearInterval(timer);
  }, [until]);
  return Math.max(0, Math.ceil((until - now) / 1000));
}
