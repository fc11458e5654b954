/**
 * The queue of due diagnostics runs (server/src/validationQueue.ts): a lone run at once, many in turn, waiting
 * messages first, slices of bounded time. Its turns of the event loop are stepped by hand.
 */
import assert from 'node:assert/strict';
import type { Disposable, MessageCount, Timers } from '../../../server/src/runtime';
import { MAX_WAIT_MS, MessageCounter, ValidationQueue } from '../../../server/src/validationQueue';

/** Timers whose immediates and timeouts run when `turn()` is called, as one turn of the event loop. */
class SteppedTimers implements Timers {
  private queued: Array<() => void> = [];
  setTimeout(callback: () => void): Disposable {
    return this.setImmediate(callback);
  }
  setImmediate(callback: () => void): Disposable {
    let live = true;
    this.queued.push(() => live && callback());
    return { dispose: () => (live = false) };
  }
  turn(): void {
    const now = this.queued;
    this.queued = [];
    for (const callback of now) callback();
  }
}

function setUp(sliceMs = 20) {
  const timers = new SteppedTimers();
  const messages: MessageCount & { handled: number } = { handled: 0 };
  let clock = 0;
  const ran: string[] = [];
  const queue = new ValidationQueue(timers, messages, () => clock, sliceMs);
  /** A run that takes `ms` of the clock. */
  const run =
    (name: string, ms = 1) =>
    () => {
      ran.push(name);
      clock += ms;
    };
  /** The clock moves on by `ms` (time spent handling messages). */
  const advance = (ms: number) => (clock += ms);
  return { timers, messages, ran, queue, run, advance };
}

describe('validation queue', () => {
  it('a lone run, no message handled since it was scheduled: runs at once', () => {
    const { queue, ran, run } = setUp();
    queue.add('a', run('a'), queue.mark());
    assert.deepEqual(ran, ['a']);
  });

  it('many due in the same turn: the first at once, the others after a turn without messages', () => {
    const { queue, ran, run, timers } = setUp();
    const mark = queue.mark();
    for (const name of ['a', 'b', 'c']) queue.add(name, run(name), mark);
    assert.deepEqual(ran, ['a']);
    timers.turn(); // the first look: nothing seen yet, it waits one turn
    timers.turn();
    assert.deepEqual(ran, ['a', 'b', 'c']);
  });

  it('waits while messages are being handled, then goes on', () => {
    const { queue, ran, run, timers, messages } = setUp();
    messages.handled = 1;
    queue.add('a', run('a'), 0);
    assert.deepEqual(ran, [], 'a message was handled since it was scheduled');
    for (let i = 0; i < 5; i++) {
      messages.handled++;
      timers.turn();
    }
    assert.deepEqual(ran, [], 'messages went on being handled');
    timers.turn();
    assert.deepEqual(ran, ['a']);
  });

  it('messages that never stop: one slice runs after waiting MAX_WAIT_MS, then it waits again', () => {
    const { queue, ran, run, timers, messages, advance } = setUp(20);
    const step = 10;
    const turn = () => {
      messages.handled++;
      advance(step);
      timers.turn();
    };
    for (let i = 0; i < 10; i++) queue.add(`d${i}`, run(`d${i}`, 8), -1);
    const before = MAX_WAIT_MS / step;
    for (let i = 0; i < before; i++) turn();
    assert.deepEqual(ran, [], 'it waits for the messages until MAX_WAIT_MS is over');
    turn();
    assert.equal(ran.length, 3, 'one slice of 20 ms, though a message was handled');
    turn();
    assert.equal(ran.length, 3, 'then it waits again');
    for (let i = 0; i < before; i++) turn();
    assert.equal(ran.length, 6, 'and the next slice after MAX_WAIT_MS more');
  });

  it('after dispose, what is added is neither run nor scheduled', () => {
    const { queue, ran, run, timers } = setUp();
    queue.add('a', run('a'), -1);
    queue.dispose();
    queue.add('b', run('b'), queue.mark());
    queue.add('c', run('c'), -1);
    for (let i = 0; i < 3; i++) timers.turn();
    assert.deepEqual(ran, []);
  });

  it('runs in slices of bounded time, a turn between them', () => {
    const { queue, ran, run, timers } = setUp(20);
    for (let i = 0; i < 10; i++) queue.add(`d${i}`, run(`d${i}`, 8), -1);
    timers.turn();
    timers.turn();
    assert.equal(ran.length, 3, '8 + 8 + 8 ms: the slice of 20 ms is over after the third');
    timers.turn();
    assert.equal(ran.length, 6);
  });

  it('a document due again keeps its place and runs its newest run; a closed one is dropped', () => {
    const { queue, ran, run, timers } = setUp();
    queue.add('a', run('a1'), -1);
    queue.add('b', run('b'), -1);
    queue.add('a', run('a2'), -1);
    queue.add('c', run('c'), -1);
    queue.delete('c');
    timers.turn();
    timers.turn();
    assert.deepEqual(ran, ['a2', 'b']);
  });

  it('the counter counts each message the connection hands it, and hands it on', () => {
    const counter = new MessageCounter();
    const seen: string[] = [];
    const result = counter.messageStrategy.handleMessage('m', (m) => {
      seen.push(m);
      return 7;
    });
    assert.deepEqual([counter.handled, seen, result], [1, ['m'], 7]);
  });
});
