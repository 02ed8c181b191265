/**
 * Reads that may take milliseconds, run off the event loop on SQLite. better-sqlite3 is
 * synchronous: a statement holds the whole server while it runs. The queue figures /metrics reads
 * at scrape time (every open conversation's wait) took 4-19 ms with 1,000 busy conversations, and
 * grow with the open conversations; under chat load each scrape was a stall every message arriving
 * meanwhile waited for. A worker thread with a read-only connection of its own runs such reads; in
 * WAL mode it reads the last committed state without blocking the server's writes, nor they it.
 */
import { Worker } from "node:worker_threads";
import { stopWorker } from "./stop-worker";

const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driverPath);
const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
db.pragma("busy_timeout = 5000");
const statements = new Map();
parentPort.on("message", (request) => {
  if (request === "stop") {
    db.close();
    parentPort.postMessage("closed");
    return;
  }
  try {
    let statement = statements.get(request.sql);
    if (!statement) {
      statement = db.prepare(request.sql);
      if (statements.size >= 50) statements.delete(statements.keys().next().value);
      statements.set(request.sql, statement);
    }
    parentPort.postMessage({ id: request.id, rows: statement.all(request.parameters) });
  } catch (error) {
    parentPort.postMessage({ id: request.id, error: String(error && error.message || error) });
  }
});
`;

interface Answer {
  id: number;
  rows?: unknown[];
  error?: string;
}

export interface SqliteReader {
  /** The rows of a read-only statement; rejects when it fails or the reader has stopped. */
  all<Row>(sql: string, parameters: readonly unknown[]): Promise<Row[]>;
  /** Stops the worker and closes its connection; reads still waiting are refused. */
  stop(): Promise<void>;
}

/** Starts the reading worker for the database at `file` (which must exist). */
export function startSqliteReader(file: string, driverPath: string): SqliteReader {
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driverPath } });
  worker.unref();
  const waiting = new Map<number, { resolve(rows: unknown[]): void; reject(e: Error): void }>();
  let nextId = 1;
  let gone: Error | undefined;
  const refuseAll = (error: Error) => {
    gone ??= error;
    for (const { reject } of waiting.values()) reject(gone);
    waiting.clear();
  };
  worker.on("message", (answer: Answer | "closed") => {
    if (answer === "closed") return;
    const request = waiting.get(answer.id);
    if (!request) return;
    waiting.delete(answer.id);
    if (answer.error !== undefined) request.reject(new Error(answer.error));
    else request.resolve(answer.rows ?? []);
  });
  worker.on("error", (error) => refuseAll(error));
  worker.on("exit", () => refuseAll(new Error("the SQLite reader has stopped")));
  let stopped: Promise<void> | undefined;
  return {
    all<Row>(sql: string, parameters: readonly unknown[]): Promise<Row[]> {
      if (gone) return Promise.reject(gone);
      const id = nextId++;
      return new Promise<Row[]>((resolve, reject) => {
        waiting.set(id, { resolve: (rows) => resolve(rows as Row[]), reject });
        worker.postMessage({ id, sql, parameters });
      });
    },
    stop() {
      stopped ??= stopWorker(worker);
      return stopped;
    },
  };
}
