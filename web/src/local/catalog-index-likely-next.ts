/**
 * The read-ahead guess of the in-memory index (catalog-index.ts): which products the next
 * keystroke will most likely show.
 */
import { searchWords, type Entry } from './catalog-index-entry';

/**
 * Occurrences of the search's last word likelyNext looks at, at most: about 2 ms on a phone.
 * With no search every character of every name is one, and 1,000 products' names were a
 * 30 ms task on a 4x-throttled CPU, right after the screen's first answer.
 */
export const LIKELY_NEXT_BUDGET = 8_000;

/**
 * The ids the next keystroke will most likely show, for reading their rows ahead, most likely
 * first: the first `perPage` of `matches` (the current query's, in order), then, for each
 * character that can follow `search`'s last word in a match (any character of a match's name or
 * SKU when there is no search yet, or it ends with a space), the first `perPage` matches of the
 * search so extended. Characters that continue the last word where it starts a word come first
 * (people type a word from its start: after 'n' the names' words starting 'no' and 'ni', not the
 * 'nd' of 'wind'), each group in the order of how many matches they continue. Looks at the first
 * `scanLimit` matches, and at `budget` occurrences of the last word in all (a short task even
 * with no search, where every character of every name is one: the common characters' first
 * pages fill within the first few hundred matches); gives at most `limit` ids.
 */
export function likelyNextIds(
  matches: readonly Entry[], search: string | undefined, perPage: number, limit: number, scanLimit: number, budget: number,
): number[] {
  // After a space the next key starts a new word: any character may come.
  const last = /\S$/.test(search ?? '') ? searchWords(search).at(-1)! : '';
  const firsts = new Map<string, number[]>();
  const continued = new Map<string, number>();
  /** Matches in which a character continues the last word at a word's start. */
  const started = new Map<string, number>();
  const scanned = Math.min(matches.length, scanLimit);
  const seen = new Set<string>();
  const seenAtStart = new Set<string>();
  let visited = 0;
  for (let i = 0; i < scanned && visited < budget; i++) {
    const e = matches[i]!;
    seen.clear();
    seenAtStart.clear();
    // Every distinct character after an occurrence of the last word (after any: every one).
    for (let at = e.text.indexOf(last); at >= 0 && at + last.length < e.text.length; at = e.text.indexOf(last, at + 1)) {
      visited++;
      const next = e.text[at + last.length]!;
      if (next === '\n') continue;
      if (!seenAtStart.has(next) && startsWord(e.text, at)) {
        seenAtStart.add(next);
        started.set(next, (started.get(next) ?? 0) + 1);
      }
      if (seen.has(next)) continue;
      seen.add(next);
      continued.set(next, (continued.get(next) ?? 0) + 1);
      const ids = firsts.get(next);
      if (!ids) firsts.set(next, [e.id]);
      else if (ids.length < perPage) ids.push(e.id);
    }
  }
  const out = new Set<number>();
  for (let i = 0; i < Math.min(perPage, matches.length); i++) out.add(matches[i]!.id);
  const likeliest = [...continued].sort((a, b) => (started.get(b[0]) ?? 0) - (started.get(a[0]) ?? 0) || b[1] - a[1]);
  for (const [next] of likeliest) {
    for (const id of firsts.get(next)!) {
      if (out.size >= limit) return [...out];
      out.add(id);
    }
  }
  return [...out].slice(0, limit);
}

/** Whether position `at` of `text` starts a word (the text's start, or after a character that is no letter or digit). */
function startsWord(text: string, at: number): boolean {
  if (at === 0) return true;
  const c = text.charCodeAt(at - 1);
  return !((c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c > 127);
}
