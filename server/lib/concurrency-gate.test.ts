import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from './app-error';
import { createConcurrencyGate } from './concurrency-gate';

/** A task the test finishes by hand, so the order of events is the test's, not a timer's. */
function deferredTask() {
  let finish!: (value: string) => void;
  let fail!: (error: Error) => void;
  let started = false;
  const result = new Promise<string>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return {
    task: () => {
      started = true;
      return result;
    },
    finish,
    fail,
    started: () => started,
  };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('createConcurrencyGate', () => {
  it('runs at most `concurrency` tasks, queues up to `maxQueued`, and refuses the rest with a 503 code', async () => {
    const gate = createConcurrencyGate({
      concurrency: 2,
      maxQueued: 1,
      maxWaitMs: 60_000,
      busyMessage: 'Busy.',
    });
    const [a, b, c, d] = [deferredTask(), deferredTask(), deferredTask(), deferredTask()];
    const runA = gate.run(a.task);
    const runB = gate.run(b.task);
    const runC = gate.run(c.task);
    const refused = gate.run(d.task);
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: 'Busy.' });
    await flush();
    expect([a.started(), b.started(), c.started(), d.started()]).toEqual([true, true, false, false]);
    expect(gate.stats()).toEqual({ running: 2, queued: 1 });

    a.finish('a');
    await expect(runA).resolves.toBe('a');
    await flush();
    expect(c.started()).toBe(true);
    expect(gate.stats()).toEqual({ running: 2, queued: 0 });

    b.finish('b');
    c.finish('c');
    await expect(Promise.all([runB, runC])).resolves.toEqual(['b', 'c']);
    expect(gate.stats()).toEqual({ running: 0, queued: 0 });
  });

  it('frees the slot when a task fails, and passes the failure on', async () => {
    const gate = createConcurrencyGate({
      concurrency: 1,
      maxQueued: 0,
      maxWaitMs: 60_000,
      busyMessage: 'Busy.',
    });
    const failing = deferredTask();
    const run = gate.run(failing.task);
    await expect(gate.run(async () => 'refused while full')).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
    });
    failing.fail(new Error('bcrypt failed'));
    await expect(run).rejects.toThrow('bcrypt failed');
    await expect(gate.run(async () => 'after')).resolves.toBe('after');
    expect(gate.stats()).toEqual({ running: 0, queued: 0 });
  });

  it('serves queued tasks in arrival order', async () => {
    const gate = createConcurrencyGate({
      concurrency: 1,
      maxQueued: 3,
      maxWaitMs: 60_000,
      busyMessage: 'Busy.',
    });
    const order: string[] = [];
    const first = deferredTask();
    const runs = [
      gate.run(first.task),
      ...['second', 'third', 'fourth'].map((name) =>
        gate.run(async () => {
          order.push(name);
          return name;
        }),
      ),
    ];
    first.finish('first');
    await Promise.all(runs);
    expect(order).toEqual(['second', 'third', 'fourth']);
  });

  describe('a task that waits too long', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('is refused after maxWaitMs, leaves the queue, and never runs', async () => {
      vi.useFakeTimers();
      const gate = createConcurrencyGate({
        concurrency: 1,
        maxQueued: 2,
        maxWaitMs: 5000,
        busyMessage: 'Busy.',
      });
      const [running, patient, late] = [deferredTask(), deferredTask(), deferredTask()];
      const runRunning = gate.run(running.task);
      const runPatient = gate.run(patient.task);
      const patientOutcome = runPatient.catch((error: unknown) => error);
      vi.advanceTimersByTime(3000);
      const runLate = gate.run(late.task);
      expect(gate.stats()).toEqual({ running: 1, queued: 2 });

      vi.advanceTimersByTime(2000);
      await expect(patientOutcome).resolves.toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: 'Busy.' });
      expect(gate.stats()).toEqual({ running: 1, queued: 1 });

      // The slot goes to the task still waiting, within its own 5 s.
      running.finish('done');
      await expect(runRunning).resolves.toBe('done');
      await vi.advanceTimersByTimeAsync(0);
      expect(patient.started()).toBe(false);
      expect(late.started()).toBe(true);
      late.finish('late');
      await expect(runLate).resolves.toBe('late');
      // Its timer was cleared: nothing fires later.
      vi.advanceTimersByTime(60_000);
      expect(gate.stats()).toEqual({ running: 0, queued: 0 });
    });
  });
});
