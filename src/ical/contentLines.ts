/**
 * RFC 5545 §3.3.11: a TEXT value with its backslashes, separators and line breaks escaped; control characters
 * dropped.
 */
export const escapeText = (text: string): string =>
  text
    .replace(/\r\n?/g, '\n')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
    .replace(/[\\;,]/g, (char) => `\\${char}`)
    .replace(/\n/g, '\\n')

/** A parameter value (`CN=`): quoted, since names may hold `:`, `;` or `,`, which is why DQUOTE itself must go. */
export const quotedParam = (value: string): string =>
  `"${value.replace(/["\u0000-\u001f\u007f]/g, '')}"`

/**
 * RFC 5545 §3.1: a line longer than 75 octets continues on the next after CRLF and one space, and is never cut
 * inside a UTF-8 sequence.
 */
export function foldLine(line: string): string {
  const parts: string[] = []
  let current = ''
  let octets = 0
  for (const char of line) {
    const size = Buffer.byteLength(char)
    if (octets + size > (parts.length ? 74 : 75)) {
      parts.push(current)
      current = ''
      octets = 0
    }
    current += char
    octets += size
  }
  parts.push(current)
  return parts.join('\r\n ')
}

/** Content lines as an iCalendar stream: folded, each ended by CRLF. */
export const contentLines = (lines: string[]): string =>
  lines.map((line) => `${foldLine(line)}\r\n`).join('')
