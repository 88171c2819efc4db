/** The rules of common.ts, stated as the tests' names: bounded text, query numbers, path params. */
import { describe, expect, it } from 'vitest';
import { boundedText, emailAddress, hasForbiddenCharacter, IntIdParam, queryFlag, queryInt, singleLineText, TokenParam, UuidParam, withoutBidiControls } from './common';

describe('hasForbiddenCharacter', () => {
  it('finds NUL, other C0 controls, DEL and C1 controls', () => {
    for (const c of ['\u0000', '\u0001', '\u001b', '\u007f', '\u0085', '\u009f']) expect(hasForbiddenCharacter(`a${c}b`)).toBe(true);
  });

  it('finds unpaired surrogates but takes pairs (emoji) and other text', () => {
    expect(hasForbiddenCharacter('a\uD800b')).toBe(true);
    expect(hasForbiddenCharacter('a\uDC00')).toBe(true);
    expect(hasForbiddenCharacter('\uDC00\uD800')).toBe(true);
    expect(hasForbiddenCharacter('Café 😀 ☕ — Ünïcødé 中文')).toBe(false);
  });

  it('refuses tabs and line breaks (U+2028/2029 too) in single-line text only', () => {
    for (const c of ['\t', '\n', '\r', '\u2028', '\u2029']) {
      expect(hasForbiddenCharacter(`a${c}b`)).toBe(true);
      expect(hasForbiddenCharacter(`a${c}b`, { multiline: true })).toBe(false);
    }
  });
});

describe('boundedText', () => {
  it('refuses a value over its maximum and stops there: nothing after the length check runs', () => {
    let ran = 0;
    const schema = boundedText(5, { label: 'The title' }).refine(() => ++ran > 0);
    const result = schema.safeParse('x'.repeat(1_000_000));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['The title has at most 5 characters']);
    expect(ran).toBe(0);
  });

  it('names the field in the message for a control character', () => {
    const result = singleLineText(50, { label: 'The title' }).safeParse('a\u0000b');
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'The title contains a character that is not allowed (a control character or an unpaired surrogate)',
    ]);
  });

  it('with trim, trims a pasted line break at either end but refuses one inside', () => {
    const credential = singleLineText(50, { trim: true });
    expect(credential.parse(' demo-client\n')).toBe('demo-client');
    expect(credential.safeParse('demo\nclient').success).toBe(false);
    expect(credential.safeParse('demo-client\u0000').success).toBe(false);
  });

  it('removes bidirectional controls (U+202A-U+202E, U+2066-U+2069) before trimming, and keeps marks and right-to-left text', () => {
    const controls = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];
    for (const c of controls) {
      expect(singleLineText(50).parse(`Acme${c}gnp.exe`)).toBe('Acmegnp.exe');
      expect(withoutBidiControls(`a${c}b${c}`)).toBe('ab');
    }
    expect(singleLineText(50, { trim: true }).parse(' \u202E Acme \u2069')).toBe('Acme');
    expect(singleLineText(50, { trim: true }).min(1).safeParse('\u202E\u2066').success).toBe(false);
    expect(singleLineText(50).parse('שלום\u200F עולם \u200Eabc')).toBe('שלום\u200F עולם \u200Eabc');
  });

  it('keeps a form message for a value that is not a string', () => {
    expect(boundedText(5, { error: 'Please enter a title' }).safeParse(42).error?.issues[0]?.message).toBe('Please enter a title');
  });
});

describe('queryInt', () => {
  const page = queryInt(1, 100, 'The page');

  it('reads digits and numbers within the range', () => {
    expect(page.parse('7')).toBe(7);
    expect(page.parse(100)).toBe(100);
  });

  it('refuses what Number would read but a person did not write: hex, exponents, signs, spaces, -0, fractions', () => {
    for (const value of ['0x10', '1e2', '-0', '+1', ' 7', '7 ', '1.5', '', '1e309', 'Infinity', '0', '101', -0, 1.5, Infinity, Number.NaN]) {
      expect(page.safeParse(value).success, String(value)).toBe(false);
    }
  });

  it('refuses a long string before reading it', () => {
    expect(page.safeParse('1'.repeat(1_000_000)).success).toBe(false);
  });

  it('reads flags as true or false only', () => {
    expect(queryFlag().parse('true')).toBe(true);
    expect(queryFlag().parse('0')).toBe(false);
    expect(queryFlag().safeParse('maybe').success).toBe(false);
    expect(queryFlag().safeParse('t\u0000rue').success).toBe(false);
  });
});

describe('path params', () => {
  it('IntIdParam takes digits only', () => {
    expect(IntIdParam.parse({ id: '12' })).toEqual({ id: 12 });
    for (const id of ['0x10', '1e3', '-0', '0', '12\u0000', '1'.repeat(17)]) expect(IntIdParam.safeParse({ id }).success, id).toBe(false);
  });

  it('UuidParam takes a UUID only', () => {
    expect(UuidParam.safeParse({ id: '3f1c8d2e-5b7a-4c9d-8e6f-1a2b3c4d5e6f' }).success).toBe(true);
    expect(UuidParam.safeParse({ id: '3f1c8d2e-5b7a-4c9d-8e6f-1a2b3c4d5e6f\u0000' }).success).toBe(false);
  });

  it('TokenParam refuses control characters and unpaired surrogates (they would reach a database query)', () => {
    expect(TokenParam.parse({ token: ' abc ' })).toEqual({ token: 'abc' });
    for (const token of ['ab\u0000c', 'ab\uD800', 'a'.repeat(201), '   ']) expect(TokenParam.safeParse({ token }).success).toBe(false);
  });
});

describe('emailAddress', () => {
  const email = emailAddress('Bad email');

  it('trims and lower-cases an address', () => {
    expect(email.parse('  Ada@Example.COM ')).toBe('ada@example.com');
  });

  it('refuses what cannot be an address, and one over 254 characters, with the one message', () => {
    for (const value of ['', 'ada', 'ada@', '@example.com', 'ada@example', 'a b@example.com', `${'a'.repeat(250)}@example.com`, 42]) {
      const result = email.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Bad email');
    }
  });
});
