import { useState } from "react";

/** A guard that lets one task run at a time: see `useOneAtATime`. */
export interface OneAtATimeGuard {
  /** Runs `task`, unless a task started here has not finished yet: then nothing happens. */
  run: (task: () => unknown) => Promise<void>;
  /** Whether a task is running now. For event handlers; render from state instead. */
  isRunning: () => boolean;
}

/**
 * The guard itself. Its flag is set before the task starts, so a second call in the same moment (a
 * double click) cannot slip in, and it is cleared when the task settles, however it settles.
 */
export function oneAtATime(): OneAtATimeGuard {
  let running = false;
  return {
    async run(task) {
      if (running) return;
      running = true;
      try {
        await task();
      } finally {
        running = false;
      }
    },
    isRunning: () => running,
  };
}

export interface OneAtATime<A extends unknown[]> {
  /** Starts the task, unless it is running already: then the call is ignored. */
  run: (...args: A) => Promise<void>;
  /** Whether the task is running now. For event handlers; render from state instead. */
  isRunning: () => boolean;
}

/**
 * One submission at a time, however often its button is pressed. Neither `aria-disabled` nor
 * react-hook-form's `isSubmitting` stops a second press: the button stays clickable, and
 * `isSubmitting` reaches the screen only after a render, so a double click would submit twice (two
 * canned replies; a second "Add agent" told the address is taken). The guard's flag is set before
 * the task's first await. The task run is the one from the latest render.
 */
export function useOneAtATime<A extends unknown[]>(task: (...args: A) => unknown): OneAtATime<A> {
  const [guard] = useState(oneAtATime);
  return { run: (...args) => guard.run(() => task(...args)), isRunning: guard.isRunning };
}
