import { describe, expect, it } from 'vitest';
import { MAX_SHIFT_CAPACITY } from './limits.ts';
import { shiftMessages } from './messages/shifts.ts';
import { ShiftFormSchema, ShiftInput, shiftFromForm, shiftToForm } from './shifts.ts';

const input = (capacity: unknown) => ({ role: 'Grill', startDate: '2030-06-01T16:00:00Z', endDate: '2030-06-01T18:00:00Z', capacity });
const form = (capacity: unknown) => ({ role: 'Grill', date: '2030-06-01', startTime: '12:00', endTime: '14:00', capacity, signups: 0 });

describe("a shift's capacity, one rule for the API and the event form", () => {
  for (const [name, schema, shift] of [
    ['the API', ShiftInput, input],
    ['the event form', ShiftFormSchema, form],
  ] as const) {
    it(`${name} takes 0 to ${MAX_SHIFT_CAPACITY} people, typed or as a number`, () => {
      expect(schema.parse(shift(0)).capacity).toBe(0);
      expect(schema.parse(shift(String(MAX_SHIFT_CAPACITY))).capacity).toBe(MAX_SHIFT_CAPACITY);
    });
    it(`${name} refuses a capacity below 0, above ${MAX_SHIFT_CAPACITY}, a fraction or a word, saying the range`, () => {
      for (const bad of [-1, MAX_SHIFT_CAPACITY + 1, 1.5, 'many']) {
        const r = schema.safeParse(shift(bad));
        expect(r.success).toBe(false);
        expect(r.error?.issues.map((i) => i.message)).toEqual([shiftMessages.capacityRange]);
      }
    });
  }
});

describe('a shift between the API and the event form: one mapping each way', () => {
  it('comes back as it went, through the form and its checks, in the post’s time zone', () => {
    const shift = {
      id: 7,
      role: 'Grill',
      startDate: '2030-06-01T16:00:00.000Z',
      endDate: '2030-06-01T18:30:00.000Z',
      capacity: 12,
      filled: 3,
      waitlisted: 1,
      note: null,
    };
    const held = shiftToForm(shift, 'America/New_York');
    expect(held).toEqual({ shiftId: 7, role: 'Grill', date: '2030-06-01', startTime: '12:00', endTime: '14:30', capacity: 12, note: '', signups: 4 });
    const sent = shiftFromForm(ShiftFormSchema.parse({ ...held, capacity: '13' }), 'America/New_York');
    expect(ShiftInput.parse(sent)).toEqual({ id: 7, role: 'Grill', startDate: shift.startDate, endDate: shift.endDate, capacity: 13, note: null });
  });
});
