/**
 * Group commit: writes that arrive together (in one turn of the event loop, or while the previous
 * batch is committing) are written in one transaction, so a busy chat pays one commit for many
 * messages instead of one each. Each caller's promise settles only once its own write is
 * committed (the ack still follows the commit). Batches run one at a time, in arrival order, so
 * messages keep their order. When a batch fails nothing of it was stored (one transaction), and
 * each of its writes is tried again on its own, in order: each then stores, or fails with its own
 * error, exactly as it would have without batching (a resend of a committed client_id is answered
 * as a resend). The same grouping serves reads that come together (one query for many rows).
 *
 * Where a commit costs no wait (SQLite: the driver is synchronous, so nothing arrives while a batch
 * commits), one turn's writes are few even when many arrive each second: at 4,000 messages a second
 * a batch held about three. Under such load (`gather`) a batch waits a moment for more before it
 * commits, and a commit's fixed cost (its locks, its WAL header and the pages every message of it
 * shares) is paid by many messages; below that rate nothing waits.
 */
export interface GroupCommitOptions {
  /** The most writes in one transaction (a bound on how long one commit holds the database). */
  maxBatch: number;
  /** A batch failed and its writes are tried one by one (for the log). */
  onBatchFailed?: ((error: unknown, size: number) => void) | undefined;
  /**
   * Whether a batch's failure is one every write of it would meet alone (the database is away):
   * then each write is refused with it at once instead of being tried again one by one, which
   * would hold the line for a connection attempt per write.
   */
  failsAlone?: ((error: unknown) => boolean) | undefined;
  /**
   * When writes arrive faster than `aboveRate` a second, a batch waits up to `waitMs` for more
   * (committing as soon as `maxBatch` are waiting) instead of committing after this turn.
   */
  gather?: { aboveRate: number; waitMs: number } | undefined;
}

/** How long the arrival rate is counted over before it is read again. */
const RATE_WINDOW_MS = 100;

interface PendingWrite<Row, Result> {
  row: Row;
  resolve(result: Result): void;
  reject(error: unknown): void;
}

export class GroupCommit<Row, Result> {
  private pending: PendingWrite<Row, Result>[] = [];
  private running = false;
  private scheduled = false;
  private idle: Promise<void> = Promise.resolve();
  private markIdle: () => void = () => undefined;
  /** The gathering batch's timer (see GroupCommitOptions.gather). */
  private gathering: NodeJS.Timeout | undefined;
  private windowStart = 0;
  private windowCount = 0;
  /** Writes a second, as last counted. */
  private rate = 0;

  constructor(
    /** Writes every row in one transaction; one result per row, in order; all or nothing. */
    private readonly writeBatch: (rows: Row[]) => Promise<Result[]>,
    /** Writes one row on its own (after a batch failed). */
    private readonly writeOne: (row: Row) => Promise<Result>,
    private readonly options: GroupCommitOptions,
  ) {}

  /** Resolves once `row` is committed, with what the write answered; rejects when it was not. */
  add(row: Row): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.pending.push({ row, resolve, reject });
      if (this.options.gather) this.countArrival();
      this.schedule();
    });
  }

  /** Resolves when nothing is waiting or being written (the server stops after it). */
  settled(): Promise<void> {
    return this.running || this.scheduled ? this.idle : Promise.resolve();
  }

  /** Writes a second over the last window; a window left open by a pause counts the pause. */
  private countArrival(): void {
    this.windowCount += 1;
    const now = performance.now();
    const elapsed = now - this.windowStart;
    if (elapsed >= RATE_WINDOW_MS) {
      this.rate = (this.windowCount * 1000) / elapsed;
      this.windowStart = now;
      this.windowCount = 0;
    }
  }

  private schedule(): void {
    if (this.gathering && this.pending.length >= this.options.maxBatch) {
      // Full: it need not wait for more.
      clearTimeout(this.gathering);
      this.gathering = undefined;
      setImmediate(this.startFlush);
      return;
    }
    if (this.running || this.scheduled) return;
    this.idle = new Promise((resolve) => (this.markIdle = resolve));
    this.scheduled = true;
    const gather = this.options.gather;
    if (gather && this.rate > gather.aboveRate) {
      this.gathering = setTimeout(this.startFlush, gather.waitMs);
      return;
    }
    // The writes of this turn's frames join the batch: it starts once their I/O was handled.
    setImmediate(this.startFlush);
  }

  private readonly startFlush = (): void => {
    if (this.gathering) {
      clearTimeout(this.gathering);
      this.gathering = undefined;
    }
    if (!this.scheduled) return;
    this.scheduled = false;
    void this.flush();
  };

  private async flush(): Promise<void> {
    this.running = true;
    try {
      while (this.pending.length > 0) {
        const batch = this.pending.splice(0, this.options.maxBatch);
        await this.commit(batch);
      }
    } finally {
      this.running = false;
      this.markIdle();
    }
  }

  private async commit(batch: PendingWrite<Row, Result>[]): Promise<void> {
    const [only] = batch;
    if (only && batch.length === 1) {
      await this.one(only);
      return;
    }
    let results: Result[];
    try {
      results = await this.writeBatch(batch.map((write) => write.row));
    } catch (error) {
      // Rolled back as a whole (or its commit's outcome unknown, which a resend's client_id
      // settles): nothing of it is acknowledged. Each write gets its own outcome.
      if (this.options.failsAlone?.(error)) {
        for (const write of batch) write.reject(error);
        return;
      }
      this.options.onBatchFailed?.(error, batch.length);
      for (const write of batch) await this.one(write);
      return;
    }
    // One result per row, in order (writeBatch's contract).
    batch.forEach((write, i) => write.resolve(results[i] as Result));
  }

  private async one(write: PendingWrite<Row, Result>): Promise<void> {
    try {
      write.resolve(await this.writeOne(write.row));
    } catch (error) {
      write.reject(error);
    }
  }
}
