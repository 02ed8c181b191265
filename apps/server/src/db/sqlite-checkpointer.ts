/**
 * Moves SQLite's WAL checkpoints off the event loop. In WAL mode with synchronous=NORMAL a commit
 * only appends to the WAL; the checkpoint that copies the WAL back into the database is what
 * waits for the disk (it syncs both files), and SQLite runs it inside whichever commit crosses
 * the threshold. better-sqlite3 is synchronous, so that commit held the whole server: under chat
 * load, seconds of delivery latency at a third of a core. A worker thread with a connection of its
 * own runs passive checkpoints instead (they never wait for, nor block, the server's readers and
 * writers); the server's own automatic checkpoint stays as a safety net far above the worker's
 * pace, in case the worker stops.
 */
import { Worker } from "node:worker_threads";
import { stopWorker } from "./stop-worker";

/** WAL pages after which the server's own connection checkpoints (the worker keeps far below). */
export const SAFETY_NET_PAGES = 20_000;

const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driverPath);
const db = new Database(workerData.file);
db.pragma("busy_timeout = 5000");
const timer = setInterval(() => {
  try {
    db.pragma("wal_checkpoint(PASSIVE)");
  } catch {
    // Busy or locked: the next turn tries again; the server's safety net is there meanwhile.
  }
}, workerData.everyMs);
parentPort.once("message", () => {
  clearInterval(timer);
  db.close();
  parentPort.postMessage("closed");
});
`;

export interface Checkpointer {
  /** Stops the worker and closes its connection. */
  stop(): Promise<void>;
}

/** Starts the checkpointing worker for the database at `file`. */
export function startCheckpointer(
  file: string,
  driverPath: string,
  { everyMs = 250 }: { everyMs?: number } = {},
): Checkpointer {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file, driverPath, everyMs },
  });
  worker.unref();
  // A worker that fails leaves the checkpoints to the server's own connection; nothing is lost.
  worker.on("error", () => undefined);
  let stopped: Promise<void> | undefined;
  return {
    stop() {
      stopped ??= stopWorker(worker);
      return stopped;
    },
  };
}
