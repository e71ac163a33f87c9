import { describe, expect, it } from 'vitest';
import { initialsOf } from './commander-message.tsx';

describe('the commander message', () => {
  it('makes initials of the commander’s name', () => {
    expect(initialsOf('Thomas Reed')).toBe('TR');
    expect(initialsOf('Mary Ann van der Berg')).toBe('MB');
    expect(initialsOf('Post Commander')).toBe('PC');
    expect(initialsOf('Cher')).toBe('C');
  });
});
