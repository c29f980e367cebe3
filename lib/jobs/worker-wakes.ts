// Which of this process's workers a committed send wakes. pg-boss's own listener wakes every
// worker of the queue for each notification (manager.notifyQueue): with the delivery queue's 8
// workers a process, a paced fan-out of 3 deliveries made 8 fetches of which one or two found
// work, 2.2 of the 3.8 statements a delivery spent (bench scenario 18). Here a notification wakes
// one idle worker (in turn, so the work spreads); a worker whose fetch came back full wakes the
// next, so a backlog still gets every worker within a few fetches. With every worker busy, one of
// them is told to fetch again as soon as its batch ends instead of waiting out its poll. (A
// worker that found work fetches again anyway, start-workers.ts: it sleeps after an empty fetch.)
//
// Fed by the LISTEN adapter (boss.ts) and by startWorkers, which reports each batch's start and
// end. The poll every JOBS_POLLING_INTERVAL_SECONDS stays the floor for every worker.

interface QueueWorkers {
  ids: string[];
  busy: Set<string>;
  /** Where the next turn starts: the worker after the one woken last. */
  next: number;
}

export class WorkerWakes {
  readonly #queues = new Map<string, QueueWorkers>();

  /** `notifyWorker`: pg-boss's, which makes a sleeping worker fetch now and a busy one fetch
   * again at once after its batch. */
  constructor(private readonly notifyWorker: (workerId: string) => void) {}

  has(queue: string): boolean {
    return this.#queues.has(queue);
  }

  queueNames(): string[] {
    return [...this.#queues.keys()];
  }

  add(queue: string, workerIds: readonly string[]): void {
    this.#queues.set(queue, { ids: [...workerIds], busy: new Set(), next: 0 });
  }

  /** A worker took a batch; a full one likely leaves more behind, so the next idle worker fetches. */
  batchStarted(queue: string, workerId: string, full: boolean): void {
    const workers = this.#queues.get(queue);
    if (!workers) return;
    workers.busy.add(workerId);
    if (full) this.#wakeIdle(workers);
  }

  batchEnded(queue: string, workerId: string): void {
    this.#queues.get(queue)?.busy.delete(workerId);
  }

  /** A committed send to the queue (its NOTIFY): one worker of this process fetches. */
  wake(queue: string): void {
    const workers = this.#queues.get(queue);
    if (!workers || workers.ids.length === 0) return;
    if (this.#wakeIdle(workers)) return;
    // All busy: the one whose turn it is fetches again the moment its batch ends.
    this.notifyWorker(this.#take(workers, () => true));
  }

  #wakeIdle(workers: QueueWorkers): boolean {
    if (workers.busy.size >= workers.ids.length) return false;
    this.notifyWorker(this.#take(workers, (id) => !workers.busy.has(id)));
    return true;
  }

  /** The first worker from the turn on that passes `eligible` (one does), and moves the turn past it. */
  #take(workers: QueueWorkers, eligible: (id: string) => boolean): string {
    const { ids } = workers;
    for (let step = 0; step < ids.length; step++) {
      const index = (workers.next + step) % ids.length;
      if (!eligible(ids[index])) continue;
      workers.next = (index + 1) % ids.length;
      return ids[index];
    }
    throw new Error("no eligible worker");
  }
}
