/** Up to `count` initials of a name for an avatar, from letters and digits only ("Café <b> Ünïcødé" -> "CB", not "C<"); "?" when there are none. */
export function initials(name: string, count = 2): string {
  const letters = name.split(/\s+/).flatMap((word) => /[\p{L}\p{N}]/u.exec(word)?.[0] ?? []);
  return letters.slice(0, count).join('').toLocaleUpperCase() || '?';
}
