import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Encryption of secrets at rest (SMTP passwords): AES-256-GCM, a fresh random IV per value, stored as
 * `v1:<iv>:<tag>:<ciphertext>` (base64url). The version prefix leaves room for a later key rotation.
 */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** 64 hex digits or base64 / base64url of exactly 32 bytes; null when the text is neither. */
export function parseSecretKey(text: string): Buffer | null {
  const value = text.trim();
  if (/^[0-9a-f]{64}$/i.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) {
    const key = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (key.length === 32) return key;
  }
  return null;
}

export class SecretDecryptionError extends Error {
  constructor(reason: string) {
    super(`cannot decrypt secret: ${reason}`);
    this.name = 'SecretDecryptionError';
  }
}

export interface SecretBox {
  encrypt(plain: string): string;
  /** Throws SecretDecryptionError when the value was changed or sealed with another key. */
  decrypt(sealed: string): string;
  /** A stable, unguessable token for `text` (HMAC-SHA256, 43 URL-safe characters): links that later mails can repeat. */
  sign(text: string): string;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the secret key must be 32 bytes');
  // Its own key for signing, derived from the sealing key, so the two uses never share one.
  const signingKey = createHmac('sha256', key).update('tavolo-sign-v1').digest();
  return {
    sign: (text) => createHmac('sha256', signingKey).update(text).digest('base64url'),
    encrypt(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join(':');
    },
    decrypt(sealed) {
      const parts = sealed.split(':');
      if (parts.length !== 4 || parts[0] !== VERSION) throw new SecretDecryptionError('unknown format');
      const [, iv, tag, data] = parts.map((p) => Buffer.from(p, 'base64url')) as [Buffer, Buffer, Buffer, Buffer];
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SecretDecryptionError('unknown format');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretDecryptionError('changed, or sealed with another key');
      }
    },
  };
}

/**
 * The key from SECRET_KEY, or else from DATA_DIR/secret.key, created (mode 0600) on first use so the
 * embedded demo needs no setup. Several processes sharing one PostgreSQL database must all set SECRET_KEY.
 */
export function loadSecretKey(options: { secretKey?: string; dataDir: string }): Buffer {
  if (options.secretKey) {
    const key = parseSecretKey(options.secretKey);
    if (!key) throw new Error('SECRET_KEY must be 32 bytes as 64 hex digits or base64');
    return key;
  }
  const file = path.join(options.dataDir, 'secret.key');
  fs.mkdirSync(options.dataDir, { recursive: true });
  if (!fs.existsSync(file)) {
    // Written aside, then linked into place: link fails if the file exists, so when two processes start at
    // once exactly one key wins, and nobody ever reads a half-written file.
    const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(temp, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
    try {
      fs.linkSync(temp, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(temp, { force: true });
    }
  }
  const key = parseSecretKey(fs.readFileSync(file, 'utf8'));
  if (!key) throw new Error(`${file} does not hold a 32-byte key (64 hex digits); remove it or set SECRET_KEY`);
  return key;
}

/** A SecretBox that reads or creates its key on first use, so a server that never seals anything never touches the disk. */
export function lazySecretBox(options: { secretKey?: string; dataDir: string }): SecretBox {
  let box: SecretBox | undefined;
  const get = () => (box ??= createSecretBox(loadSecretKey(options)));
  return {
    encrypt: (plain) => get().encrypt(plain),
    decrypt: (sealed) => get().decrypt(sealed),
    sign: (text) => get().sign(text),
  };
}
