/**
 * A number pasted or filled in as people write it, read as the number they mean, or null to leave the text to the
 * field's own formatter (no mark at all, or nothing like a number). `separator` is the field's decimal mark.
 * - Both marks: the last is the decimal mark, the other groups thousands ("1.000,50", "1,000.50": 1000.5; the
 *   formatter made 1).
 * - One mark once, before one or two digits: the decimal mark, whichever it is ("9.50" in a German field: 9.5; the
 *   formatter made 950).
 * - One mark before three digits: the field's own mark is decimal ("1,500" in German: 1.5), the other groups
 *   ("1.500" in German: 1500); several times, it groups ("1.000.000").
 */
export function pastedNumber(text: string, separator: '.' | ','): number | null {
  const plain = text.replace(/[\s\u00a0]/g, '');
  if (!/^-?\d*[.,]?\d[\d.,]*$/.test(plain) || /[.,]{2}|[.,]$/.test(plain)) return null;
  const dot = plain.lastIndexOf('.');
  const comma = plain.lastIndexOf(',');
  if (dot < 0 && comma < 0) return null;
  let decimal: string | null;
  let grouping: string | null;
  if (dot >= 0 && comma >= 0) [decimal, grouping] = dot > comma ? ['.', ','] : [',', '.'];
  else {
    const mark = dot >= 0 ? '.' : ',';
    const once = plain.indexOf(mark) === plain.lastIndexOf(mark);
    const digitsAfter = plain.length - plain.lastIndexOf(mark) - 1;
    [decimal, grouping] = once && (digitsAfter !== 3 || mark === separator) ? [mark, null] : [null, mark];
  }
  // A decimal mark may appear once, and only after the groups.
  if (decimal && (plain.indexOf(decimal) !== plain.lastIndexOf(decimal) || (grouping && plain.indexOf(grouping) > plain.indexOf(decimal)))) return null;
  const digits = grouping ? plain.split(grouping).join('') : plain;
  const number = Number(decimal ? digits.replace(decimal, '.') : digits);
  return Number.isFinite(number) ? number : null;
}
