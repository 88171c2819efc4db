// The decision records' check (decision 051): every record in docs/decisions/ is in the index
// (docs/decisions/README.md) with a status and a date, every number up to the last is a record or
// an index row saying why it is not, and an accepted record's text still has the hash recorded
// for it in docs/decisions/hashes.txt (sha256sum's format: `cd docs/decisions && sha256sum -c
// hashes.txt` checks it too). `node scripts/decision-records.mjs 051-name.md` prints the line to
// add for a new record.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const DECISIONS_DIR = fileURLToPath(new URL('../docs/decisions/', import.meta.url));

const RECORD_FILE = /^(\d{3})-[a-z0-9-]+\.md$/;
/** An index row: `| 001 | [title](001-name.md) | accepted | 2026-11-21 |`, or a number's gap row. */
const INDEX_ROW = /^\|\s*(\d{3})\s*\|(.*)\|(.*)\|(.*)\|\s*$/;
const LINK = /^\s*\[[^\]]+\]\(([^)]+)\)\s*$/;
/** accepted; accepted, in part superseded by 021; superseded by 051. */
const STATUS = /^(accepted|superseded by \d{3})\b/;
/** A number no record has: the row's status says why, starting with these words. */
const UNUSED = /^number not used\b/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A record's hash: sha256 of its bytes (CRLF read as LF, so a Windows checkout agrees). */
export function recordHash(text) {
  return createHash('sha256').update(text.replace(/\r\n/g, '\n')).digest('hex');
}

function parseIndex(text) {
  const rows = [];
  for (const line of text.split(/\r?\n/)) {
    const m = INDEX_ROW.exec(line);
    if (!m) continue;
    const link = LINK.exec(m[2]);
    rows.push({ number: m[1], file: link ? link[1] : null, status: m[3].trim(), date: m[4].trim() });
  }
  return rows;
}

function parseHashes(text) {
  const hashes = new Map();
  for (const line of text.split(/\r?\n/)) {
    const m = /^([0-9a-f]{64}) [ *](\S+)$/.exec(line.trim());
    if (m) hashes.set(m[2], m[1]);
  }
  return hashes;
}

/** What is wrong with the records in `dir`, one sentence each; none when all is well. */
export function checkDecisionRecords(dir = DECISIONS_DIR) {
  const problems = [];
  const files = readdirSync(dir).filter((f) => RECORD_FILE.test(f)).sort();
  const rows = parseIndex(readFileSync(path.join(dir, 'README.md'), 'utf8'));
  const hashes = parseHashes(readFileSync(path.join(dir, 'hashes.txt'), 'utf8'));
  const rowByNumber = new Map();
  for (const row of rows) {
    if (rowByNumber.has(row.number)) problems.push(`the index lists ${row.number} twice`);
    rowByNumber.set(row.number, row);
  }
  const numbers = new Set();
  for (const file of files) {
    const number = file.slice(0, 3);
    if (numbers.has(number)) problems.push(`two records are numbered ${number}`);
    numbers.add(number);
    const row = rowByNumber.get(number);
    if (!row) {
      problems.push(`${file} is not in the index (docs/decisions/README.md)`);
      continue;
    }
    if (row.file !== file) problems.push(`the index's row ${number} links ${row.file ?? 'no file'}, not ${file}`);
    if (!STATUS.test(row.status)) problems.push(`${file}: status "${row.status}" is not "accepted" or "superseded by NNN"`);
    if (!DATE.test(row.date)) problems.push(`${file}: date "${row.date}" is not YYYY-MM-DD`);
    for (const [, cited] of row.status.matchAll(/(\d{3})/g)) {
      if (!files.some((f) => f.startsWith(`${cited}-`))) problems.push(`${file}: its status names ${cited}, which is no record`);
    }
    const text = readFileSync(path.join(dir, file), 'utf8');
    const recorded = hashes.get(file);
    if (!recorded) {
      problems.push(`${file} has no hash in hashes.txt; add: ${recordHash(text)}  ${file}`);
    } else if (row.status.startsWith('accepted') && recorded !== recordHash(text)) {
      problems.push(`${file} changed after it was accepted: a record is changed only by a new record that supersedes it`);
    }
  }
  for (const row of rows) {
    if (!numbers.has(row.number) && !UNUSED.test(row.status)) {
      problems.push(`the index's row ${row.number} names no record and does not say "number not used"`);
    }
  }
  for (const file of hashes.keys()) {
    if (!files.includes(file)) problems.push(`hashes.txt names ${file}, which is not in docs/decisions/`);
  }
  const last = Math.max(0, ...[...numbers].map(Number));
  for (let n = 1; n <= last; n += 1) {
    const number = String(n).padStart(3, '0');
    if (!numbers.has(number) && !rowByNumber.has(number)) {
      problems.push(`number ${number} has no record and no index row saying why`);
    }
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const names = process.argv.slice(2);
  for (const name of names) {
    console.log(`${recordHash(readFileSync(path.join(DECISIONS_DIR, name), 'utf8'))}  ${name}`);
  }
  if (names.length === 0) {
    const problems = checkDecisionRecords();
    for (const problem of problems) console.error(problem);
    process.exit(problems.length === 0 ? 0 : 1);
  }
}
