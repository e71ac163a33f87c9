import { describe, expect, it } from 'vitest';
import { parseIsoDate } from './common.ts';
import { formMessages } from './messages/forms.ts';
import { CreateEventInput, EventFormSchema } from './events.ts';
import { CreateCommanderMessageInput } from './commander-messages.ts';
import { CreateCommunicationInput } from './member-communications.ts';
import { CreateEngagementInput } from './community-engagements.ts';
import { CreateMemberInput } from './members.ts';
import { CreateNewsInput } from './news.ts';
import { parseRule } from './recurrence.ts';

// Every date the API takes is strict ISO 8601 in 1900-2200 (issue 41 #4, decision 0059).
describe('dates given to the API', () => {
  it('parses only strict ISO 8601, never by the legacy Date parser', () => {
    expect(parseIsoDate('2026-05-01')?.toISOString()).toBe('2026-05-01T00:00:00.000Z');
    expect(parseIsoDate('2026-05-01T10:00:00-04:00')?.toISOString()).toBe('2026-05-01T14:00:00.000Z');
    expect(parseIsoDate('2026-05-01T14:00:00.000Z')?.toISOString()).toBe('2026-05-01T14:00:00.000Z');
    for (const bad of [
      'Jan 1 10',
      '5/1/2026',
      '2026-02-30',
      '2026-13-01',
      '2026-05-01T24:00',
      '2026-05-01 10:00',
      '+275760-09-13T00:00:00Z',
      '20260501',
      ' 2026-05-01',
    ]) {
      expect(parseIsoDate(bad), bad).toBeNull();
    }
  });

  it('refuses years outside 1900-2200 with a message saying so', () => {
    expect(parseIsoDate('1900-01-01')).not.toBeNull();
    expect(parseIsoDate('2200-12-31T23:59:59Z')).not.toBeNull();
    for (const year of ['0001', '0010', '1899', '2201', '9999']) expect(parseIsoDate(`${year}-06-01`), year).toBeNull();
    const event = { title: 'T', description: 'D', location: 'L', type: 'regular', volunteerPositions: 0 };
    const issues = (schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } }, v: unknown) =>
      schema.safeParse(v).error?.issues.map((i) => i.message) ?? [];
    expect(issues(CreateEventInput, { ...event, startDate: '0010-01-01T10:00:00Z', endDate: '0010-01-01T11:00:00Z' })).toContain(formMessages.dateOutOfRange);
    expect(issues(CreateEventInput, { ...event, startDate: 'Jan 1 2026', endDate: '2026-01-01T11:00:00Z' })).toContain(formMessages.invalidDate);
    expect(issues(EventFormSchema, { ...event, startDate: '0001-01-01', startTime: '10:00', endDate: '0001-01-01', endTime: '11:00' })).toContain(
      formMessages.dateOutOfRange,
    );
    expect(issues(CreateNewsInput, { title: 'T', content: 'C', publishDate: '+275760-09-13T00:00:00Z' })).toContain(formMessages.invalidDate);
    expect(issues(CreateCommanderMessageInput, { content: 'C', publishDate: '2201-01-01T00:00:00Z' })).toContain(formMessages.dateOutOfRange);
    expect(issues(CreateCommunicationInput, { title: 'T', content: 'C', expiryDate: '1800-01-01' })).toContain(formMessages.dateOutOfRange);
    expect(issues(CreateEngagementInput, { title: 'T', description: 'D', tags: ['a'], date: '0001-01-01' })).toContain(formMessages.dateOutOfRange);
    expect(issues(CreateMemberInput, { memberSince: '0001-01-01' })).toContain(formMessages.dateOutOfRange);
    expect(issues(CreateCommunicationInput, { title: 'T', content: 'C', expiryDate: '' })).toEqual([]);
    expect(parseRule('FREQ=WEEKLY;UNTIL=99991231').ok).toBe(false);
  });
});
