import type { Worker } from "node:worker_threads";

/**
 * Stops one of the database's worker threads: asks it to close its connection ("stop", which it
 * answers with any message once closed), then ends the thread. Resolves once the thread has
 * exited; at once when it already has.
 */
export function stopWorker(worker: Worker): Promise<void> {
  return new Promise<void>((resolve) => {
    if (worker.threadId === -1) return resolve();
    worker.once("exit", () => resolve());
    worker.once("message", () => void worker.terminate());
    worker.postMessage("stop");
  });
}
