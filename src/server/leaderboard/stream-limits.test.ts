// The stream caps from the descriptor limit (issue 31 item 5, docs/decisions/095): read from /proc/self/limits, a fallback
// elsewhere, the formula, and the overall cap counted across addresses.
import { describe, expect, it } from 'vitest';
import { descriptorLimit, FALLBACK_DESCRIPTOR_LIMIT, openFilesLimit, streamCaps } from './stream-limits';
import { createStreamSlots } from './stream-slots';

const LIMITS = `Limit                     Soft Limit           Hard Limit           Units
Max cpu time              unlimited            unlimited            seconds
Max open files            1024                 524288               files
Max locked memory         8388608              8388608              bytes
`;

describe('the descriptor limit', () => {
  it("is the soft 'Max open files' of /proc/self/limits", () => {
    expect(openFilesLimit(LIMITS)).toBe(1024);
    expect(descriptorLimit(() => LIMITS)).toBe(1024);
    expect(openFilesLimit(LIMITS.replace('1024  ', 'unlimited'))).toBeNull();
  });

  it('falls back to 1,024 where there is no /proc (or nothing in it says)', () => {
    expect(FALLBACK_DESCRIPTOR_LIMIT).toBe(1024);
    expect(
      descriptorLimit(() => {
        throw new Error('ENOENT');
      }),
    ).toBe(1024);
    expect(descriptorLimit(() => 'Limit Soft Hard\n')).toBe(1024);
  });
});

describe('the caps', () => {
  it('keep a quarter of the descriptors (at least 128) for other work; one address takes at most half the rest, at most 2,000', () => {
    expect(streamCaps(1024, null)).toEqual({ overall: 768, perAddress: 384 });
    expect(streamCaps(20_000, null)).toEqual({ overall: 15_000, perAddress: 2_000 });
    expect(streamCaps(256, null)).toEqual({ overall: 128, perAddress: 64 });
    expect(streamCaps(100, null)).toEqual({ overall: 1, perAddress: 1 });
  });

  it('an explicit STREAMS_PER_ADDRESS wins for one address; the overall cap stays', () => {
    expect(streamCaps(1024, 5000)).toEqual({ overall: 768, perAddress: 5000 });
  });

  it("past the overall cap no address gets a slot ('process'); past its own cap, one address gets none ('address')", () => {
    const slots = createStreamSlots({ perAddress: 2, overall: 3 });
    const a = [slots.take('a'), slots.take('a')];
    expect(slots.take('a')).toBe('address');
    const b = slots.take('b');
    expect(typeof b).toBe('function');
    expect(slots.take('c')).toBe('process');
    expect(slots.total).toBe(3);
    (a[0] as () => void)();
    (a[0] as () => void)();
    expect(slots.total).toBe(2);
    expect(typeof slots.take('c')).toBe('function');
  });
});
