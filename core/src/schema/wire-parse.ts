/**
 * Wire text → the JavaScript value a schema wants, shared by every schema kind's coercer. Each
 * parser answers `undefined` when the text does not parse, so the caller leaves the string as it is
 * and validation reports it in the schema library's own words.
 */

const INTEGER = /^[+-]?\d+$/;
/**
 * An ISO 8601 date (`2026-07-08`, read as UTC midnight) or a date-time with a zone. It accepts at
 * least what JSON Schema's `format: "date-time"` accepts (`t`/space separator, any fraction,
 * `+hh`, `+hhmm`, leap second), so a value the reflected schema accepts always becomes a Date.
 * A date-time without a zone is ambiguous on a server and stays a string for the schema to reject.
 */
const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt\s](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?([Zz]|([+-])(\d{2})(?::?(\d{2}))?))?$/;

const ZERO = 48;
const NINE = 57;
const PLUS = 43;
const MINUS = 45;
const DOT = 46;

/** The index past the run of ASCII digits in `text` from `at`. */
function digitsFrom(text: string, at: number): number {
  let i = at;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code < ZERO || code > NINE) break;
    i++;
  }
  return i;
}

/**
 * A plain decimal number — `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?`: no
 * whitespace, hex, `Infinity` or empty string. Scanned by hand: the regular expression it replaces
 * cost ~50 ns a wire number (bench row 2), most of the Invoker's coercion.
 */
export function isDecimal(text: string): boolean {
  let i = 0;
  const sign = text.charCodeAt(0);
  if (sign === PLUS || sign === MINUS) i = 1;
  const whole = digitsFrom(text, i);
  let end = whole;
  if (text.charCodeAt(end) === DOT) end = digitsFrom(text, end + 1);
  // Digits on at least one side of the point.
  if (whole === i && end <= whole + 1) return false;
  if (end < text.length) {
    const e = text.charCodeAt(end);
    if (e !== 101 && e !== 69) return false; // e, E
    let at = end + 1;
    const expSign = text.charCodeAt(at);
    if (expSign === PLUS || expSign === MINUS) at++;
    end = digitsFrom(text, at);
    if (end === at) return false;
  }
  return end === text.length;
}

/** Digits that always make an exact number (below 2^53): read as they are scanned. */
const EXACT_DIGITS = 15;

export function parseNumber(text: string): number | undefined {
  // Most wire numbers are short unsigned integers ("25"): their value is known by the end of the scan.
  if (text.length > 0 && text.length <= EXACT_DIGITS) {
    let value = 0;
    let i = 0;
    for (; i < text.length; i++) {
      const digit = text.charCodeAt(i) - ZERO;
      if (digit < 0 || digit > 9) break;
      value = value * 10 + digit;
    }
    if (i === text.length) return value;
  }
  if (!isDecimal(text)) return undefined;
  const parsed = Number(text);
  return Number.isFinite(parsed) ? parsed : undefined; // "1e999" stays a string so validation reports it
}

export function parseBigInt(text: string): bigint | undefined {
  return INTEGER.test(text) ? BigInt(text) : undefined;
}

export function parseBoolean(text: string): boolean | undefined {
  if (text === "true" || text === "1") return true;
  if (text === "false" || text === "0") return false;
  return undefined;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

export function parseIsoDate(text: string): Date | undefined {
  const m = ISO_DATE.exec(text);
  if (!m) return undefined;
  const num = (group: number): number => Number(m[group] ?? 0);
  const [year, month, day, hour, minute, second] = [num(1), num(2), num(3), num(4), num(5), num(6)];
  const millis = Number((m[7] ?? "").padEnd(3, "0").slice(0, 3)); // fraction digits beyond ms are dropped
  const [offsetHours, offsetMinutes] = [num(10), num(11)];
  const leapYear = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const leapDay = month === 2 && leapYear ? 1 : 0;
  if (month < 1 || month > 12 || day < 1 || day > (DAYS_IN_MONTH[month - 1] ?? 0) + leapDay) return undefined;
  if (hour > 23 || minute > 59 || second > 60 || offsetHours > 23 || offsetMinutes > 59) return undefined;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day); // not Date.UTC: it maps years 0–99 to 1900–1999
  date.setUTCHours(hour, minute, second, millis); // a leap second (:60) rolls into the next minute
  const sign = m[9] === "-" ? -1 : 1;
  return new Date(date.getTime() - sign * (offsetHours * 60 + offsetMinutes) * 60_000);
}

/** A string that is a number, boolean or bigint literal's wire form becomes that literal. */
export function literalFromString(literal: unknown, text: string): unknown {
  switch (typeof literal) {
    case "number":
      return parseNumber(text) === literal ? literal : text;
    case "boolean":
      return parseBoolean(text) === literal ? literal : text;
    case "bigint":
      return parseBigInt(text) === literal ? literal : text;
    default:
      return text;
  }
}

/** An enum member from its wire text: the string itself if it is a member, else a numeric member it spells. */
export function enumMember(members: readonly unknown[], text: string): unknown {
  if (members.includes(text)) return text;
  const parsed = parseNumber(text);
  return parsed !== undefined && members.includes(parsed) ? parsed : text;
}
