import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// No source file over MAX_LINES without a reason at its top (issue 42 #7, decision 0067), and no
// measurement in a code comment (issue 39 #6, decision 0063). In packages/db, not contracts:
// contracts has no Node types to read files with.

const ROOT = path.resolve(import.meta.dirname, '../../..');
const MAX_LINES = 300;
/** A long file says why in its first 3 lines, with a line comment starting with this. */
const MARKER = '// Long file:';
const SOURCE = /\.(ts|tsx|mts|cts)$/;
// Test code, and code a tool writes (TanStack Router's route tree).
const EXEMPT = /\.(test|e2e)\.tsx?$|\.gen\.ts$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'dist-ssr', 'coverage']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || SKIPPED_DIRS.has(entry.name)) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.isFile() && SOURCE.test(entry.name) && !EXEMPT.test(entry.name) ? [path.relative(ROOT, full).split(path.sep).join('/')] : [];
  });
}

const files = ['apps', 'packages'].flatMap((top) => sourceFiles(path.join(ROOT, top)));
const fileLines = new Map(files.map((file) => [file, readFileSync(path.join(ROOT, file), 'utf8').split('\n')]));
const lineCount = (lines: string[]) => (lines.at(-1) === '' ? lines.length - 1 : lines.length);

/** A comment's text on a line: a line comment, a block comment's line, or a comment after code. */
const COMMENT = /^\s*(?:\/\/|\/\*+|\*)(.*)$|\s\/\/\s(.*)$/;
/** What a measurement looks like: a median, a before -> after figure, a dated observation. */
const FIGURES = [
  /\bmedians? of\b/i,
  /\bmeasured (?:at|on|with)\b/i,
  /\d(?:\.\d+)? ?(?:ms|s|KB|MB|%)? ?(?:->|→) ?\d/,
  /\(20\d\d-\d\d-\d\d\)|\b(?:until|since|on) 20\d\d-\d\d-\d\d\b/,
];

describe('source files', () => {
  it('finds the source files of apps/ and packages/', () => {
    expect(files).toContain('packages/db/src/database.ts');
    expect(files).toContain('apps/web/src/features/events/events-page.tsx');
    expect(files).not.toContain('apps/web/src/routeTree.gen.ts');
    expect(files.some((f) => f.includes('node_modules'))).toBe(false);
  });

  it(`keeps every non-test, non-generated source file at most ${MAX_LINES} lines, or says why at its top`, () => {
    const tooLong = [...fileLines]
      .filter(([, lines]) => lineCount(lines) > MAX_LINES)
      .filter(([, lines]) => !lines.slice(0, 3).some((l) => l.trimStart().startsWith(MARKER)))
      .map(([file, lines]) => `${file} has ${lineCount(lines)} lines: split it along a natural seam, or give it a "${MARKER} <why>" line in its first 3 lines`);
    expect(tooLong).toEqual([]);
  });

  it('keep measurements in the decision records, not in code comments', () => {
    const found = [...fileLines].flatMap(([file, lines]) =>
      lines.flatMap((line, i) => {
        const m = COMMENT.exec(line);
        const text = m ? (m[1] ?? m[2] ?? '') : '';
        return FIGURES.some((f) => f.test(text)) ? [`${file}:${i + 1}: ${line.trim()}`] : [];
      }),
    );
    // Say why in a line and cite the decision; its figures, dates and A/B tables go in the record.
    expect(found).toEqual([]);
  });
});
