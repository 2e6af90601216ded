interface Waiting<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

/**
 * Items that arrive while a statement runs go together in the next one, as a group commit does:
 * one round trip for many requests under load, none waiting when the gateway is quiet. One
 * statement runs at a time: under load the chat's round trips, not the database's work, were its
 * cost, and two pipelines made smaller batches and more of them. `run` answers each item of its
 * batch, in the batch's order.
 */
export class GroupedStatement<T, R> {
  private waiting: Waiting<T, R>[] = [];
  private running: Promise<void> | null = null;

  constructor(
    private readonly run: (items: T[]) => Promise<R[]>,
    /** The most items one statement carries: a bound on its parameters' size, far above what waits at once. */
    private readonly maxItems = 200,
  ) {}

  add(item: T): Promise<R> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.running ??= this.runWaiting();
    });
  }

  /** Resolves once every item added so far has been run. */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  private async runWaiting(): Promise<void> {
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.maxItems);
      try {
        const results = await this.run(batch.map((w) => w.item));
        batch.forEach((w, i) => w.resolve(results[i]!));
      } catch (error) {
        for (const w of batch) w.reject(error);
      }
    }
    this.running = null;
  }
}
