/**
 * The diagnostics runs that are due, run after the messages that wait: requests before checks.
 *
 * Each open document's run is scheduled by a timer of its own (the debounce of `diagnostics.delay`). A client
 * that opens 10,000 documents at once queues 10,000 messages, which the connection handles one per turn of the
 * event loop; each handled `didOpen` made one check due, run at once, so a hover sent after them waited for all
 * 10,000 checks. Here a run waits while messages are being handled (the connection counts them, `MessageCounter`),
 * and the runs then go in slices of at most `sliceMs`, each followed by a turn of the event loop for the messages
 * that arrived meanwhile. A run with no message handled since it was scheduled (typing in one document) runs at once.
 * A client that never stops sending messages does not hold the runs back for ever: after `MAX_WAIT_MS` of waiting,
 * one slice runs anyway.
 */
import type { Disposable, MessageCount, Timers } from './runtime';

/** Longest the due runs wait for the messages being handled before one slice runs anyway, in ms. */
export const MAX_WAIT_MS = 250;

/**
 * Counts the messages the connection handles (vscode-jsonrpc's `messageStrategy`): while its queue is not
 * empty, it handles one per turn of the event loop, so a count that moves says messages are waiting.
 */
export class MessageCounter implements MessageCount {
  handled = 0;
  readonly messageStrategy = {
    handleMessage: <M, R>(message: M, next: (message: M) => R): R => {
      this.handled++;
      return next(message);
    },
  };
}

export class ValidationQueue {
  /** The runs due, by document, oldest first (a document due again keeps its place; its newest run is the one run). */
  private readonly due = new Map<string, () => void>();
  private next: Disposable | undefined;
  private running = false;
  /** The message count when a run last ran at once. */
  private ranAt = -1;
  /** The message count the last look saw. */
  private seen = -1;
  /** When the due runs began to wait for messages (the clock of `now`), since the last slice. */
  private waitingSince: number | undefined;
  private disposed = false;

  constructor(
    private readonly timers: Timers,
    private readonly messages: MessageCount | undefined,
    private readonly now: () => number = Date.now,
    private readonly sliceMs = 20,
  ) {}

  /** The message count now: a run scheduled at one count runs at once when it is the same at its turn. */
  mark(): number {
    return this.messages?.handled ?? 0;
  }

  /**
   * The document's run is due: at once when nothing waits (no message handled since `mark`, no run queued, no other
   * run at once since that message), else in its turn.
   */
  add(uri: string, run: () => void, mark: number): void {
    if (this.disposed) return;
    // At once: one run per handled message, none while others wait (10,000 timers that fire together are queued).
    if (!this.due.size && !this.running && mark === this.mark() && this.ranAt !== mark) {
      this.ranAt = mark;
      run();
      return;
    }
    this.due.set(uri, run);
    this.schedule();
  }

  /** The document's due run is dropped (closed). */
  delete(uri: string): void {
    this.due.delete(uri);
  }

  /** Stops: what is due is dropped, and what is added later. */
  dispose(): void {
    this.disposed = true;
    this.due.clear();
    this.next?.dispose();
    this.next = undefined;
  }

  private schedule(): void {
    if (this.next || !this.due.size) return;
    this.next = this.timers.setImmediate(() => this.drain());
  }

  private drain(): void {
    this.next = undefined;
    if (this.disposed) return;
    if (!this.due.size) {
      this.waitingSince = undefined;
      return;
    }
    const count = this.mark();
    const now = this.now();
    // Messages were handled since the last look: more may wait; they go first, for at most MAX_WAIT_MS.
    if (count !== this.seen) {
      this.seen = count;
      this.waitingSince ??= now;
      if (now - this.waitingSince < MAX_WAIT_MS) {
        this.schedule();
        return;
      }
    }
    this.waitingSince = undefined;
    this.running = true;
    const end = now + this.sliceMs;
    try {
      for (const [uri, run] of this.due) {
        this.due.delete(uri);
        run();
        if (this.now() >= end) break;
      }
    } finally {
      this.running = false;
      this.schedule();
    }
  }
}
