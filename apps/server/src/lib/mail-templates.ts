import { translate, type TLanguage } from '@tavolo/contracts/i18n';

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
  rows?: ({ labelKey: string; value: string } | { label: string; value: string })[];
  action?: { labelKey: string; url: string };
}

/** One layout for every e-mail: greeting, paragraphs, an optional table and an optional button. Every value is escaped. */
export function renderActionMail(mail: ActionMail) {
  const t = (key: string, params: Record<string, unknown> = {}) => translate(mail.lang, key, { site: mail.site, ...params });
  const paragraphs = mail.paragraphs.map((p) => t(p.key, p.params));
  const greeting = t('mail.greeting', { name: mail.name });
  const rows = (mail.rows ?? []).map((row) => ({ label: 'label' in row ? row.label : t(row.labelKey), value: row.value }));
  const label = mail.action ? t(mail.action.labelKey) : '';
  const footer = t('mail.footer');
  const table = rows.length
    ? `<table style="border-collapse:collapse;width:100%;margin:12px 0">${rows
        .map((r) => `<tr><td style="padding:4px 8px 4px 0;color:#6b7280">${escapeHtml(r.label)}</td><td style="padding:4px 0;text-align:right">${escapeHtml(r.value)}</td></tr>`)
        .join('')}</table>`
    : '';
  const button = mail.action
    ? `<p><a href="${escapeHtml(mail.action.url)}" style="display:inline-block;background:#e8590c;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a></p>`
    : '';
  const html = `<!doctype html><html lang="${mail.lang}"><body style="font-family:system-ui,sans-serif;color:#1f2937;max-width:560px;margin:auto;padding:24px">
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
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
