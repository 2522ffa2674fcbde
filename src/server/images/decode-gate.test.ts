// The decode gate (issue 31 item 4): two at once, the next ones wait in arrival order, past the queue none, a slot freed once.
import { describe, expect, it } from 'vitest';
import { createDecodeGate, DECODES_AT_ONCE, type Release } from './decode-gate';

describe('the decode gate', () => {
  it('lets two in at once by default', async () => {
    const gate = createDecodeGate();
    expect(DECODES_AT_ONCE).toBe(2);
    const first = await gate.enter()!;
    const second = await gate.enter()!;
    expect(gate.running).toBe(2);
    const third = gate.enter();
    expect(third).not.toBeNull();
    expect(gate.waiting).toBe(1);
    first();
    second();
    (await third!)();
    expect([gate.running, gate.waiting]).toEqual([0, 0]);
  });

  it('the waiting go in arrival order as slots free; past the queue, null at once', async () => {
    const gate = createDecodeGate(2, 2);
    const held = [await gate.enter()!, await gate.enter()!];
    const order: string[] = [];
    const a = gate.enter()!.then((release) => (order.push('a'), release));
    const b = gate.enter()!.then((release) => (order.push('b'), release));
    expect(gate.enter()).toBeNull();
    expect([gate.running, gate.waiting]).toEqual([2, 2]);

    held[0]!();
    const releaseA: Release = await a;
    expect(order).toEqual(['a']);
    expect([gate.running, gate.waiting]).toEqual([2, 1]);
    // A queue with room again takes the next one.
    const c = gate.enter();
    expect(c).not.toBeNull();

    held[1]!();
    const releaseB = await b;
    expect(order).toEqual(['a', 'b']);
    releaseA();
    const releaseC = await c!;
    releaseB();
    releaseC();
    expect([gate.running, gate.waiting]).toEqual([0, 0]);
  });

  it('a slot released twice frees one place, not two', async () => {
    const gate = createDecodeGate(1, 0);
    const release = await gate.enter()!;
    release();
    const next = await gate.enter()!;
    release();
    expect(gate.running).toBe(1);
    expect(gate.enter()).toBeNull();
    next();
    expect(gate.running).toBe(0);
  });

  it('run: the work in a slot, freed when it settles (a failure too); null when full', async () => {
    const gate = createDecodeGate(1, 0);
    await expect(gate.run(async () => 'done')).resolves.toBe('done');
    await expect(gate.run(() => Promise.reject(new Error('bad image')))).rejects.toThrow('bad image');
    expect(gate.running).toBe(0);
    const held = await gate.enter()!;
    expect(gate.run(async () => 'never')).toBeNull();
    held();
  });
});
