import { describe, expect, it } from 'vitest';
import { initials } from './initials.ts';

describe('initials', () => {
  it('takes the first letter or digit of the first words, skipping punctuation and symbols', () => {
    expect(initials('Alex Baker')).toBe('AB');
    expect(initials('Café <script>alert(1)</script> Ünïcødé 🍕')).toBe('CS');
    expect(initials('  trattoria  ')).toBe('T');
    expect(initials('Ünal Öz', 1)).toBe('Ü');
    expect(initials('🍕 <>')).toBe('?');
    expect(initials('')).toBe('?');
  });
});
