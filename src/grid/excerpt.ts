/**
 * Quoting input in error messages: a message names what was wrong without echoing a bad file's
 * raw bytes to a terminal.
 */

/** Characters of input an error message quotes at most; enough to recognise a line. */
export const EXCERPT_LENGTH = 40;

/**
 * `text` as a short, printable, double-quoted excerpt: at most `max` characters, with quotes,
 * backslashes, control and non-ASCII characters escaped (`\n`, `\x00`, `\u00e9`), and `...` when cut.
 *
 * @example
 * ```ts
 * excerpt('ab\u0000c'); // '"ab\\x00c"'
 * ```
 */
export function excerpt(text: string, max = EXCERPT_LENGTH): string {
  const cut = text.length > max;
  let out = '';
  for (const ch of cut ? text.slice(0, max) : text) {
    const code = ch.codePointAt(0)!;
    if (ch === '"' || ch === '\\') out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else if (code > 0x7e) out += code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return `"${out}"${cut ? '...' : ''}`;
}
