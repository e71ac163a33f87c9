import { describe, expect, it } from 'vitest';
import { firstNameAndInitial, publicName } from './public-name.ts';

describe('a volunteer name in public (decision 0096)', () => {
  it("is the first name and the last name's initial", () => {
    expect(firstNameAndInitial('Ava Waiting')).toBe('Ava W.');
    expect(firstNameAndInitial('  Mary Ann   smith ')).toBe('Mary S.');
    expect(firstNameAndInitial('John Smith Jr.')).toBe('John S.');
    expect(firstNameAndInitial('Ólafur Ásgeirsson')).toBe('Ólafur Á.');
    expect(firstNameAndInitial('Cher')).toBe('Cher');
    expect(firstNameAndInitial('')).toBe('');
  });
  it('is the full name when the post chose so', () => {
    expect(publicName('Ava Waiting', true)).toBe('Ava Waiting');
    expect(publicName('Ava Waiting', false)).toBe('Ava W.');
  });
});
