/**
 * CSV as RFC 4180 writes it (what opencsv, Loop's writer, and spreadsheets produce): fields
 * separated by commas, quoted when they hold a comma, quote or line break, quotes doubled.
 * Lines end in LF or CRLF; a byte-order mark at the start is ignored. An unterminated quoted
 * field (a file cut short) is an error.
 */
export function parseCsv(input: string): string[][] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  let i = 0
  const endField = () => {
    row.push(field)
    field = ''
  }
  const endRow = () => {
    endField()
    rows.push(row)
    row = []
  }
  while (i < text.length) {
    const char = text[i] as string
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"'
          i += 2
          continue
        }
        quoted = false
      } else {
        field += char
      }
      i += 1
      continue
    }
    if (char === '"' && field === '') quoted = true
    else if (char === ',') endField()
    else if (char === '\n') endRow()
    else if (char === '\r') {
      if (text[i + 1] !== '\n') endRow()
    } else field += char
    i += 1
  }
  if (quoted) throw new CsvError('a quoted field never ends: the file looks cut short')
  if (field !== '' || row.length > 0) endRow()
  return rows
}

export class CsvError extends Error {}

/** One CSV line (no line break) with the fields quoted only where needed. */
export function csvLine(fields: readonly (string | number | boolean | null | undefined)[]): string {
  return fields
    .map((value) => {
      const text = value === null || value === undefined ? '' : String(value)
      return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
    })
    .join(',')
}

/**
 * Text a spreadsheet will show rather than run: a cell starting with `=`, `+`, `-`, `@`, a tab or
 * a carriage return is a formula to Excel, LibreOffice and Google Sheets (CSV injection), so it
 * gets a leading `'` as OWASP advises. For text only: a number cell is written as the number.
 */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
}

/** UTF-8 text of `bytes`; invalid UTF-8 is an error rather than replacement characters. */
export function decodeUtf8(bytes: Uint8Array): string {
  return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
}

const DECIMAL_DIGIT = /\p{Nd}/u

/**
 * Digits of any script as ASCII ('٠٠١' and '۰۰۱' are '001'): Android's `String.format` writes
 * the phone's own digits, as Loop 1 to 2.2 did for positions, folder names and values. Unicode
 * keeps every script's digits in one run of code points from its zero up.
 */
export function asciiDigits(text: string): string {
  return text.replace(/\p{Nd}/gu, (digit) => {
    const code = digit.codePointAt(0) as number
    let zero = code
    while (DECIMAL_DIGIT.test(String.fromCodePoint(zero - 1))) zero -= 1
    return String((code - zero) % 10)
  })
}
