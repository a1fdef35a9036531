/**
 * Personal data in free text: the email addresses and phone numbers that people write into
 * comments and place names ("please contact me at …@aol.com", "call (514) 555-1234") are kept in the
 * database for admins and removed from every public view and export. `redactPersonalData` is the one
 * detector; its result is stored beside the text (`checklists.public_comment`, `sites.public_locality`,
 * `sites.public_city`, db/public-text.ts) and public queries read only that.
 *
 * Phone numbers are found by libphonenumber-js (the JavaScript port of Google's libphonenumber, with
 * its full metadata), as numbers valid in the North American plan (Canada, the US) or in Mexico
 * (findNumbers' default leniency, VALID: a number of a real numbering plan, not just of a possible
 * length); email addresses by the HTML standard's "valid email address" pattern with a dotted domain.
 */
import { findNumbers, type CountryCode } from 'libphonenumber-js/max';

/** What stands in a public text where an email address was. */
export const EMAIL_REMOVED = '[email removed]';
/** What stands in a public text where a phone number was. */
export const PHONE_REMOVED = '[phone removed]';

/** A text as the public may read it, and what was taken out of it. */
export interface Redaction {
  text: string;
  emails: number;
  phones: number;
}

/**
 * Email addresses: WHATWG HTML's "valid email address" (the local part's characters, then `@` and
 * labels of letters, digits and hyphens), with at least one dot in the domain and a top-level
 * domain of letters, so that "@N00" in a Flickr link or "5 @ 2 cm" stay.
 */
const EMAIL =
  /[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+\s?@\s?[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*\.[a-zA-Z]{2,24}\b/g;

/**
 * Addresses written to dodge harvesters: "jane [at] example [dot] com", "jane(at)example.org",
 * "jane at example dot com". A bare " at " counts only with " dot " and a common top-level domain
 * after it, so "seen at the park. Com…" stays.
 */
const OBFUSCATED_EMAIL =
  /\b[a-zA-Z0-9._%+-]+\s*(?:[[({<]\s*at\s*[\])}>]|\s@\s)\s*[a-zA-Z0-9-]+(?:\s*(?:[[({<]\s*dot\s*[\])}>]|\.)\s*[a-zA-Z0-9-]+)*\s*(?:[[({<]\s*dot\s*[\])}>]|\.)\s*[a-zA-Z]{2,24}\b|\b[a-zA-Z0-9._%+-]+\s+at\s+[a-zA-Z0-9-]+(?:\s+dot\s+[a-zA-Z0-9-]+)*\s+dot\s+(?:com|org|net|edu|gov|ca|mx|us|info|biz|qc|on)\b/gi;

/** The regions whose numbers are looked for: Canada and the US share +1 (US metadata), then Mexico (+52). */
const REGIONS: readonly CountryCode[] = ['US', 'MX'];

/**
 * A seven-digit local number ("555-1234") has no area code for libphonenumber to check; it counts
 * only right after a word that says it is a number (phone, tel., cell, call, text, fax, téléphone,
 * cellulaire, teléfono, celular, llamar, número…), so ranges such as "300-1500 monarchs" stay.
 */
const LOCAL_NUMBER =
  /(?<![\p{L}\p{N}])(?:phone|ph|tel|t[ée]l|t[ée]l[ée]phone|tel[ée]fono|cell|cellular|cellulaire|celular|cel|mobile|m[óo]vil|call|text|fax|n[uú]mero|num[ée]ro|contact|ll[aá]m\p{L}*|appel\p{L}*)(?![\p{L}\p{N}])\.?\s*(?:(?:#|no\.?|nr\.?|at|au|al|:)\s*)*(\(?\d{3}\)?[\s.-]?\d{4})\b/giu;

/** Mexico's former mobile prefixes (before 2019): "+52 1 55 …", "044 55 …", "045 …", stripped before matching. */
const MEXICAN_MOBILE_PREFIX = /(\+\s?52[\s.-]*)(1)(?=[\s.-]*\(?\d{2,3}\)?[\s.-]*\d{3,4}[\s.-]*\d{4})/g;
const MEXICAN_LOCAL_PREFIX = /(?<![\d.])(0[14]5|044)(?=[\s.-]*\(?\d{2,3}\)?[\s.-]*\d{3,4}[\s.-]*\d{4}\b)/g;

/**
 * A number must stand apart: not inside a longer run of digits, a decimal number ("-110.9815906253",
 * whose fraction is a valid Mexican number), a word, a path or a link ("…/5794511343_5a83d57c00.jpg").
 */
function standsAlone(text: string, start: number, end: number): boolean {
  const before = text.slice(Math.max(0, start - 2), start);
  const after = text.slice(end, end + 2);
  if (/[\p{L}\p{N}_/=@&?%]$/u.test(before) || /\d[.,]$/.test(before)) return false;
  if (/^[\p{L}\p{N}_/=@&%]/u.test(after) || /^[.,]\d/.test(after)) return false;
  // Inside a URL: the token around the number holds "://", "www." or a file name.
  const token = /\S*$/.exec(text.slice(0, start))?.[0] ?? '';
  return !/:\/\/|www\.|\.(?:jpe?g|png|gif|html?)\b/i.test(token);
}

/** Spans [start, end) of the phone numbers in `text`. */
function phoneSpans(text: string): [number, number][] {
  // Blank out Mexico's old mobile prefixes (same length, so offsets hold), then stretch matches over them.
  const prefixes: [number, number][] = [];
  const blanked = text
    .replace(MEXICAN_MOBILE_PREFIX, (all: string, plus: string, one: string, offset: number) => {
      prefixes.push([offset, offset + all.length]);
      return plus + ' '.repeat(one.length);
    })
    .replace(MEXICAN_LOCAL_PREFIX, (prefix: string, _p: string, offset: number) => {
      prefixes.push([offset, offset + prefix.length]);
      return ' '.repeat(prefix.length);
    });
  const spans: [number, number][] = [];
  for (const region of REGIONS) {
    for (const found of findNumbers(blanked, { defaultCountry: region, v2: true })) {
      let start = found.startsAt;
      // A comma is a dialling pause to libphonenumber: ", 12 stems" after a number is a count, not an extension.
      const pause = /\s*,\s*\d{1,7}$/.exec(blanked.slice(start, found.endsAt));
      const end = found.endsAt - (pause?.[0].length ?? 0);
      // A decimal number ("31.54776037", "-112.269164192") is a coordinate or a measure, never a phone number.
      if (!standsAlone(text, start, end) || /^[+-]?\d+\.\d+$/.test(text.slice(start, end).trim())) continue;
      for (const [pStart, pEnd] of prefixes)
        if (pStart < start && /^[\s.-]*$/.test(blanked.slice(pEnd, start))) start = pStart;
      spans.push([start, end]);
    }
  }
  for (const match of text.matchAll(LOCAL_NUMBER)) {
    const digits = match[1] ?? '';
    const end = (match.index ?? 0) + match[0].length;
    const start = end - digits.length;
    if (standsAlone(text, start, end)) spans.push([start, end]);
  }
  return spans;
}

/**
 * Quick test: without "@", "(at)"-like or "dot", and without seven digits in one run of phone
 * separators ("514 555-1234", but not "45.508, -73.587"), a text holds neither an email nor a phone.
 */
function mayHoldPersonalData(text: string): boolean {
  return /@|[[({<]\s*at\s*[\])}>]|\bdot\b|\d(?:[\s().+-]{0,3}\d){6}/i.test(text);
}

/** Replaces the spans (merged where they overlap) by `mark`. */
function replaceSpans(text: string, spans: [number, number][], mark: string): { text: string; count: number } {
  if (spans.length === 0) return { text, count: 0 };
  const sorted = [...spans].sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: [number, number][] = [];
  for (const [start, end] of sorted) {
    const last = merged[merged.length - 1];
    if (last && start < last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  let out = '';
  let at = 0;
  for (const [start, end] of merged) {
    out += text.slice(at, start) + mark;
    at = end;
  }
  return { text: out + text.slice(at), count: merged.length };
}

/**
 * A free text without its email addresses and phone numbers: each becomes `[email removed]` or
 * `[phone removed]`; dates ("2019-2020", "7/31/2021"), counts, years, coordinates and stem counts stay.
 * @param text a comment, locality or city as stored
 * @returns the public text and how many addresses and numbers it lost
 */
export function redactPersonalData(text: string): Redaction {
  if (!mayHoldPersonalData(text)) return { text, emails: 0, phones: 0 };
  const emailSpans = [...text.matchAll(EMAIL), ...text.matchAll(OBFUSCATED_EMAIL)].map((m): [number, number] => [
    m.index ?? 0,
    (m.index ?? 0) + m[0].length,
  ]);
  const emails = replaceSpans(text, emailSpans, EMAIL_REMOVED);
  const phones = replaceSpans(emails.text, phoneSpans(emails.text), PHONE_REMOVED);
  return { text: phones.text, emails: emails.count, phones: phones.count };
}

/** The public version of a stored text (null stays null). */
export function publicText(text: string): string;
export function publicText(text: string | null): string | null;
export function publicText(text: string | null): string | null {
  return text === null ? null : redactPersonalData(text).text;
}
