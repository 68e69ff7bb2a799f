import { translate, type TLanguage } from '@tavolo/contracts/i18n';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

export interface ActionMail {
  lang: TLanguage;
  site: string;
  name: string;
  subjectKey: string;
  paragraphs: { key: string; params?: Record<string, unknown> }[];
  action: { labelKey: string; url: string };
}

/** One layout for every action e-mail: greeting, paragraphs, a button. Every value is escaped. */
export function renderActionMail(mail: ActionMail) {
  const t = (key: string, params: Record<string, unknown> = {}) => translate(mail.lang, key, { site: mail.site, ...params });
  const paragraphs = mail.paragraphs.map((p) => t(p.key, p.params));
  const greeting = t('mail.greeting', { name: mail.name });
  const label = t(mail.action.labelKey);
  const footer = t('mail.footer');
  const html = `<!doctype html><html lang="${mail.lang}"><body style="font-family:system-ui,sans-serif;color:#1f2937;max-width:560px;margin:auto;padding:24px">
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(mail.action.url)}" style="display:inline-block;background:#e8590c;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a></p>
<p style="color:#6b7280;font-size:12px">${escapeHtml(footer)}</p></body></html>`;
  const text = [greeting, '', ...paragraphs, '', `${label}: ${mail.action.url}`, '', footer].join('\n');
  return { subject: t(mail.subjectKey), html, text };
}
