// The promise lint (decision 055): the repository's .oxlintrc.json, run with types as `npm test`
// runs it, reports each of its three rules on a small TypeScript project written to a temporary
// directory, and nothing on the same code written correctly. It fails if the config or the
// type-aware mode stops catching a promise nobody awaits.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const oxlint = path.join(root, 'node_modules/.bin/oxlint');
const dirs = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Lints `source` as index.ts of a strict TypeScript project; the rules reported, sorted. */
function lint(source) {
  const dir = mkdtempSync(path.join(tmpdir(), 'promise-lint-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', lib: ['ES2023', 'DOM'] }, include: ['*.ts'] }));
  writeFileSync(path.join(dir, 'index.ts'), source);
  const res = spawnSync(oxlint, ['-c', path.join(root, '.oxlintrc.json'), '--type-aware', '--deny-warnings', '-f', 'unix', '.'], { cwd: dir, encoding: 'utf8' });
  const rules = [...res.stdout.matchAll(/typescript\(([a-z-]+)\)/g)].map((m) => m[1]).sort();
  return { status: res.status, rules, output: res.stdout + res.stderr };
}

const save = 'export async function save(): Promise<number> { return 1; }\n';

describe('the promise lint', () => {
  it('reports a floating promise, a promise where a void callback is expected, and awaiting a non-promise', () => {
    const found = lint(`${save}
export function click(): void {
  save();
  [1, 2].forEach(async () => { await save(); });
}
export async function twice(): Promise<number> {
  return await 2;
}
`);
    expect(found.rules, found.output).toEqual(['await-thenable', 'no-floating-promises', 'no-misused-promises']);
    expect(found.status).not.toBe(0);
  }, 60_000);

  it('accepts the same code written with care', () => {
    const found = lint(`${save}
export async function click(): Promise<void> {
  await save();
  [1, 2].forEach(() => void save().catch(() => {}));
}
export async function twice(): Promise<number> {
  return (await save()) * 2;
}
`);
    expect(found.rules, found.output).toEqual([]);
    expect(found.status, found.output).toBe(0);
  }, 60_000);
});
