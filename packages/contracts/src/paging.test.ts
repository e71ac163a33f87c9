import { describe, expect, it } from 'vitest';
import { pagingMessages } from './messages/paging.ts';
import { likePattern, PageNumber, SearchText } from './paging.ts';
import { showingText } from './showing-text.ts';

describe('paged admin lists (issue 20)', () => {
  it('says which rows are shown', () => {
    expect(showingText(1, 25, 2000)).toBe('Showing 1–25 of 2,000');
    expect(showingText(2, 25, 30)).toBe('Showing 26–30 of 30');
    expect(showingText(1, 25, 0)).toBe('No results');
    expect(showingText(5, 25, 30)).toBe('Showing none of 30');
  });

  it('escapes LIKE’s own characters so a search is plain text', () => {
    expect(likePattern('Fish')).toBe('%fish%');
    expect(likePattern('100%_a\\b')).toBe('%100\\%\\_a\\\\b%');
  });

  it('reads ?page= and ?q=', () => {
    expect(PageNumber.parse(undefined)).toBe(1);
    expect(PageNumber.parse('3')).toBe(3);
    for (const bad of ['0', '-1', '1.5', 'abc', '10001']) expect(PageNumber.safeParse(bad).error?.issues[0]?.message).toBe(pagingMessages.page);
    expect(SearchText.parse('  fish  ')).toBe('fish');
    expect(SearchText.parse('   ')).toBeUndefined();
    expect(SearchText.safeParse('x'.repeat(101)).error?.issues[0]?.message).toBe(pagingMessages.searchTooLong);
  });
});
