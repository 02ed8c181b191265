/**
 * The small external store each chat client is: one state, changed only through its pure reducer,
 * read by React with useSyncExternalStore. `onChange` hears of every change before the listeners
 * do (the clients keep their outbox in storage there).
 */
export class LiveStore<S, A> {
  private state: S;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly reducer: (state: S, action: A) => S,
    initial: S,
    private readonly onChange: (before: S, after: S) => void = () => undefined,
  ) {
    this.state = initial;
  }

  getState = (): S => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  dispatch = (action: A): void => {
    this.commit(this.reducer(this.state, action));
  };

  /** Takes a state already worked out by the reducer (a pure handler that also returned effects). */
  commit = (next: S): void => {
    const before = this.state;
    if (next === before) return;
    this.state = next;
    this.onChange(before, next);
    for (const listener of this.listeners) listener();
  };
}
