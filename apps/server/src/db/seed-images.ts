import { escapeHtml } from '../lib/mail-templates.ts';

/** A generated illustration for a demo product: a plate on a warm gradient, so the demo ships no binary images. */
export function productIllustration(name: string, hue: number): string {
  const initials = name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480" viewBox="0 0 640 480" role="img" aria-label="${escapeHtml(name)}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,62%)"/><stop offset="1" stop-color="hsl(${(hue + 35) % 360},75%,45%)"/></linearGradient>
<radialGradient id="plate" cx="0.45" cy="0.4" r="0.7"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#e9e4dc"/></radialGradient></defs>
<rect width="640" height="480" fill="url(#bg)"/>
<circle cx="330" cy="255" r="170" fill="rgba(0,0,0,0.18)"/>
<circle cx="320" cy="240" r="170" fill="url(#plate)"/>
<circle cx="320" cy="240" r="118" fill="none" stroke="#d8d1c6" stroke-width="4"/>
<circle cx="320" cy="240" r="92" fill="hsl(${hue},65%,55%)" opacity="0.9"/>
<circle cx="290" cy="215" r="22" fill="hsl(${(hue + 90) % 360},55%,45%)" opacity="0.85"/>
<circle cx="352" cy="258" r="16" fill="hsl(${(hue + 150) % 360},60%,50%)" opacity="0.85"/>
<circle cx="330" cy="205" r="10" fill="#fff7e6" opacity="0.9"/>
<text x="320" y="262" font-family="Georgia, serif" font-size="56" font-weight="700" text-anchor="middle" fill="#fffaf0" opacity="0.95">${escapeHtml(initials)}</text>
</svg>`;
}
