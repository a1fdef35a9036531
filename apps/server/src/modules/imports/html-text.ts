/**
 * Turns the HTML fragments that web forms stored in free-text columns (Journey North comments hold
 * `<P><font …>`, `<a href>`, `<iframe>` and entities such as `&#39;` or `&eacute;`) into plain text.
 */

// Only `<` followed by a letter, `/` or `!--` opens a tag, so remarks like "<3" or "<1/4 inch" survive.
const TAG_OR_COMMENT = /<!--[\s\S]*?-->|<\/?[a-zA-Z][^>]*>/g;
const ENTITY = /&(#\d+|#x[0-9a-fA-F]+|[a-zA-Z][a-zA-Z0-9]*);/g;

// HTML's names for U+00A0…U+00FF, in code-point order: covers the accented letters of French and Spanish.
const LATIN1_ENTITY_NAMES =
  'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 ' +
  'acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde ' +
  'Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc ' +
  'Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml aring ' +
  'aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml ' +
  'divide oslash ugrave uacute ucirc uuml yacute thorn yuml';

const NAMED_ENTITIES: ReadonlyMap<string, string> = new Map([
  ...LATIN1_ENTITY_NAMES.split(' ').map((name, i): [string, string] => [name, String.fromCharCode(0xa0 + i)]),
  ...Object.entries({
    quot: '"',
    amp: '&',
    apos: "'",
    lt: '<',
    gt: '>',
    lsquo: '\u2018',
    rsquo: '\u2019',
    sbquo: '\u201a',
    ldquo: '\u201c',
    rdquo: '\u201d',
    bdquo: '\u201e',
    ndash: '\u2013',
    mdash: '\u2014',
    hellip: '\u2026',
    bull: '\u2022',
    prime: '\u2032',
    Prime: '\u2033',
    trade: '\u2122',
    euro: '\u20ac',
    oelig: '\u0153',
    OElig: '\u0152',
  }),
]);

// Browsers read &#128;…&#159; as Windows-1252 (old forms posted curly quotes as &#146;); `_` keeps the code point.
const CP1252_C1 =
  '\u20ac_\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152_\u017d_' +
  '_\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153_\u017e\u0178';

function decodeNumeric(codePoint: number): string | undefined {
  if (codePoint >= 0x80 && codePoint <= 0x9f) {
    const mapped = CP1252_C1[codePoint - 0x80];
    return mapped === '_' ? String.fromCharCode(codePoint) : mapped;
  }
  if (codePoint === 0 || codePoint > 0x10ffff || (codePoint >= 0xd800 && codePoint <= 0xdfff)) return undefined;
  return String.fromCodePoint(codePoint);
}

function decodeEntity(match: string, body: string): string {
  if (body[0] !== '#') return NAMED_ENTITIES.get(body) ?? match;
  const hex = body[1] === 'x' || body[1] === 'X';
  return decodeNumeric(Number.parseInt(body.slice(hex ? 2 : 1), hex ? 16 : 10)) ?? match;
}

/**
 * Strips HTML tags and comments, decodes entities, collapses whitespace and trims.
 * Tags become spaces so words on either side of `<br>` or `</p>` stay apart; unknown entities are kept as written.
 *
 * @param html a fragment such as `<P>I&#39;m here</P>`.
 * @returns plain text such as `I'm here` (possibly empty).
 */
export function htmlToPlainText(html: string): string {
  return html.replace(TAG_OR_COMMENT, ' ').replace(ENTITY, decodeEntity).replace(/\s+/g, ' ').trim();
}
