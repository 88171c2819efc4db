/**
 * Step 4 of bench/local-catalog.ts, the keystrokes: picks the largest department in the category
 * picker, then types search terms made of the catalog's own words letter by letter into the real
 * search box, from inside the page (the value changes and an input event fires, as for a key
 * press). Each keystroke is timed from its input event to the DOM commit that shows its new
 * 'N products found'; keystrokes that leave the total unchanged cannot be seen to finish and are
 * typed but not timed. Prints p50/p95/max and the slowest; --profile prints a CPU profile.
 */
import type { BrowserContext, Page } from 'playwright-core';
import type { ProductInput } from '../api/src/db/repositories';
import { foundText } from './local-catalog-pull';
import { type CpuProfile, ms, printProfile, row } from './main-thread-profile';

/** The web app's search rule: every word occurs in the lower-cased name or SKU. */
function countMatches(inputs: ProductInput[], search: string, category: string | null): number {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  let n = 0;
  for (const p of inputs) {
    if (category && !(p.category === category || p.category?.startsWith(`${category} > `))) continue;
    const text = `${p.name.toLowerCase()}\n${(p.sku ?? '').toLowerCase()}`;
    if (words.every((w) => text.includes(w))) n++;
  }
  return n;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** Types `termCount` terms (and one of two words) with the largest department picked, and prints the keystrokes' times. */
export async function typeTerms(page: Page, context: BrowserContext, inputs: ProductInput[], termCount: number): Promise<void> {
  const departments = [...new Set(inputs.map((p) => p.category?.split(' > ')[0]).filter((c): c is string => !!c))].sort();
  const counts = departments.map((d) => ({ d, c: countMatches(inputs, '', d) })).sort((a, b) => b.c - a.c);
  const department = counts[0]!.d;
  await page.getByRole('button', { name: /^Category:/ }).click();
  const escaped = department.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await page.getByRole('dialog').getByRole('button', { name: new RegExp(`^${escaped}(\\s|\\d|$)`) }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('products-found').filter({ hasText: foundText(counts[0]!.c) }).waitFor();

  // Terms from the catalog's own words, typed letter by letter.
  const words = [...new Set(inputs.filter((p) => p.category?.startsWith(department)).flatMap((p) => p.name.split(/\s+/)))].filter((w) => w.length >= 4);
  const terms: string[] = [];
  for (let i = 0; terms.length < termCount && i < words.length; i += Math.max(1, Math.floor(words.length / termCount))) terms.push(words[i]!.toLowerCase());
  terms.push(`${terms[0]} ${terms[1]?.slice(0, 3)}`);
  // --profile: a CPU profile of the typing, its top functions by self time printed after.
  const cdp = process.argv.includes('--profile') ? await context.newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  // Each keystroke as the page sees one: the input's value changes and an input event fires
  // (React's onChange), timed in the page up to the DOM commit that shows the new total. Driven
  // from inside the page, so the browser automation adds nothing to the times.
  const steps = terms.map((term) => ({
    term,
    texts: Array.from({ length: term.length }, (_, i) => foundText(countMatches(inputs, term.slice(0, i + 1), department))),
  }));
  const baseline = foundText(counts[0]!.c);
  const typed = await page.evaluate(
    async ({ steps, baseline }) => {
      const input = document.querySelector<HTMLInputElement>('input[placeholder="Search products..."]')!;
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      const found = () => document.querySelector('[data-testid="products-found"]')?.textContent;
      const settle = () => new Promise((r) => setTimeout(r, 40));
      const until = (text: string) =>
        new Promise<number>((resolve, reject) => {
          if (found() === text) return resolve(performance.now());
          const observer = new MutationObserver(() => {
            if (found() !== text) return;
            observer.disconnect();
            resolve(performance.now());
          });
          observer.observe(document.body, { subtree: true, childList: true, characterData: true });
          setTimeout(() => (observer.disconnect(), reject(new Error(`'${text}' not shown; '${found()}' is`))), 5000);
        });
      const times: number[] = [];
      const typedTexts: string[] = [];
      let skipped = 0;
      for (const { term, texts } of steps) {
        setValue.call(input, '');
        input.dispatchEvent(new Event('input', { bubbles: true }));
        await until(baseline);
        await settle();
        let previous = baseline;
        for (let i = 1; i <= term.length; i++) {
          const text = texts[i - 1]!;
          const started = performance.now();
          setValue.call(input, term.slice(0, i));
          input.dispatchEvent(new Event('input', { bubbles: true }));
          if (text === previous) {
            skipped++;
          } else {
            times.push((await until(text)) - started);
            typedTexts.push(term.slice(0, i));
            previous = text;
          }
          await settle();
        }
      }
      return { times, skipped, typedTexts };
    },
    { steps, baseline },
  );
  const slowest = typed.times.map((t, i) => ({ t, text: typed.typedTexts[i]! })).sort((a, b) => b.t - a.t).slice(0, 5);
  const timings = [...typed.times];
  const measured = { keystrokes: typed.times.length, skipped: typed.skipped };
  timings.sort((a, b) => a - b);
  if (cdp) printProfile((await cdp.send('Profiler.stop')).profile as unknown as CpuProfile);
  console.log(`\nsearch keystroke + category filter ('${department}') + first page, input event -> DOM commit`);
  row('terms typed', terms.map((s) => `"${s}"`).join(', '));
  row('keystrokes timed / not timed', `${measured.keystrokes} / ${measured.skipped} (total unchanged)`);
  row('p50 / p95 / max', `${ms(percentile(timings, 50))} / ${ms(percentile(timings, 95))} / ${ms(timings.at(-1)!)} (target p95 <= 16 ms)`);
  row('slowest', slowest.map((s) => `'${s.text}' ${ms(s.t)}`).join(', '));
}
