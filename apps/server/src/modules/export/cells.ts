import { MONEY_SCALE } from '@console/contract';

/**
 * The values of a sheet's number cells as the text of their `<v>` element, made from the exact
 * decimal strings and integers the reports answer, never through a float: a spreadsheet reads
 * that text as its number.
 */

const LEADING_ZEROS = /^0+(?=\d)/;
const NON_ZERO = /[1-9]/;

/** Digits plus one in their last place, as text ("1299" → "1300", "99" → "100"): exact at any length. */
function plusOne(digits: string): string {
  let i = digits.length - 1;
  while (i >= 0 && digits.charCodeAt(i) === 57) i--;
  const zeros = '0'.repeat(digits.length - 1 - i);
  return i < 0 ? `1${zeros}` : `${digits.slice(0, i)}${String.fromCharCode(digits.charCodeAt(i) + 1)}${zeros}`;
}

/**
 * An amount ("-1234.5678", at most 4 decimals) with its currency's `decimals` (0–4), rounded half
 * away from zero as the console shows it (web lib/format.ts, formatAmount): "1234.5678", 2 →
 * "1234.57". A value that rounds to zero loses its sign. Null for text that is not an amount.
 * Worked on the characters, without a regular expression's captures or a bigint: a sheet writes
 * millions of these.
 */
export function moneyDigits(amount: string, decimals: number): string | null {
  const places = Number.isInteger(decimals) ? Math.min(MONEY_SCALE, Math.max(0, decimals)) : MONEY_SCALE;
  const n = amount.length;
  const neg = amount.charCodeAt(0) === 45;
  const start = neg ? 1 : 0;
  let point = n;
  for (let i = start; i < n; i++) {
    const c = amount.charCodeAt(i);
    if (c >= 48 && c <= 57) continue;
    if (c !== 46 || point !== n) return null;
    point = i;
  }
  const fracLength = point === n ? 0 : n - point - 1;
  if (point === start || (point < n && (fracLength === 0 || fracLength > MONEY_SCALE))) return null;
  let text: string;
  if (fracLength <= places) {
    // Nothing to drop: zeros up to the currency's decimals.
    text = fracLength === places ? amount : `${amount}${fracLength === 0 ? '.' : ''}${'0'.repeat(places - fracLength)}`;
  } else {
    // The first digit dropped decides: 5 or more is at least half a unit of the last one kept.
    const cut = point + 1 + places;
    if (amount.charCodeAt(cut) >= 53) {
      const up = plusOne(amount.slice(start, point) + amount.slice(point + 1, cut));
      const whole = up.slice(0, up.length - places);
      text = `${neg ? '-' : ''}${places ? `${whole}.${up.slice(up.length - places)}` : whole}`;
    } else {
      text = amount.slice(0, places ? cut : point);
    }
  }
  // Rare shapes: leading zeros ("007.5"), and a negative that shows as zero ("-0.0049" with 2 decimals).
  if (text.charCodeAt(start) === 48 && start + 1 < text.length && text.charCodeAt(start + 1) !== 46) {
    text = `${neg ? '-' : ''}${text.slice(start).replace(LEADING_ZEROS, '')}`;
  }
  if (neg && text.charCodeAt(1) === 48 && !NON_ZERO.test(text)) text = text.slice(1);
  return text;
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** A ratio string ("0.9650", a fraction: 96.50 %) as it is, or null for text that is not a decimal. */
export const ratioDigits = (ratio: string): string | null => (DECIMAL.test(ratio) ? ratio : null);

/** Whole basis points as the fraction they stand for (3500 → "0.3500", i.e. 35 %), or null for anything else. */
export function basisPointDigits(bp: number): string | null {
  if (!Number.isSafeInteger(bp)) return null;
  const a = Math.abs(bp);
  return `${bp < 0 ? '-' : ''}${Math.floor(a / 10_000)}.${String(a % 10_000).padStart(4, '0')}`;
}

/** How much of a moment a time cell shows: a month, a day, a minute (an hour's row) or a second. */
export type TimePrecision = 'month' | 'date' | 'minute' | 'second';

const WALL_CLOCK = /^(\d{4})-(\d{2})(?:-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?)?$/;
const MS_PER_DAY = 86_400_000;
/** The spreadsheet's day 0 is 1899-12-30: the Unix epoch is its day 25569. */
const EPOCH_SERIAL = 25_569;
/** Its first day counted the same in Excel and elsewhere (1900-03-01; Excel takes 1900 for a leap year). */
const FIRST_SERIAL = 61;
const SECONDS_PER_DAY = 86_400n;
/** Decimals of a time's fraction of its day: with the day's five digits, all a spreadsheet's number holds. */
const FRACTION_DIGITS = 12;
const FRACTION_SCALE = 10n ** BigInt(FRACTION_DIGITS);

/** The fraction of the day of each second, worked out once: ".020833333333" for 00:30:00, "" for midnight. */
const fractions: Array<string | undefined> = [];
function fractionOf(seconds: number): string {
  let text = fractions[seconds];
  if (text === undefined) {
    // Integer division, rounded half up at the last digit.
    const units = (BigInt(seconds) * FRACTION_SCALE * 2n + SECONDS_PER_DAY) / (2n * SECONDS_PER_DAY);
    text = units === 0n ? '' : `.${units.toString().padStart(FRACTION_DIGITS, '0').replace(/0+$/, '')}`;
    fractions[seconds] = text;
  }
  return text;
}

/** The serial of each day met, worked out once (a sheet's rows fall on a few days); null for a day that does not exist. */
const days = new Map<string, string | null>();
function daySerial(year: string, month: string, day: string): string | null {
  const key = `${year}-${month}-${day}`;
  let serial = days.get(key);
  if (serial === undefined) {
    const [y, mo, d] = [Number(year), Number(month), Number(day)];
    const ms = Date.UTC(y, mo - 1, d);
    const date = new Date(ms);
    const exists = date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
    const n = ms / MS_PER_DAY + EPOCH_SERIAL;
    serial = exists && n >= FIRST_SERIAL ? n.toFixed(0) : null;
    // A bound on what is kept: about 270 years of days.
    if (days.size >= 100_000) days.clear();
    days.set(key, serial);
  }
  return serial;
}

/**
 * A wall-clock time as the report wrote it, local to its timezone ("2026-01-02 00:30:00", an hour
 * "2026-01-02 00:00", a date "2026-01-02" or a month "2026-01"), as a spreadsheet date: days since
 * 1899-12-30 and the fraction of the day, from whole days and seconds. Null for text that is not
 * such a time, or names a day that does not exist.
 */
export function excelSerial(wall: string): { serial: string; precision: TimePrecision } | null {
  const m = WALL_CLOCK.exec(wall);
  if (!m) return null;
  const whole = daySerial(m[1]!, m[2]!, m[3] ?? '01');
  if (whole === null) return null;
  if (m[3] === undefined) return { serial: whole, precision: 'month' };
  if (m[4] === undefined) return { serial: whole, precision: 'date' };
  const [hours, minutes, seconds] = [Number(m[4]), Number(m[5]), m[6] === undefined ? 0 : Number(m[6])];
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  return { serial: `${whole}${fractionOf(hours * 3600 + minutes * 60 + seconds)}`, precision: m[6] === undefined ? 'minute' : 'second' };
}
