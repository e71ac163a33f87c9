import { describe, expect, it } from 'vitest';
import { MAX_ID, parseId } from './ids.ts';
import { Id } from './common.ts';

describe('parseId', () => {
  it('reads positive ids from numbers and strings of digits', () => {
    expect([parseId('1'), parseId(42), parseId(String(MAX_ID)), parseId('007')]).toEqual([1, 42, MAX_ID, 7]);
  });
  it('refuses everything else', () => {
    for (const raw of ['0', '-1', '1.5', '1e3', ' 1', '', 'abc', String(MAX_ID + 1), '99999999999', 0, -3, 1.5, NaN, null, undefined, {}]) {
      expect(parseId(raw), String(raw)).toBeUndefined();
    }
  });
  it('agrees with the zod Id of the API on the bound', () => {
    expect(Id.safeParse(MAX_ID).success).toBe(true);
    expect(Id.safeParse(MAX_ID + 1).success).toBe(false);
  });
});
