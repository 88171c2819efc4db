// local/no-import-cycle on small module graphs written to a temporary folder: which imports it
// reports (type-only ones included), the route it names, and what it leaves alone.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterEach, describe, expect, it } from 'vitest';
import noImportCycle from './no-import-cycle.mjs';

let dir;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Writes the files, lints `entry` with the rule alone: its messages as "line: message". */
function lint(files, entry) {
  dir = mkdtempSync(path.join(tmpdir(), 'no-import-cycle-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  const filename = path.join(dir, entry);
  const messages = new Linter({ cwd: dir }).verify(
    files[entry],
    [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, plugins: { local: { rules: { 'no-import-cycle': noImportCycle } } }, rules: { 'local/no-import-cycle': 'error' } }],
    { filename },
  );
  return messages.map((m) => `${m.line}: ${m.message}`);
}

describe('local/no-import-cycle', () => {
  it('reports a cycle made of type-only imports, which import-x/no-cycle skips', () => {
    const files = {
      'a.ts': "import type { B } from './b';\nexport interface A { b: B }\n",
      'b.ts': "import { type A } from './a';\nexport interface B { a?: A }\n",
    };
    expect(lint(files, 'a.ts')).toEqual(['1: Import cycle (type-only imports count): a.ts -> b.ts -> a.ts. Move what both need into a leaf module.']);
    expect(lint(files, 'b.ts')).toEqual(['1: Import cycle (type-only imports count): b.ts -> a.ts -> b.ts. Move what both need into a leaf module.']);
  });

  it('names every module of a longer cycle, through re-exports and .js specifiers', () => {
    const files = {
      'a.ts': "import { b } from './b.js';\nexport const a = () => b;\n",
      'b.ts': "export type * from './c';\nexport const b = 1;\n",
      'c.ts': "import { a } from './a';\nexport type C = ReturnType<typeof a>;\n",
    };
    expect(lint(files, 'a.ts')).toEqual(['1: Import cycle (type-only imports count): a.ts -> b.ts -> c.ts -> a.ts. Move what both need into a leaf module.']);
  });

  it('counts a dynamic import', () => {
    const files = {
      'a.ts': "export const load = () => import('./b');\n",
      'b.ts': "import { load } from './a';\nexport const again = load;\n",
    };
    expect(lint(files, 'a.ts')).toEqual(['1: Import cycle (type-only imports count): a.ts -> b.ts -> a.ts. Move what both need into a leaf module.']);
  });

  it('leaves a graph without cycles alone, a leaf module shared by two included', () => {
    const files = {
      'types.ts': 'export interface Shared { id: string }\n',
      'a.ts': "import type { Shared } from './types';\nimport { b } from './b';\nexport const a = (s: Shared) => b(s);\n",
      'b.ts': "import type { Shared } from './types';\nexport const b = (s: Shared) => s.id;\n",
      'c.ts': "import { a } from './a';\nimport './styles.css';\nimport { z } from 'zod';\nexport const c = [a, z];\n",
    };
    for (const entry of ['a.ts', 'b.ts', 'c.ts', 'types.ts']) expect(lint(files, entry)).toEqual([]);
  });
});
