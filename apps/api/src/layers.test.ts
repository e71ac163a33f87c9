import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';
import config from '../.dependency-cruiser.mjs';

// The API's layers point one way and nothing imports in a circle (decision 0083), checked by
// dependency-cruiser with the rules in apps/api/.dependency-cruiser.mjs (also `npx depcruise src`).

const apiDir = dirname(dirname(fileURLToPath(import.meta.url)));

async function violations(baseDir: string): Promise<string[]> {
  const { forbidden, options } = config;
  const { output } = await cruise(['src'], { ...options, baseDir, validate: true, ruleSet: { forbidden } });
  const result = output as ICruiseResult;
  return result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
}

describe("the API's layers", () => {
  it('no module imports a layer above its own, and none imports in a circle', async () => {
    expect(await violations(apiDir)).toEqual([]);
  });

  it('reports an upward import, a circle and a file in no layer', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'layers-'));
    try {
      const files: Record<string, string> = {
        'src/lib/a.ts': "import { b } from '../plugins/b.ts';\nexport const a = b;\n",
        'src/plugins/b.ts': 'export const b = 1;\n',
        'src/features/x/one.ts': "import { two } from './two.ts';\nexport const one = () => two();\n",
        'src/features/x/two.ts': "import { one } from './one.ts';\nexport const two = () => one();\n",
        'src/features/mail/m.ts': "import { v } from '../volunteers/v.ts';\nexport const m = v;\n",
        'src/features/volunteers/v.ts': 'export const v = 1;\n',
        'src/stray/s.ts': "import { a } from '../lib/a.ts';\nexport const s = a;\n",
      };
      for (const [path, text] of Object.entries(files)) {
        await mkdir(dirname(join(dir, path)), { recursive: true });
        await writeFile(join(dir, path), text);
      }
      expect((await violations(dir)).sort()).toEqual([
        'in-no-layer: src/stray/s.ts -> src/lib/a.ts',
        'lib-imports-upward: src/lib/a.ts -> src/plugins/b.ts',
        'mail-imports-volunteers: src/features/mail/m.ts -> src/features/volunteers/v.ts',
        'no-circular: src/features/x/one.ts -> src/features/x/two.ts',
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
