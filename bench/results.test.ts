import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { commandLine, renderSection, replaceSection, startReport, type Section } from './results.ts';

const section = (name: string, figures: string[]): Section => ({
  name,
  started: new Date('2026-11-28T21:00:00Z'),
  ended: new Date('2026-11-28T21:04:00Z'),
  load: [1.25, 2.5],
  cores: 2,
  commit: 'abc1234',
  command: `npx -y pnpm@10 run ${name}`,
  figures,
});

const FILE = `# Latest benchmark results

Written by the scripts.

## bench:phone (issue 39)

- old phone notes

\`\`\`
old phone figures
\`\`\`

## bench:api

- old api figures

## The test command

- by hand
`;

describe('a benchmark writes its own section of RESULTS.md', () => {
  it('gives the date, the load at the start and the end, the commit, the command and the figures', () => {
    expect(renderSection(section('bench:api', ['target  p99', 'reads   12  PASS  ']))).toBe(
      [
        '## bench:api',
        '',
        '- Date: 2026-11-28, 21:00-21:04 UTC, at abc1234.',
        '- Load average (1 minute): 1.3 at the start, 2.5 at the end, on 2 cores.',
        '- Command: `npx -y pnpm@10 run bench:api`',
        '',
        '```',
        'target  p99',
        'reads   12  PASS',
        '```',
        '',
      ].join('\n'),
    );
  });

  it('replaces only its own section, whatever its old heading said', () => {
    const out = replaceSection(FILE, 'bench:phone', renderSection(section('bench:phone', ['new phone figures'])));
    expect(out).not.toContain('old phone');
    expect(out).toContain('new phone figures');
    expect(out.indexOf('## bench:phone')).toBeLessThan(out.indexOf('## bench:api'));
    expect(out).toContain('## bench:api\n\n- old api figures\n\n## The test command\n\n- by hand\n');
    expect(out.startsWith('# Latest benchmark results\n\nWritten by the scripts.\n\n## bench:phone\n')).toBe(true);
  });

  it('replaces the last section, and adds a section the file does not have yet at the end', () => {
    const last = replaceSection(FILE, 'The test command', '## The test command\n\n- new\n');
    expect(last.endsWith('- old api figures\n\n## The test command\n\n- new\n')).toBe(true);
    const added = replaceSection(FILE, 'bench:inp', renderSection(section('bench:inp', ['inp figures'])));
    expect(added.startsWith(FILE.trimEnd())).toBe(true);
    expect(added.endsWith('```\ninp figures\n```\n')).toBe(true);
  });

  it('does not take bench:api-like names for its own', () => {
    const text = '## bench:api-extra\n\nkeep\n\n## bench:api\n\nold\n';
    expect(replaceSection(text, 'bench:api', '## bench:api\n\nnew\n')).toBe('## bench:api-extra\n\nkeep\n\n## bench:api\n\nnew\n');
  });

  it('writes the command with its arguments and BENCH_ settings', () => {
    expect(commandLine('bench:phone', ['--ab', 'abc1234'], { BENCH_RUNS: '3', HOME: '/root' })).toBe(
      'BENCH_RUNS=3 npx -y pnpm@10 run bench:phone -- --ab abc1234',
    );
  });

  describe('a run', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bench-results-'));
    afterEach(() => {
      vi.restoreAllMocks();
      rmSync(dir, { recursive: true, force: true });
    });

    it('prints each line and writes what it printed into the file', () => {
      const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
      const file = path.join(dir, 'RESULTS.md');
      writeFileSync(file, FILE);
      const report = startReport('bench:api');
      report.print('\nbench:api: 50 clients');
      report.print('reads  12 ms  PASS');
      report.write(file);
      const text = readFileSync(file, 'utf8');
      expect(log).toHaveBeenCalledWith('reads  12 ms  PASS');
      expect(text).toMatch(
        /## bench:api\n\n- Date: \d{4}-\d\d-\d\d, \d\d:\d\d-\d\d:\d\d UTC, at .+\.\n- Load average \(1 minute\): [\d.]+ at the start, [\d.]+ at the end, on \d+ cores\.\n- Command: `.*npx -y pnpm@10 run bench:api.*`\n\n```\nbench:api: 50 clients\nreads {2}12 ms {2}PASS\n```\n\n## The test command/,
      );
      expect(text).not.toContain('old api figures');
    });
  });
});
