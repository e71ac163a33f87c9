import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { accountMessages } from './messages/account.ts';
import { communityMessages } from './messages/community.ts';
import { eventMessages } from './messages/events.ts';
import { formMessages } from './messages/forms.ts';
import { memberMessages } from './messages/members.ts';
import { newsMessages } from './messages/news.ts';
import { newsletterMessages } from './messages/newsletter.ts';
import { resourceMessages } from './messages/resources.ts';
import { ChangePasswordInput, LoginInput, UserInput } from './admin-auth.ts';
import { MemberLoginInput } from './member-auth.ts';
import { CreateVolunteerInput, VolunteerFormSchema } from './volunteers.ts';
import { CreateEventInput, EventFormSchema } from './events.ts';
import { NewsFormSchema } from './news.ts';
import { CreateEngagementInput, EngagementFormSchema, parseTags } from './community-engagements.ts';
import { CreateCommanderMessageInput } from './commander-messages.ts';
import { CreateResourceInput, DisplayOrder } from './resources.ts';
import { CreateMemberInput, UpdateMemberInput, YearsOfService } from './members.ts';
import { SubscribeInput } from './newsletter.ts';
import { CreateMemberResourceInput } from './member-resources.ts';

function messages(schema: z.ZodType, value: unknown): string[] {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
}

describe("the spec's validation messages (spec §5)", () => {
  it('volunteer form', () => {
    expect(messages(VolunteerFormSchema, { name: 'A', email: 'nope', phone: '123' })).toEqual([
      formMessages.nameMin,
      formMessages.emailInvalid,
      formMessages.phoneMin,
    ]);
    expect(messages(VolunteerFormSchema, { name: 'Al', email: 'al@example.org', phone: '', role: '' })).toEqual([]);
    expect(messages(VolunteerFormSchema, { name: 'Al', email: 'al@example.org', phone: '555-010-0100' })).toEqual([]);
    const parsed = CreateVolunteerInput.parse({ name: ' Al ', email: 'al@example.org', phone: '', role: '', eventId: '3' });
    expect(parsed).toMatchObject({ name: 'Al', phone: null, role: null, eventId: 3 });
  });

  it('admin and member login', () => {
    expect(messages(LoginInput, { username: '', password: '' })).toEqual([accountMessages.usernameRequired, accountMessages.passwordRequired]);
    expect(messages(LoginInput, {})).toEqual([accountMessages.usernameRequired, accountMessages.passwordRequired]);
    expect(messages(MemberLoginInput, { membershipNumber: ' ', password: '' })).toEqual([
      memberMessages.membershipNumberRequired,
      accountMessages.passwordRequired,
    ]);
  });

  it('event form and event payload', () => {
    expect(
      messages(EventFormSchema, {
        title: '',
        description: '',
        location: '',
        startDate: '',
        startTime: '',
        endDate: '',
        endTime: '',
        type: 'regular',
        volunteerPositions: 10,
      }),
    ).toEqual([
      formMessages.titleRequired,
      formMessages.descriptionRequired,
      eventMessages.locationRequired,
      eventMessages.startDateRequired,
      eventMessages.startTimeRequired,
      eventMessages.endDateRequired,
      eventMessages.endTimeRequired,
    ]);
    expect(messages(CreateEventInput, { title: 'T', description: 'D', location: 'L', startDate: '', endDate: '' })).toContain(eventMessages.startDateRequired);
    expect(
      messages(CreateEventInput, { title: 'T', description: 'D', location: 'L', startDate: '2026-01-02T10:00:00-05:00', endDate: '2026-01-01T10:00:00-05:00' }),
    ).toEqual([eventMessages.endBeforeStart]);
    const ok = CreateEventInput.parse({
      title: 'T',
      description: 'D',
      location: 'L',
      startDate: '2026-01-01T09:00:00-05:00',
      endDate: '2026-01-01T11:00:00-05:00',
    });
    expect(ok.type).toBe('regular');
    expect(ok.volunteerPositions).toBe(10);
  });

  it('news form', () => {
    expect(messages(NewsFormSchema, { title: '', content: ' ', publishDate: '', featured: false })).toEqual([
      formMessages.titleRequired,
      formMessages.contentRequired,
      newsMessages.publishDateRequired,
    ]);
  });

  it('password change', () => {
    expect(messages(ChangePasswordInput, { currentPassword: '', newPassword: '1234567', confirmPassword: '' })).toEqual([
      accountMessages.currentPasswordRequired,
      accountMessages.passwordMin,
      accountMessages.confirmPasswordRequired,
      accountMessages.passwordsDoNotMatch,
    ]);
    const mismatch = ChangePasswordInput.safeParse({ currentPassword: 'x', newPassword: '12345678', confirmPassword: '87654321' });
    expect(mismatch.success).toBe(false);
    expect(mismatch.error!.issues[0]).toMatchObject({ message: accountMessages.passwordsDoNotMatch, path: ['confirmPassword'] });
  });

  it('user', () => {
    expect(messages(UserInput, { username: 'ab', password: '1234567', email: 'x' })).toEqual([
      accountMessages.usernameMin,
      accountMessages.passwordMin,
      formMessages.invalidEmail,
    ]);
  });

  it('community engagement tags', () => {
    expect(parseTags(' food ,, veterans , ')).toEqual(['food', 'veterans']);
    expect(messages(EngagementFormSchema, { title: 'T', description: 'D', date: '', imageUrl: '', tags: ' , ', active: true })).toEqual([
      communityMessages.tagsRequired,
    ]);
    expect(messages(CreateEngagementInput, { title: 'T', description: 'D', tags: ['  '] })).toEqual([communityMessages.tagsRequired]);
  });

  it('commander message', () => {
    expect(messages(CreateCommanderMessageInput, { content: '   \n ' })).toEqual([formMessages.messageContentRequired]);
    expect(CreateCommanderMessageInput.parse({ content: 'Hi' }).active).toBe(true);
  });

  it('resource display order: integer at least 0, non-numeric becomes 0', () => {
    expect(DisplayOrder.parse('abc')).toBe(0);
    expect(DisplayOrder.parse('')).toBe(0);
    expect(DisplayOrder.parse('3')).toBe(3);
    expect(messages(DisplayOrder, -1)).toEqual([resourceMessages.orderMin]);
    expect(messages(DisplayOrder, 1.5)).toEqual([resourceMessages.orderWhole]);
    expect(messages(DisplayOrder, '2.5')).toEqual([resourceMessages.orderWhole]);
    expect(messages(CreateResourceInput, { title: 'T', description: 'D', url: 'javascript:alert(1)' })).toEqual([formMessages.urlInvalid]);
  });

  it('member form: required fields, e-mail format, years parsed, defaults', () => {
    expect(messages(CreateMemberInput, { firstName: '', lastName: '', email: 'x', membershipNumber: '' })).toEqual([
      formMessages.firstNameRequired,
      formMessages.lastNameRequired,
      formMessages.emailInvalid,
      memberMessages.membershipNumberRequired,
    ]);
    expect(YearsOfService.parse('12 years')).toBe(12);
    expect(YearsOfService.parse('abc')).toBe(0);
    const m = CreateMemberInput.parse({ firstName: 'A', lastName: 'B', email: 'a@example.org', membershipNumber: '1' });
    expect(m).toMatchObject({
      membershipType: 'Annual Member',
      postRole: 'none',
      branchOfService: 'unspecified',
      yearsOfService: 0,
      isActive: true,
      hasOnlineAccess: false,
      deceasedOn: null,
    });
    // The dues status is derived, never an input (decision 0065); paid-through left out is decided by the API.
    expect(m).not.toHaveProperty('duesStatus');
    expect(m.paidThrough).toBeUndefined();
    expect(messages(CreateMemberInput, { firstName: 'A', lastName: 'B', email: 'a@example.org', membershipNumber: '1', loginPassword: 'short' })).toEqual([
      accountMessages.passwordMin,
    ]);
  });

  it('a member update changes only the fields it names', () => {
    const u = UpdateMemberInput.parse({ id: 4, isActive: false });
    expect(u).toEqual({ id: 4, isActive: false });
  });

  it('newsletter e-mail is required and valid', () => {
    expect(messages(SubscribeInput, { email: '' })).toEqual([newsletterMessages.emailRequired]);
    expect(messages(SubscribeInput, { email: 'nope' })).toEqual([formMessages.emailInvalid]);
  });

  it('phone numbers: at least 10 digits; only spaces, dashes, dots, parentheses and a leading + besides (issue 23 #15)', () => {
    const vol = { eventId: 1, name: 'Ann Lee', email: 'ann@example.org' };
    expect(messages(CreateVolunteerInput, { ...vol, phone: 'abcdefghij' })).toEqual([formMessages.phoneChars]);
    expect(messages(CreateVolunteerInput, { ...vol, phone: '555-12x-4567' })).toEqual([formMessages.phoneChars]);
    expect(messages(CreateVolunteerInput, { ...vol, phone: '555 1234' })).toEqual([formMessages.phoneMin]);
    expect(messages(CreateVolunteerInput, { ...vol, phone: '5+55 123 4567' })).toEqual([formMessages.phoneChars]);
    for (const ok of ['(555) 555-0131', '+1 555.555.0131', '5555550131']) expect(CreateVolunteerInput.parse({ ...vol, phone: ok }).phone).toBe(ok);
    expect(CreateVolunteerInput.parse({ ...vol, phone: '' }).phone).toBeNull();
    const member = { firstName: 'A', lastName: 'B', email: 'a@example.org', membershipNumber: '1' };
    expect(messages(CreateMemberInput, { ...member, phone: 'abcdefghij' })).toEqual([formMessages.phoneChars]);
    expect(CreateMemberInput.parse({ ...member, phone: '' }).phone).toBeNull();
  });

  it('resource addresses typed without a scheme get https:// (issue 23 #18)', () => {
    const r = { title: 'T', description: 'D' };
    expect(CreateResourceInput.parse({ ...r, url: 'www.va.gov/health-care' }).url).toBe('https://www.va.gov/health-care');
    expect(CreateResourceInput.parse({ ...r, url: 'http://va.gov' }).url).toBe('http://va.gov');
    expect(messages(CreateResourceInput, { ...r, url: 'javascript:alert(1)' })).toEqual([formMessages.urlInvalid]);
    expect(CreateMemberResourceInput.parse({ ...r, resourceUrl: 'www.va.gov/forms' }).resourceUrl).toBe('https://www.va.gov/forms');
    expect(CreateMemberResourceInput.parse({ ...r, resourceUrl: '/uploads/x.pdf' }).resourceUrl).toBe('/uploads/x.pdf');
    expect(messages(CreateMemberResourceInput, { ...r, resourceUrl: 'javascript:alert(1)' })).toEqual([formMessages.urlInvalid]);
  });
});
