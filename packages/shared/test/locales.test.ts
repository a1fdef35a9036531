import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { I18N_NAMESPACES, LOCALES } from '../src';

const dir = path.resolve(import.meta.dirname, '../locales');
const load = (lng: string, ns: string) =>
  JSON.parse(readFileSync(path.join(dir, lng, `${ns}.json`), 'utf8')) as Record<string, unknown>;

/** Every leaf key as a dotted path, with its string value. */
function leaves(obj: Record<string, unknown>, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') for (const [kk, vv] of leaves(v as Record<string, unknown>, key)) out.set(kk, vv);
    else out.set(key, String(v));
  }
  return out;
}
/** Placeholder names, formats left out and case folded (`{{Field}}` begins a sentence with `{{field}}`). */
const placeholders = (s: string) =>
  [...new Set([...s.matchAll(/\{\{(\w+)(?:,[^}]*)?\}\}/g)].map((m) => m[1]!.toLowerCase()))].sort();

/**
 * Grammar a language needs and English does not (docs/glossary.md): the names of fields inside a sentence
 * with their gender and number (`validation:field_terms`, `validation:field_genders`), and the gendered or plural
 * variants of a validation message (`required_f`, `required_pl`, `required_f_pl`). locale-grammar.test.ts
 * checks them.
 */
const isGrammar = (ns: string, key: string) =>
  ns === 'validation' && (/^field_(terms|genders)\./.test(key) || /_(f_pl|f|pl)$/.test(key));

// `admin` is the admin panel's own namespace (apps/admin bundles it; the web app never loads it);
// `admin-dataset` the panel's "Dataset" screen, loaded with that screen to keep the panel's entry small;
// `admin-sign-in` the sign-in form the panel shows before loading react-admin (docs/adr/0040).
describe.each([...I18N_NAMESPACES, 'admin', 'admin-dataset', 'admin-sign-in'])('locale namespace %s', (ns) => {
  const en = leaves(load('en', ns));
  it.each(LOCALES.filter((l) => l !== 'en'))(
    '%s has exactly the English keys, each translated with the same placeholders',
    (lng) => {
      const other = new Map([...leaves(load(lng, ns))].filter(([key]) => !isGrammar(ns, key)));
      expect([...other.keys()].sort()).toEqual([...en.keys()].sort());
      for (const [key, value] of en) {
        expect(value.trim(), `${lng}:${ns}:${key} is empty`).not.toBe('');
        expect(placeholders(other.get(key) ?? ''), `${lng}:${ns}:${key}`).toEqual(placeholders(value));
      }
    },
  );
});
