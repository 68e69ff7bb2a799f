import { formatCalendarDate, translate, type TLanguage } from '@tavolo/contracts/i18n';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

export interface ActionMail {
  lang: TLanguage;
  site: string;
  name: string;
  subjectKey: string;
  subjectParams?: Record<string, unknown>;
  paragraphs: { key: string; params?: Record<string, unknown> }[];
  /** A small two-column table (order lines, reservation details ...): an i18n key or a plain label, and a plain value. */
  rows?: (({ labelKey: string; labelParams?: Record<string, unknown> } | { label: string }) & { value: string; /** A total: bold, under a line. */ strong?: boolean })[];
  action?: { labelKey: string; url: string };
  /** The restaurant's looks: an absolute http(s) logo URL and its primary colour (#rrggbb); anything else is ignored. */
  brand?: { logoUrl?: string | null; color?: string | null };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DEFAULT_COLOR = '#e8590c';
const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** Only a #rrggbb colour may reach a style attribute; anything else falls back to the platform's orange. */
export const safeColor = (value: string | null | undefined) => (value && HEX_COLOR.test(value) ? value.toLowerCase() : DEFAULT_COLOR);

/** Dark text on light buttons, white on dark ones (WCAG relative luminance). */
function textOn(hex: string) {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  // Contrast against white vs. against black: whichever is higher wins.
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? '#ffffff' : '#111827';
}

/** An absolute http(s) URL, or null: a mail client cannot resolve relative paths, and no other scheme belongs in an <img>. */
export function absoluteHttpUrl(value: string | null | undefined, origin?: string | null): string | null {
  if (!value) return null;
  try {
    const url = origin ? new URL(value, origin) : new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** Services queue calendar dates as stored (2026-12-03); the reader gets them as they write them (03.12.2026). */
const localDates =
  (lang: TLanguage) =>
  <T>(value: T) =>
    typeof value === 'string' && ISO_DATE.test(value) ? formatCalendarDate(lang, value) : value;

/** One text of a mail in its language, with its dates written the reader's way: the mail's renderer and the e-mail log use it. */
export function mailText(lang: TLanguage, site: string | undefined, key: string, params: Record<string, unknown> = {}): string {
  const local = localDates(lang);
  return translate(lang, key, { site, ...Object.fromEntries(Object.entries(params).map(([name, value]) => [name, local(value)])) });
}

/**
 * One layout for every e-mail: a header with the restaurant's logo and name over a bar in its colour, greeting, paragraphs,
 * an optional table and an optional button. Every value is escaped; the colour is checked before it is used.
 */
export function renderActionMail(mail: ActionMail) {
  const local = localDates(mail.lang);
  const t = (key: string, params: Record<string, unknown> = {}) => mailText(mail.lang, mail.site, key, params);
  const paragraphs = mail.paragraphs.map((p) => t(p.key, p.params));
  const greeting = t('mail.greeting', { name: mail.name });
  const rows = (mail.rows ?? []).map((row) => ({ label: 'label' in row ? row.label : t(row.labelKey, row.labelParams), value: local(row.value), strong: row.strong }));
  const label = mail.action ? t(mail.action.labelKey) : '';
  const footer = t('mail.footer');
  const color = safeColor(mail.brand?.color);
  const logo = absoluteHttpUrl(mail.brand?.logoUrl);
  const header = `<div style="border-bottom:3px solid ${color};padding:0 0 12px;margin:0 0 16px">${
    logo ? `<img src="${escapeHtml(logo)}" alt="" height="48" style="height:48px;max-width:160px;vertical-align:middle;margin-right:12px">` : ''
  }<span style="font-size:20px;font-weight:600;vertical-align:middle">${escapeHtml(mail.site)}</span></div>`;
  const table = rows.length
    ? `<table style="border-collapse:collapse;width:100%;margin:12px 0">${rows
        .map((r) => {
          const strong = r.strong ? 'font-weight:700;color:#1f2937;border-top:1px solid #d1d5db;' : '';
          return `<tr><td style="padding:4px 8px 4px 0;color:#6b7280;${strong}">${escapeHtml(r.label)}</td><td style="padding:4px 0;text-align:right;${strong}">${escapeHtml(r.value)}</td></tr>`;
        })
        .join('')}</table>`
    : '';
  const button = mail.action
    ? `<p><a href="${escapeHtml(mail.action.url)}" style="display:inline-block;background:${color};color:${textOn(color)};padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a></p>`
    : '';
  const html = `<!doctype html><html lang="${mail.lang}"><body style="font-family:system-ui,sans-serif;color:#1f2937;max-width:560px;margin:auto;padding:24px">
${header}
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p style="white-space:pre-line">${escapeHtml(p)}</p>`).join('\n')}
${table}${button}
<p style="color:#6b7280;font-size:12px">${escapeHtml(footer)}</p></body></html>`;
  const text = [
    greeting,
    '',
    ...paragraphs,
    ...(rows.length ? ['', ...rows.map((r) => `${r.label}: ${r.value}`)] : []),
    ...(mail.action ? ['', `${label}: ${mail.action.url}`] : []),
    '',
    footer,
  ].join('\n');
  return { subject: t(mail.subjectKey, mail.subjectParams), html, text };
}
