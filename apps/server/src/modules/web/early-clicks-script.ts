import { createHash } from 'node:crypto';
import { EARLY_CLICK_CONTROLS, EARLY_CLICKS_GLOBAL, SERVER_RENDERED_ATTRIBUTE } from '@tavolo/contracts/server-render';

const text = (value: string) => JSON.stringify(value);

/**
 * Holds taps on a server-rendered page's controls from its first moment, before the app's deferred entry module has
 * run (seconds on a slow phone), and leaves them on window for the app to replay (apps/web/src/app/early-clicks.ts).
 * Does nothing where #root is not server-rendered. Written as text, not a compiled function, so its bytes (and so
 * the CSP hash below) do not depend on how the server is built.
 */
export const EARLY_CLICKS_SCRIPT =
  `(function(){var held=[];function hold(e){var t=e.target,c=t instanceof Element&&t.closest(${text(EARLY_CLICK_CONTROLS)}),` +
  `r=document.querySelector(${text(`#root[${SERVER_RENDERED_ATTRIBUTE}]`)});if(!c||!r||!r.contains(c))return;` +
  `e.preventDefault();e.stopImmediatePropagation();if(held.indexOf(c)<0)held.push(c)}` +
  `document.addEventListener('click',hold,true);` +
  `window[${text(EARLY_CLICKS_GLOBAL)}]={held:held,stop:function(){document.removeEventListener('click',hold,true)}}})()`;

/** The CSP source that allows exactly this script (the CSP allows no other inline script). */
export const EARLY_CLICKS_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(EARLY_CLICKS_SCRIPT, 'utf8').digest('base64')}'`;
