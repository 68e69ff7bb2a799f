import { describe, expect, it } from 'vitest';
import { absoluteHttpUrl, renderActionMail, safeColor, type ActionMail } from './mail-templates.ts';

const base: ActionMail = {
  lang: 'en',
  site: 'Trattoria',
  name: 'Ada',
  subjectKey: 'mail.reset_subject',
  paragraphs: [{ key: 'mail.reset_intro' }],
  action: { labelKey: 'mail.reset_action', url: 'http://trattoria.localhost/reset-password?token=abc' },
};

describe('renderActionMail looks', () => {
  it('sets a total apart: bold, under a line; other rows stay plain', () => {
    const { html, text } = renderActionMail({ ...base, rows: [{ label: '2 × Pizza', value: '24,00\u00a0€' }, { labelKey: 'orders.mail.total', value: '24,00\u00a0€', strong: true }] });
    const cells = [...html.matchAll(/<td style="([^"]*)">([^<]*)<\/td>/g)].map(([, style, content]) => ({ style, content }));
    expect(cells).toHaveLength(4);
    expect(cells.slice(0, 2).every((c) => !c.style!.includes('font-weight:700'))).toBe(true);
    expect(cells.slice(2).every((c) => c.style!.includes('font-weight:700') && c.style!.includes('border-top'))).toBe(true);
    expect(cells[2]!.content).toBe('Total');
    expect(text).toContain('Total: 24,00\u00a0€');
  });

  it("shows the restaurant's name, logo and colour in the header and button", () => {
    const { html, text } = renderActionMail({ ...base, brand: { logoUrl: 'https://cdn.example.com/logo.webp', color: '#1D4ED8' } });
    expect(html).toContain('<img src="https://cdn.example.com/logo.webp"');
    expect(html).toContain('>Trattoria</span>');
    expect(html).toContain('border-bottom:3px solid #1d4ed8');
    expect(html).toContain('background:#1d4ed8;color:#ffffff');
    // The plain-text part stays free of looks.
    expect(text).not.toContain('#1d4ed8');
    expect(text).toContain('http://trattoria.localhost/reset-password?token=abc');
  });

  it('puts dark text on a light button', () => {
    expect(renderActionMail({ ...base, brand: { color: '#fde047' } }).html).toContain('background:#fde047;color:#111827');
  });

  it('without looks: no logo, the platform orange', () => {
    const { html } = renderActionMail(base);
    expect(html).not.toContain('<img');
    expect(html).toContain('background:#e8590c');
  });

  it('escapes a hostile restaurant name and refuses anything but #rrggbb as a colour', () => {
    const hostile = '"><script>alert(1)</script><b onmouseover="x">';
    const { html, subject, text } = renderActionMail({
      ...base,
      site: hostile,
      name: '<img src=x onerror=alert(2)>',
      brand: { color: 'red;background:url(javascript:alert(3))"><script>', logoUrl: 'javascript:alert(4)' },
    });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b onmouseover');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('background:#e8590c');
    expect(html).not.toContain('<img');
    // Subject and text are not HTML; mail clients show them as they are.
    expect(subject).toContain(hostile);
    expect(text).toContain('<img src=x onerror=alert(2)>');
  });

  it('escapes quotes in a logo URL', () => {
    const { html } = renderActionMail({ ...base, brand: { logoUrl: 'https://cdn.example.com/a".webp?x=1&y=2' } });
    expect(html).toContain('src="https://cdn.example.com/a%22.webp?x=1&amp;y=2"');
  });
});

describe('safeColor', () => {
  it.each([
    ['#A1b2C3', '#a1b2c3'],
    ['#fff', '#e8590c'],
    ['red', '#e8590c'],
    ['#12345g', '#e8590c'],
    ['#123456;x:y', '#e8590c'],
    ['#123456\n', '#e8590c'],
    [null, '#e8590c'],
  ])('%j -> %s', (value, expected) => expect(safeColor(value)).toBe(expected));
});

describe('absoluteHttpUrl', () => {
  it('resolves an upload path against the restaurant origin and keeps absolute http(s) URLs', () => {
    expect(absoluteHttpUrl('/uploads/t/1/logo.webp', 'http://demo.localhost:3000')).toBe('http://demo.localhost:3000/uploads/t/1/logo.webp');
    expect(absoluteHttpUrl('https://cdn.example.com/l.png', 'http://demo.localhost')).toBe('https://cdn.example.com/l.png');
  });

  it('drops relative paths without an origin, other schemes and garbage', () => {
    expect(absoluteHttpUrl('/uploads/t/1/logo.webp')).toBeNull();
    expect(absoluteHttpUrl('javascript:alert(1)', 'http://demo.localhost')).toBeNull();
    expect(absoluteHttpUrl('data:image/png;base64,AAAA', 'http://demo.localhost')).toBeNull();
    expect(absoluteHttpUrl('http://', undefined)).toBeNull();
    expect(absoluteHttpUrl(null, 'http://demo.localhost')).toBeNull();
  });
});

describe('renderActionMail dates', () => {
  it('writes a calendar date (YYYY-MM-DD) in a row, the subject or a paragraph as the reader does', () => {
    const mail: ActionMail = {
      ...base,
      subjectKey: 'mail.requests.reservation_staff_subject',
      subjectParams: { name: 'Zoë', date: '2026-12-03', time: '19:30' },
      rows: [
        { labelKey: 'mail.requests.label_date', value: '2026-12-03' },
        { labelKey: 'mail.requests.label_time', value: '19:30' },
        { label: 'Note', value: 'not 2026-12-03 but later' },
      ],
    };
    const german = renderActionMail({ ...mail, lang: 'de' });
    expect(german.subject).toContain('03.12.2026');
    expect(german.text).toContain('Datum: 03.12.2026');
    // Free text that merely contains a date is left as written.
    expect(german.text).toContain('Note: not 2026-12-03 but later');
    const english = renderActionMail(mail);
    expect(english.subject).toContain('Dec 3, 2026');
    expect(english.text).toContain('Date: Dec 3, 2026');
  });
});
