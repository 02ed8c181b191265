/**
 * Failed sign-ins per e-mail address, in this process's memory. The per-IP rate limit stops one
 * client; this stops many clients guessing one agent's password. The price is that someone who knows
 * an agent's address can keep that agent out for one window, so the threshold is well above what a
 * person mistyping ever reaches. A successful sign-in clears the address's count.
 */
export interface LoginFailureLimit {
  max: number;
  windowMs: number;
}

export const defaultLoginFailureLimit: LoginFailureLimit = { max: 20, windowMs: 15 * 60_000 };

/** Addresses tracked at once; past this the oldest windows are dropped first. */
const MAX_TRACKED = 10_000;

export class LoginFailures {
  // Insertion order is the order windows started in, which is what eviction needs.
  private readonly windows = new Map<string, { count: number; startedAt: number }>();

  constructor(private readonly limit: LoginFailureLimit = defaultLoginFailureLimit) {}

  /** Seconds until the address may try again, or 0 when it may try now. */
  retryAfterSeconds(email: string, now = Date.now()): number {
    const window = this.windows.get(email);
    if (!window) return 0;
    const endsAt = window.startedAt + this.limit.windowMs;
    if (endsAt <= now) {
      this.windows.delete(email);
      return 0;
    }
    return window.count >= this.limit.max ? Math.ceil((endsAt - now) / 1000) : 0;
  }

  recordFailure(email: string, now = Date.now()): void {
    const window = this.windows.get(email);
    if (window && window.startedAt + this.limit.windowMs > now) {
      window.count += 1;
      return;
    }
    this.windows.delete(email);
    if (this.windows.size >= MAX_TRACKED) this.dropOldest(now);
    this.windows.set(email, { count: 1, startedAt: now });
  }

  clear(email: string): void {
    this.windows.delete(email);
  }

  private dropOldest(now: number): void {
    for (const [email, window] of this.windows) {
      if (window.startedAt + this.limit.windowMs <= now || this.windows.size >= MAX_TRACKED) {
        this.windows.delete(email);
      } else {
        break;
      }
    }
  }
}
