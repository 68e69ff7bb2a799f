import { describe, expect, it } from 'vitest';
import { slugify } from './slugify.ts';

describe('slugify', () => {
  it('suggests a sub-domain from names in Latin, Cyrillic and Greek letters', () => {
    expect(slugify('Café Müller & Söhne')).toBe('cafe-mueller-soehne');
    expect(slugify('  Trattoria  da Mario!! ')).toBe('trattoria-da-mario');
    expect(slugify("Osteria Luca's")).toBe('osteria-lucas');
    expect(slugify('Joe’s Diner')).toBe('joes-diner');
    expect(slugify('Ресторан Пушкин')).toBe('restoran-pushkin');
    expect(slugify('Борщ и Щи')).toBe('borshch-i-shchi');
    expect(slugify('Ταβέρνα Θάλασσα')).toBe('taverna-thalassa');
    expect(slugify('寿司')).toBe('');
    expect(slugify('x'.repeat(60))).toHaveLength(40);
  });
});
