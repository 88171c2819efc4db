/**
 * The profile a token may set (auth/profile.ts): names trimmed, without controls, bounded; a
 * photo URL only when https and of bounded length. And the provisioner stores them so.
 */
import { CompanyNameBody, ownCompanyName } from '@catalog/contracts/team';
import { describe, expect, it } from 'vitest';
import { MAX_PHOTO_URL_LENGTH, MAX_PROFILE_NAME_LENGTH, safePhotoUrl, splitName } from './profile';
import { createProvisioner } from '../services/provisioning';
import { openTestDatabase } from '../testing/db-targets';

describe('splitName', () => {
  it('splits on whitespace, trims, and gives null for nothing', () => {
    expect(splitName('  Ada   King  Lovelace ')).toEqual({ firstName: 'Ada', lastName: 'King Lovelace' });
    expect(splitName('Ada')).toEqual({ firstName: 'Ada', lastName: null });
    expect(splitName('   ')).toEqual({ firstName: null, lastName: null });
    expect(splitName(null)).toEqual({ firstName: null, lastName: null });
  });

  it('removes control characters and lone surrogates', () => {
    expect(splitName('A\u0000da\u0007 Love\u001blace\u007f')).toEqual({ firstName: 'Ada', lastName: 'Lovelace' });
    expect(splitName('Ada\tLove\nlace')).toEqual({ firstName: 'Ada', lastName: 'Love lace' });
    expect(splitName('\u0000\u0001')).toEqual({ firstName: null, lastName: null });
    expect(splitName('Ad\ud800a Lo\udc00ve')).toEqual({ firstName: 'Ada', lastName: 'Love' });
    expect(splitName('Ada 😀')).toEqual({ firstName: 'Ada', lastName: '😀' });
  });

  it('removes bidirectional controls (U+202A-U+202E, U+2066-U+2069), so a name reads as it is (issue 31)', () => {
    expect(splitName('\u202EAda\u202C Love\u2066lace\u2069')).toEqual({ firstName: 'Ada', lastName: 'Lovelace' });
    expect(splitName('Ada \u202E\u202B')).toEqual({ firstName: 'Ada', lastName: null });
    expect(splitName('\u2067')).toEqual({ firstName: null, lastName: null });
  });

  it('bounds first and last name to 255 characters each, never cutting a character in half', () => {
    const { firstName, lastName } = splitName(`${'a'.repeat(1000)} ${'😀'.repeat(300)} ${'b'.repeat(10)}`);
    expect(firstName).toBe('a'.repeat(MAX_PROFILE_NAME_LENGTH));
    expect(Array.from(lastName!)).toHaveLength(MAX_PROFILE_NAME_LENGTH);
    expect(lastName).toBe('😀'.repeat(MAX_PROFILE_NAME_LENGTH));
  });
});

describe('safePhotoUrl', () => {
  it('keeps an https URL', () => {
    expect(safePhotoUrl('https://lh3.googleusercontent.com/a/photo=s96-c')).toBe('https://lh3.googleusercontent.com/a/photo=s96-c');
  });

  it.each([
    ['http', 'http://example.com/p.png'],
    ['javascript', 'javascript:alert(1)'],
    ['data', 'data:image/png;base64,AAAA'],
    ['relative', '/p.png'],
    ['not a URL', 'not a url'],
    ['credentials', 'https://user:pass@example.com/p.png'],
    ['a control character', 'https://example.com/p\u0000.png'],
    ['whitespace', 'https://example.com/p .png'],
    ['empty', ''],
    ['too long', `https://example.com/${'a'.repeat(MAX_PHOTO_URL_LENGTH)}`],
  ])('drops %s', (_label, url) => {
    expect(safePhotoUrl(url)).toBeNull();
  });

  it('keeps one of exactly the maximum length', () => {
    const url = `https://example.com/${'a'.repeat(MAX_PHOTO_URL_LENGTH - 'https://example.com/'.length)}`;
    expect(safePhotoUrl(url)).toBe(url);
    expect(safePhotoUrl(null)).toBeNull();
  });
});

describe('provisioning stores the cleaned profile', () => {
  it('trims and bounds the name and drops a non-https photo', async () => {
    const { db, close } = await openTestDatabase();
    try {
      const provision = createProvisioner(db);
      const base = { email: null, emailVerified: true, expiresAt: Math.floor(Date.now() / 1000) + 60 };
      const a = await provision({ ...base, uid: 'u-a', email: 'a@example.com', name: ` \u0000Grace${'e'.repeat(400)}  Hopper\u0007 `, picture: 'http://example.com/p.png' });
      expect(a.firstName).toBe(`Grace${'e'.repeat(400)}`.slice(0, MAX_PROFILE_NAME_LENGTH));
      expect(a.lastName).toBe('Hopper');
      expect(a.profileImageUrl).toBeNull();
      expect((await db.companies.get(a.companyId))!.name.length).toBeLessThanOrEqual(100);
      const b = await provision({ ...base, uid: 'u-b', email: 'b@example.com', name: 'Bo', picture: 'https://example.com/b.png' });
      expect(b).toMatchObject({ firstName: 'Bo', lastName: null, profileImageUrl: 'https://example.com/b.png' });
      // The company is named after the first name, else the address: neither keeps a bidirectional control.
      const c = await provision({ ...base, uid: 'u-c', email: 'c@example.com', name: 'Eve\u202Eliam Doe\u2066', picture: null });
      expect(c).toMatchObject({ firstName: 'Eveliam', lastName: 'Doe' });
      expect((await db.companies.get(c.companyId))!.name).toBe("Eveliam's Company");
      const d = await provision({ ...base, uid: 'u-d', email: 'mal\u202Elory@example.com', name: null, picture: null });
      expect((await db.companies.get(d.companyId))!.name).toBe("mallory's Company");
      // Named by contracts ownCompanyName, as a removed member's new company is: within the limit
      // in UTF-16 units (as CompanyNameBody counts), so its owner can save it again as it is.
      const e = await provision({ ...base, uid: 'u-e', email: 'e@example.com', name: '\u{1F600}'.repeat(95), picture: null });
      const named = (await db.companies.get(e.companyId))!.name;
      expect(named).toBe(ownCompanyName(e.firstName, 'e@example.com'));
      expect(CompanyNameBody.parse({ name: named }).name).toBe(named);
    } finally {
      await close();
    }
  });
});
