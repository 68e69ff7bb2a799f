import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSecretBox, lazySecretBox, loadSecretKey, parseSecretKey, SecretDecryptionError } from './secrets.ts';

describe('secrets (AES-256-GCM)', () => {
  const box = createSecretBox(randomBytes(32));

  it('round-trips text, including non-ASCII and empty strings', () => {
    for (const plain of ['hunter2', 'pässwört with spaces ', '', 'x'.repeat(500)]) expect(box.decrypt(box.encrypt(plain))).toBe(plain);
  });

  it('stores a versioned value that does not contain the plain text', () => {
    const sealed = box.encrypt('my-smtp-password');
    expect(sealed).toMatch(/^v1:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('my-smtp-password');
  });

  it('two encryptions of the same text differ (random IV)', () => {
    expect(box.encrypt('same')).not.toBe(box.encrypt('same'));
  });

  it('detects tampering with the ciphertext, the tag or the IV', () => {
    const sealed = box.encrypt('secret value');
    const parts = sealed.split(':');
    for (const index of [1, 2, 3]) {
      const changed = [...parts];
      const bytes = Buffer.from(changed[index]!, 'base64url');
      bytes[0] = bytes[0]! ^ 1;
      changed[index] = bytes.toString('base64url');
      expect(() => box.decrypt(changed.join(':'))).toThrow(SecretDecryptionError);
    }
    expect(() => box.decrypt('v2:' + parts.slice(1).join(':'))).toThrow(SecretDecryptionError);
    expect(() => box.decrypt('plain text')).toThrow(SecretDecryptionError);
  });

  it('fails with another key', () => {
    const sealed = box.encrypt('secret value');
    expect(() => createSecretBox(randomBytes(32)).decrypt(sealed)).toThrow(SecretDecryptionError);
  });

  it('parses keys as 64 hex digits or base64 of 32 bytes, and nothing else', () => {
    const key = randomBytes(32);
    expect(parseSecretKey(key.toString('hex'))).toEqual(key);
    expect(parseSecretKey(key.toString('base64'))).toEqual(key);
    expect(parseSecretKey(key.toString('base64url'))).toEqual(key);
    expect(parseSecretKey('too-short')).toBeNull();
    expect(parseSecretKey(randomBytes(16).toString('hex'))).toBeNull();
  });

  it('without SECRET_KEY creates DATA_DIR/secret.key (mode 0600) once and reuses it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tavolo-secret-'));
    try {
      const sealed = lazySecretBox({ dataDir: dir }).encrypt('kept across restarts');
      const file = path.join(dir, 'secret.key');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(lazySecretBox({ dataDir: dir }).decrypt(sealed)).toBe('kept across restarts');
      expect(loadSecretKey({ dataDir: dir })).toEqual(Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex'));
      expect(fs.readdirSync(dir)).toEqual(['secret.key']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('SECRET_KEY wins over the key file', () => {
    const key = randomBytes(32);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tavolo-secret-'));
    try {
      const sealed = lazySecretBox({ secretKey: key.toString('hex'), dataDir: dir }).encrypt('x');
      expect(createSecretBox(key).decrypt(sealed)).toBe('x');
      expect(fs.existsSync(path.join(dir, 'secret.key'))).toBe(false);
      expect(() => loadSecretKey({ secretKey: 'nope', dataDir: dir })).toThrow(/SECRET_KEY/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
