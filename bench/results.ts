import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';

// Each bench:* script writes its own section of bench/RESULTS.md (issue 58, decision 0083): the
// date, the machine's load, the commit, the command and the figures it printed, replacing the
// section its last run wrote, so the file is never edited by hand.

export const RESULTS_FILE = path.join(import.meta.dirname, 'RESULTS.md');

/** What one run of a benchmark writes. */
export interface Section {
  /** The script's name, `bench:api`. */
  name: string;
  started: Date;
  ended: Date;
  /** The 1-minute load average at the start and at the end. */
  load: [number, number];
  cores: number;
  /** The commit measured, with a note when the tree had changes. */
  commit: string;
  /** The command as a person would type it again. */
  command: string;
  /** What the benchmark printed: its figures and their PASS/FAIL lines. */
  figures: string[];
}

const time = (d: Date) => d.toISOString().slice(11, 16);

/** The section's Markdown, from its `## name` heading to its figures. */
export function renderSection(s: Section): string {
  return [
    `## ${s.name}`,
    '',
    `- Date: ${s.started.toISOString().slice(0, 10)}, ${time(s.started)}-${time(s.ended)} UTC, at ${s.commit}.`,
    `- Load average (1 minute): ${s.load[0].toFixed(1)} at the start, ${s.load[1].toFixed(1)} at the end, on ${s.cores} cores.`,
    `- Command: \`${s.command}\``,
    '',
    '```',
    ...s.figures.map((l) => l.trimEnd()).filter((l, i, all) => l !== '' || all.slice(0, i).some((x) => x !== '')),
    '```',
    '',
  ].join('\n');
}

/** The file's text with the named section replaced, or added at the end when it has none. */
export function replaceSection(text: string, name: string, section: string): string {
  const lines = text.split('\n');
  const isHeading = (l: string) => l.startsWith('## ');
  const start = lines.findIndex((l) => l === `## ${name}` || (l.startsWith(`## ${name} `) && isHeading(l)));
  if (start === -1) return `${text.trimEnd()}\n\n${section}`;
  let end = lines.findIndex((l, i) => i > start && isHeading(l));
  if (end === -1) end = lines.length;
  const after = lines.slice(end).join('\n');
  return `${[...lines.slice(0, start), section.trimEnd()].join('\n')}\n${after ? `\n${after}` : ''}`;
}

function commit(): string {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: import.meta.dirname, encoding: 'utf8' }).trim();
    const head = git('rev-parse', '--short', 'HEAD');
    return git('status', '--porcelain').length > 0 ? `${head} with uncommitted changes` : head;
  } catch {
    return 'an unknown commit (no git)';
  }
}

/** The command that ran, with the BENCH_* settings it ran with. */
export function commandLine(name: string, args: readonly string[], env: NodeJS.ProcessEnv): string {
  const settings = Object.entries(env)
    .filter(([k, v]) => k.startsWith('BENCH_') && v !== undefined)
    .map(([k, v]) => `${k}=${v}`);
  return [...settings, 'npx -y pnpm@10 run', name, ...(args.length ? ['--', ...args] : [])].join(' ');
}

/**
 * A benchmark's report: `print` is console.log that also keeps the line; `write` puts the kept
 * lines in the script's section of RESULTS.md. Start it when the run starts, for the date and load.
 */
export function startReport(name: string) {
  const started = new Date();
  const loadAtStart = loadavg()[0]!;
  const figures: string[] = [];
  return {
    print(...parts: unknown[]): void {
      console.log(...parts);
      figures.push(...parts.map(String).join(' ').split('\n'));
    },
    write(file = RESULTS_FILE): void {
      const section = renderSection({
        name,
        started,
        ended: new Date(),
        load: [loadAtStart, loadavg()[0]!],
        cores: availableParallelism(),
        commit: commit(),
        command: commandLine(name, process.argv.slice(2), process.env),
        figures,
      });
      writeFileSync(file, replaceSection(readFileSync(file, 'utf8'), name, section));
      console.log(`\nwritten to ${path.relative(process.cwd(), file)}, section ${name}`);
    },
  };
}
