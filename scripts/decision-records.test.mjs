// The decision records (decision 051): the repository's own records pass the check, and the check
// fails on each breach, shown on small record folders written to a temporary directory.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkDecisionRecords, recordHash } from './decision-records.mjs';

const dirs = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const FIRST = '# 001: First\n\n## Decision\nOne way.\n';
const SECOND = '# 002: Second\n\n## Decision\nAnother way.\n';

/** Writes the records, an index of `rows` and the hashes of `hashed` (their text as given). */
function folder({ records, rows, hashed = records }) {
  const dir = mkdtempSync(path.join(tmpdir(), 'decisions-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(records)) writeFileSync(path.join(dir, name), text);
  const table = ['| No. | Record | Status | Date |', '|---|---|---|---|', ...rows].join('\n');
  writeFileSync(path.join(dir, 'README.md'), `# Decision records\n\n${table}\n`);
  const hashes = Object.entries(hashed).map(([name, text]) => `${recordHash(text)}  ${name}`);
  writeFileSync(path.join(dir, 'hashes.txt'), `${hashes.join('\n')}\n`);
  return dir;
}

const ROW_1 = '| 001 | [First](001-first.md) | accepted | 2026-11-21 |';
const ROW_2 = '| 002 | [Second](002-second.md) | accepted | 2026-11-22 |';

describe('decision records', () => {
  it('every record in docs/decisions is indexed, numbered without an unexplained gap, and unchanged since accepted', () => {
    expect(checkDecisionRecords()).toEqual([]);
  });

  it('passes a folder whose records match their index and hashes', () => {
    expect(checkDecisionRecords(folder({ records: { '001-first.md': FIRST, '002-second.md': SECOND }, rows: [ROW_1, ROW_2] }))).toEqual([]);
  });

  it('fails when an accepted record was edited in place', () => {
    const d = folder({ records: { '001-first.md': `${FIRST}Edited.\n` }, rows: [ROW_1], hashed: { '001-first.md': FIRST } });
    expect(checkDecisionRecords(d)).toEqual(['001-first.md changed after it was accepted: a record is changed only by a new record that supersedes it']);
  });

  it('reads a CRLF checkout of a record as the same text', () => {
    const d = folder({ records: { '001-first.md': FIRST.replace(/\n/g, '\r\n') }, rows: [ROW_1], hashed: { '001-first.md': FIRST } });
    expect(checkDecisionRecords(d)).toEqual([]);
  });

  it('lets a wholly superseded record change, and checks the record it names exists', () => {
    const d = folder({
      records: { '001-first.md': `${FIRST}Superseded.\n`, '002-second.md': SECOND },
      rows: ['| 001 | [First](001-first.md) | superseded by 002 | 2026-11-21 |', ROW_2],
      hashed: { '001-first.md': FIRST, '002-second.md': SECOND },
    });
    expect(checkDecisionRecords(d)).toEqual([]);
    const wrong = folder({ records: { '001-first.md': FIRST }, rows: ['| 001 | [First](001-first.md) | superseded by 009 | 2026-11-21 |'] });
    expect(checkDecisionRecords(wrong)).toEqual(['001-first.md: its status names 009, which is no record']);
  });

  it('fails when a record is missing from the index or from the hash list', () => {
    const d = folder({ records: { '001-first.md': FIRST, '002-second.md': SECOND }, rows: [ROW_1], hashed: { '001-first.md': FIRST } });
    expect(checkDecisionRecords(d)).toEqual(['002-second.md is not in the index (docs/decisions/README.md)']);
    const unhashed = folder({ records: { '001-first.md': FIRST, '002-second.md': SECOND }, rows: [ROW_1, ROW_2], hashed: { '001-first.md': FIRST } });
    expect(checkDecisionRecords(unhashed)).toEqual([`002-second.md has no hash in hashes.txt; add: ${recordHash(SECOND)}  002-second.md`]);
  });

  it('fails on a row without a status or a date', () => {
    const d = folder({ records: { '001-first.md': FIRST }, rows: ['| 001 | [First](001-first.md) | proposed |  |'] });
    expect(checkDecisionRecords(d)).toEqual([
      '001-first.md: status "proposed" is not "accepted" or "superseded by NNN"',
      '001-first.md: date "" is not YYYY-MM-DD',
    ]);
  });

  it('fails on a gap in the numbering unless the index says why the number is not used', () => {
    const records = { '001-first.md': FIRST, '003-third.md': SECOND };
    const row3 = '| 003 | [Third](003-third.md) | accepted | 2026-11-23 |';
    expect(checkDecisionRecords(folder({ records, rows: [ROW_1, row3] }))).toEqual(['number 002 has no record and no index row saying why']);
    const explained = folder({ records, rows: [ROW_1, '| 002 | (no record) | number not used: taken, never written | |', row3] });
    expect(checkDecisionRecords(explained)).toEqual([]);
  });
});
