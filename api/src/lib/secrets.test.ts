import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSecretBox, generateAppSecret, readOrCreateSecretFile, SecretDecryptError } from './secrets';

const box = createSecretBox(generateAppSecret());

describe('secret box (AES-256-GCM)', () => {
  it('round-trips, with a fresh IV each time, in the v1:<iv>:<tag>:<ciphertext> format', () => {
    const a = box.encrypt('tok_live_abc', 'company-1');
    const b = box.encrypt('tok_live_abc', 'company-1');
    expect(a).toMatch(/^v1:[\w-]{16}:[\w-]{22}:[\w-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('tok_live_abc');
    expect(box.decrypt(a, 'company-1')).toBe('tok_live_abc');
    expect(box.decrypt(box.encrypt('', 'x'), 'x')).toBe('');
  });

  it('refuses a value moved to another context, tampered with, or written under another secret', () => {
    const stored = box.encrypt('tok_live_abc', 'company-1');
    expect(() => box.decrypt(stored, 'company-2')).toThrow(SecretDecryptError);
    const [v, iv, tag, data] = stored.split(':');
    const flipped = Buffer.from(data!, 'base64url');
    flipped[0]! ^= 1;
    expect(() => box.decrypt([v, iv, tag, flipped.toString('base64url')].join(':'), 'company-1')).toThrow(SecretDecryptError);
    expect(() => createSecretBox(generateAppSecret()).decrypt(stored, 'company-1')).toThrow(SecretDecryptError);
    expect(() => box.decrypt('tok_live_abc')).toThrow(SecretDecryptError);
    expect(() => box.decrypt('v1:a:b:c')).toThrow(SecretDecryptError);
  });

  it('needs a secret of at least 32 characters', () => {
    expect(() => createSecretBox('short')).toThrow(/at least 32/);
  });
});

describe('generated secret file', () => {
  it('is created once with mode 0600 and reused', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'secret-')), 'app-secret');
    const first = readOrCreateSecretFile(file);
    expect(first.created).toBe(true);
    expect(first.secret.length).toBeGreaterThanOrEqual(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readOrCreateSecretFile(file)).toEqual({ secret: first.secret, created: false });
    expect(readFileSync(file, 'utf8').trim()).toBe(first.secret);
  });
});
