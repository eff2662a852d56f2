import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assertCents as cents } from '@/domain';
import { createRemoteMarks } from './remote-marks';

const cell = (month: number, value: number) => ({ lineId: 'l1', month, field: 'reel' as const, value: cents(value) });

describe('remote marks', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("marks a cell with the author's initials and its value, for a few seconds", () => {
    const marks = createRemoteMarks({ durationMs: 3000 });
    let notified = 0;
    marks.subscribe(() => (notified += 1));
    marks.mark([cell(0, 150)], 'Camille Martin', 'CM');
    expect(marks.get('l1', 0, 'reel')).toMatchObject({ name: 'Camille Martin', initials: 'CM', value: 150 });
    vi.advanceTimersByTime(2999);
    expect(marks.get('l1', 0, 'reel')).toBeDefined();
    vi.advanceTimersByTime(1);
    expect(marks.get('l1', 0, 'reel')).toBeUndefined();
    expect(notified).toBe(2);
  });

  it("a newer mark of the cell outlives the older one's timer", () => {
    const marks = createRemoteMarks({ durationMs: 3000 });
    marks.mark([cell(0, 150)], 'Camille Martin', 'CM');
    vi.advanceTimersByTime(2000);
    marks.mark([cell(0, 170)], 'Paul Roux', 'PR');
    vi.advanceTimersByTime(1000);
    expect(marks.get('l1', 0, 'reel')).toMatchObject({ initials: 'PR', value: 170 });
    vi.advanceTimersByTime(2000);
    expect(marks.get('l1', 0, 'reel')).toBeUndefined();
  });

  it('knows the cells being typed in', () => {
    const marks = createRemoteMarks();
    marks.startTyping('l1', 2, 'reel');
    expect(marks.isTyping(cell(2, 0))).toBe(true);
    expect(marks.isTyping(cell(3, 0))).toBe(false);
    marks.stopTyping('l1', 2, 'reel');
    expect(marks.isTyping(cell(2, 0))).toBe(false);
  });
});
