import { describe, expect, it } from 'vitest';
import { currentProgramYear, programYear, programYearBounds, programYearLabel, programYearOfDay } from './program-year.ts';

describe('program year', () => {
  it('runs June 1 to May 31 by default', () => {
    expect(programYear(2025, 6)).toEqual({ from: '2025-06-01', to: '2026-05-31', next: '2026-06-01' });
    expect(programYear(2027, 3)).toEqual({ from: '2027-03-01', to: '2028-02-29', next: '2028-03-01' });
    expect(programYear(2026, 1)).toEqual({ from: '2026-01-01', to: '2026-12-31', next: '2027-01-01' });
    expect(programYearLabel(2025, 6)).toBe('2025-2026');
  });
  it('places May 31 and June 1 in different years', () => {
    expect(programYearOfDay('2026-05-31', 6)).toBe(2025);
    expect(programYearOfDay('2026-06-01', 6)).toBe(2026);
  });
  it("starts at midnight in the post's zone", () => {
    const { start, end } = programYearBounds(2025, 6, 'America/New_York');
    expect(start.toISOString()).toBe('2025-06-01T04:00:00.000Z');
    expect(end.toISOString()).toBe('2026-06-01T04:00:00.000Z');
    // 03:30 UTC on June 1 is still May 31 in New York.
    expect(currentProgramYear(new Date('2026-06-01T03:30:00Z'), 6, 'America/New_York')).toBe(2025);
    expect(currentProgramYear(new Date('2026-06-01T04:30:00Z'), 6, 'America/New_York')).toBe(2026);
  });
});
