import { describe, it, expect } from 'vitest';
import { accessLevelsFor, audiencesFor, communicationIsVisible, fitsAccessLevel, fitsAudience, isOfficer } from './audience.ts';
import type { AudienceMember, VisibleCommunication } from './audience.ts';
import type { AccessLevel } from '../enums/access-level.ts';
import type { TargetAudience } from '../enums/target-audience.ts';

const MEMBERS = {
  officer: { postRole: 'Post Commander', membershipType: 'Annual Member' },
  lifeOfficer: { postRole: 'Quartermaster', membershipType: 'Life Member' },
  life: { postRole: 'none', membershipType: 'Life Member' },
  annual: { postRole: 'none', membershipType: 'Annual Member' },
  associate: { postRole: 'none', membershipType: 'Associate Member' },
  auxiliary: { postRole: '', membershipType: 'Auxiliary Member' },
} satisfies Record<string, AudienceMember>;
type Kind = keyof typeof MEMBERS;

// Expected audiences per member kind, written out rather than derived from the code under test.
const AUDIENCES: Record<Kind, TargetAudience[]> = {
  officer: ['all_members', 'officers', 'annual_members'],
  lifeOfficer: ['all_members', 'officers', 'life_members'],
  life: ['all_members', 'life_members'],
  annual: ['all_members', 'annual_members'],
  associate: ['all_members'],
  auxiliary: ['all_members'],
};
const LEVELS: Record<Kind, AccessLevel[]> = {
  officer: ['member', 'officers', 'annual_members'],
  lifeOfficer: ['member', 'officers', 'life_members'],
  life: ['member', 'life_members'],
  annual: ['member', 'annual_members'],
  associate: ['member'],
  auxiliary: ['member'],
};

const ALL_AUDIENCES: TargetAudience[] = ['all_members', 'officers', 'life_members', 'annual_members'];
const ALL_LEVELS: AccessLevel[] = ['member', 'officers', 'life_members', 'annual_members'];
const KINDS = Object.keys(MEMBERS) as Kind[];

describe('fitsAudience', () => {
  const cases = KINDS.flatMap((kind) => ALL_AUDIENCES.map((audience) => [kind, audience, AUDIENCES[kind].includes(audience)] as const));
  it.each(cases)('%s / %s -> %s', (kind, audience, expected) => {
    expect(fitsAudience(MEMBERS[kind], audience)).toBe(expected);
  });

  it('shows unknown audiences to nobody', () => {
    expect(fitsAudience(MEMBERS.officer, 'everyone' as TargetAudience)).toBe(false);
  });
});

describe('fitsAccessLevel', () => {
  const cases = KINDS.flatMap((kind) => ALL_LEVELS.map((level) => [kind, level, LEVELS[kind].includes(level)] as const));
  it.each(cases)('%s / %s -> %s', (kind, level, expected) => {
    expect(fitsAccessLevel(MEMBERS[kind], level)).toBe(expected);
  });
});

describe('audiencesFor / accessLevelsFor', () => {
  it.each(KINDS)('lists exactly the values that fit a %s', (kind) => {
    expect(audiencesFor(MEMBERS[kind])).toEqual(AUDIENCES[kind]);
    expect(accessLevelsFor(MEMBERS[kind])).toEqual(LEVELS[kind]);
  });
});

describe('isOfficer', () => {
  it('treats none, empty and blank roles as no role', () => {
    expect(isOfficer({ postRole: 'none', membershipType: 'Life Member' })).toBe(false);
    expect(isOfficer({ postRole: '', membershipType: 'Life Member' })).toBe(false);
    expect(isOfficer({ postRole: '  ', membershipType: 'Life Member' })).toBe(false);
    expect(isOfficer({ postRole: 'Chaplain', membershipType: 'Associate Member' })).toBe(true);
  });
});

describe('communicationIsVisible', () => {
  const now = new Date('2026-05-01T12:00:00Z');
  const base: VisibleCommunication = {
    isPublished: true,
    publishDate: null,
    expiryDate: null,
    targetAudience: 'all_members',
  };
  const visible = (over: Partial<VisibleCommunication>, member: AudienceMember = MEMBERS.annual) => communicationIsVisible({ ...base, ...over }, member, now);

  it('shows a published communication without dates', () => {
    expect(visible({})).toBe(true);
  });

  it('hides an unpublished communication even within its window', () => {
    expect(visible({ isPublished: false })).toBe(false);
    expect(visible({ isPublished: false, publishDate: '2026-01-01T00:00:00Z', expiryDate: '2027-01-01T00:00:00Z' })).toBe(false);
  });

  it('shows from the publish instant on', () => {
    expect(visible({ publishDate: new Date('2026-05-01T12:00:00.001Z') })).toBe(false);
    expect(visible({ publishDate: new Date('2026-05-01T12:00:00Z') })).toBe(true);
    expect(visible({ publishDate: '2026-05-01T11:59:59.999Z' })).toBe(true);
    expect(visible({ publishDate: '2026-06-01T00:00:00Z' })).toBe(false);
  });

  it('hides from the expiry instant on', () => {
    expect(visible({ expiryDate: new Date('2026-05-01T12:00:00.001Z') })).toBe(true);
    expect(visible({ expiryDate: new Date('2026-05-01T12:00:00Z') })).toBe(false);
    expect(visible({ expiryDate: '2026-05-01T11:59:59.999Z' })).toBe(false);
    expect(visible({ expiryDate: '2027-01-01T00:00:00Z' })).toBe(true);
  });

  it('needs both the publish and the expiry condition', () => {
    expect(visible({ publishDate: '2026-04-01T00:00:00Z', expiryDate: '2026-06-01T00:00:00Z' })).toBe(true);
    expect(visible({ publishDate: '2026-04-01T00:00:00Z', expiryDate: '2026-04-15T00:00:00Z' })).toBe(false);
    expect(visible({ publishDate: '2026-05-15T00:00:00Z', expiryDate: '2026-06-01T00:00:00Z' })).toBe(false);
  });

  it('hides a communication with an unparseable date', () => {
    expect(visible({ publishDate: 'garbage' })).toBe(false);
    expect(visible({ expiryDate: 'garbage' })).toBe(false);
  });

  const cases = KINDS.flatMap((kind) => ALL_AUDIENCES.map((audience) => [kind, audience, AUDIENCES[kind].includes(audience)] as const));
  it.each(cases)('%s sees a live %s communication: %s', (kind, audience, expected) => {
    expect(visible({ targetAudience: audience }, MEMBERS[kind])).toBe(expected);
  });
});
