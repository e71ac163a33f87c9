import { describe, expect, it } from 'vitest';
import { readPaperTime } from './paper-time.ts';

const NY = 'America/New_York';
// A morning shift, 9:00 to 12:00 in New York on 14 November 2026 (UTC-5).
const morning = { startDate: '2026-11-14T14:00:00.000Z', endDate: '2026-11-14T17:00:00.000Z' };
const at = (text: string, shift = morning) => readPaperTime(text, shift, NY)?.at;

describe('a time written on the paper sheet', () => {
  it('reads the quick forms on the shift’s day in the post’s zone', () => {
    for (const text of ['905', '9:05', '9.05', '0905', '9:05 am', '905a', '9.05 a.m.']) expect(at(text), text).toBe('2026-11-14T14:05:00.000Z');
    expect(at('9')).toBe('2026-11-14T14:00:00.000Z');
    expect(at('1215')).toBe('2026-11-14T17:15:00.000Z');
    expect(at('13:30')).toBe('2026-11-14T18:30:00.000Z');
  });

  it('takes the morning or the afternoon nearest the shift when it is not written', () => {
    expect(at('1')).toBe('2026-11-14T18:00:00.000Z');
    expect(at('1:30 pm')).toBe('2026-11-14T18:30:00.000Z');
    expect(at('8:45')).toBe('2026-11-14T13:45:00.000Z');
    const evening = { startDate: '2026-11-14T23:00:00.000Z', endDate: '2026-11-15T03:00:00.000Z' };
    expect(at('6', evening)).toBe('2026-11-14T23:00:00.000Z');
    expect(at('1015', evening)).toBe('2026-11-15T03:15:00.000Z');
    expect(at('1205a', evening)).toBe('2026-11-15T05:05:00.000Z');
  });

  it('says plainly what it cannot read, and nothing of a blank', () => {
    expect(readPaperTime('  ', morning, NY)).toBeNull();
    for (const text of ['9:5', '25:00', '9:75', 'noon', '13 pm', '0 am'])
      expect(readPaperTime(text, morning, NY)?.error, text).toBe(`“${text}” is not a time: write it as 9:05, 905 or 1:30 pm.`);
  });
});
