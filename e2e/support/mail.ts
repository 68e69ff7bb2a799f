import fs from 'node:fs';
import path from 'node:path';
import { expect, inject } from 'vitest';
import { serverIndex } from './browser.ts';

/** The text of an .eml file as a reader sees it: quoted-printable soft breaks and escapes undone. */
function readable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** Waits for the server to have sent a mail to `to` that matches `pattern`, and returns the pattern's first group. */
export async function linkFromMail(to: string, pattern: RegExp, timeout = 15_000): Promise<string> {
  const dir = inject('mailDirs')[serverIndex()]!;
  let found: string | undefined;
  await expect
    .poll(
      () => {
        const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
        for (const file of files) {
          const text = readable(fs.readFileSync(path.join(dir, file), 'utf8'));
          if (!new RegExp(`^To: .*${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'mi').test(text)) continue;
          const match = pattern.exec(text);
          if (match) found = match[1];
        }
        return found;
      },
      { timeout },
    )
    .toBeTruthy();
  return found!;
}
