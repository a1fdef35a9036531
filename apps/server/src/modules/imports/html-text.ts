/**
 * Turns the HTML fragments that web forms stored in free-text columns (Journey North comments hold
 * `<P><font …>`, `<a href>`, `<iframe>` and entities such as `&#39;` or `&eacute;`) into plain text.
 */
import { decodeHTML } from 'entities/decode';

// Only `<` followed by a letter, `/` or `!--` opens a tag, so remarks like "<3" or "<1/4 inch" survive.
const TAG_OR_COMMENT = /<!--[\s\S]*?-->|<\/?[a-zA-Z][^>]*>/g;

/**
 * Strips HTML tags and comments, decodes character references as a browser does (the `entities`
 * package: every HTML named reference, `&#146;` read as Windows-1252's ’, an invalid code point as
 * U+FFFD, an unknown name kept as written), collapses whitespace and trims. Tags become spaces so
 * words on either side of `<br>` or `</p>` stay apart.
 *
 * @param html a fragment such as `<P>I&#39;m here</P>`.
 * @returns plain text such as `I'm here` (possibly empty).
 */
export function htmlToPlainText(html: string): string {
  return decodeHTML(html.replace(TAG_OR_COMMENT, ' ')).replace(/\s+/g, ' ').trim();
}
