/**
 * At most `limit` tasks at a time, and at most `maxWaiting` waiting for a turn; past that a task
 * is refused at once. Image decoding goes through one: libvips uses every core for one image, and
 * each upload holds up to 25 MB while it waits, so a flood of uploads must queue, briefly, or go.
 */
export type GateResult<T> = { ran: true; value: T } | { ran: false };

export class ConcurrencyGate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly limit: number,
    readonly maxWaiting: number,
  ) {}

  /** How many tasks run now and how many wait (for tests and metrics). */
  get load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }

  async run<T>(task: () => Promise<T>): Promise<GateResult<T>> {
    if (this.active >= this.limit) {
      if (this.waiting.length >= this.maxWaiting) return { ran: false };
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active += 1;
    }
    try {
      return { ran: true, value: await task() };
    } finally {
      // The slot passes straight to the next waiter, so `active` never dips in between.
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}
