import argon2 from 'argon2';

// OWASP / ASVS minimum for argon2id.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/** Verifies against `hash`, or against a dummy when there is no account, so timing does not reveal which e-mails exist. */
export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  try {
    return await argon2.verify(hash ?? (await dummyHash), password);
  } catch {
    return false;
  }
}

// A short list of the most common passwords (from public breach corpora); longer lists add little at 8+ characters.
const COMMON = new Set(
  `password password1 password123 passw0rd 12345678 123456789 1234567890 12345678910 qwerty123 qwertyuiop 1q2w3e4r
  1q2w3e4r5t 11111111 00000000 88888888 87654321 iloveyou princess sunshine football baseball welcome welcome1
  abc12345 abcd1234 aa123456 trustno1 superman starwars letmein1 dragon12 monkey12 michael1 charlie1 shadow12
  computer master12 whatever zaq12wsx asdfghjk asdfasdf qwer1234 qazwsxedc 123123123 987654321 admin123 administrator
  changeme secret123 p@ssw0rd p@ssword passwort passwort1 hallo123 schatz123 ichliebedich 123qweasd restaurant
  password!  test1234 testtest hello123 login123 football1 jennifer1 freedom1 mustang1`
    .split(/\s+/)
    .filter(Boolean),
);

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}
