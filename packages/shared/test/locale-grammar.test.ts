import { readFileSync } from 'node:fs';
import path from 'node:path';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { I18N_NAMESPACES, fieldMessageValues } from '../src';

/**
 * French and Spanish read as written French and Spanish (docs/glossary.md): every validation message that
 * names a field is a full sentence with the field's article, whatever the field; the glossary's terms are
 * used, and the variants it rules out are not.
 */
const dir = path.resolve(import.meta.dirname, '../locales');
const NAMESPACES = [...I18N_NAMESPACES, 'admin'];
const load = (lng: string, ns: string) =>
  JSON.parse(readFileSync(path.join(dir, lng, `${ns}.json`), 'utf8')) as Record<string, unknown>;

function leaves(obj: Record<string, unknown>, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') for (const [kk, vv] of leaves(v as Record<string, unknown>, key)) out.set(kk, vv);
    else out.set(key, String(v));
  }
  return out;
}

/** The articles a field's name starts with inside a sentence. */
const ARTICLE = { fr: /^(le |la |les |l'|l’)/, es: /^(el |la |los |las )/ } as const;
/** A preposition glued to an article that the language contracts ("de le" is "du", "a el" is "al"). */
const UNCONTRACTED = { fr: /\b(de|à) (le|les) /i, es: /\b(de|a) el /i } as const;

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    resources: Object.fromEntries(
      (['en', 'fr', 'es'] as const).map((lng) => [
        lng,
        Object.fromEntries(I18N_NAMESPACES.map((ns) => [ns, load(lng, ns)])),
      ]),
    ),
    lng: 'en',
    fallbackLng: 'en',
    ns: [...I18N_NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
});

const english = leaves(load('en', 'validation'));
const fieldKeys = Object.keys(load('en', 'common').fields as Record<string, string>).filter(
  (k) => !k.endsWith('_help'),
);
/** The validation messages that name a field (`{{field}}` or `{{Field}}`), by their English key. */
const fieldMessages = [...english].filter(([, v]) => /\{\{field\}\}/i.test(v)).map(([k]) => k);

describe.each(['fr', 'es'] as const)('%s validation messages that name a field', (lng) => {
  let t: TFunction;
  beforeAll(() => {
    t = i18n.getFixedT(lng);
  });

  it('has a name with its article for every field', () => {
    const terms = load(lng, 'validation').field_terms as Record<string, string>;
    expect(Object.keys(terms).sort()).toEqual([...fieldKeys].sort());
    for (const [key, term] of Object.entries(terms)) expect(term, `${lng} field_terms.${key}`).toMatch(ARTICLE[lng]);
  });

  it.each(fieldMessages)('%s reads as a sentence for every field', (key) => {
    for (const field of fieldKeys) {
      const values = fieldMessageValues(t, field);
      const text = t(`validation:${key}`, { ...values, min: 0, max: 200, province: 'Ontario' });
      const where = `${lng} validation.${key} for ${field}: ${text}`;
      expect(text, where).toMatch(/^[A-ZÀ-ÖØ-Þ«¿]/u);
      expect(text, where).toMatch(/\.$/);
      expect(text, where).not.toMatch(/\{\{|\}\}/);
      expect(text.toLocaleLowerCase(lng), where).toContain(values.field.toLocaleLowerCase(lng));
      expect(text, where).not.toMatch(UNCONTRACTED[lng]);
      // A label followed by a colon is a form, not a sentence ("Lieu : ce choix n'existe pas").
      expect(text.startsWith(`${values.Field} :`) || text.startsWith(`${values.Field}:`), where).toBe(false);
    }
  });

  it('agrees with the gender and number of the field', () => {
    const f = (field: string, key: string) => t(`validation:${key}`, { ...fieldMessageValues(t, field) });
    if (lng === 'fr') {
      expect(f('locality', 'required')).toBe('Le lieu est obligatoire.');
      expect(f('checklist_date', 'required')).toBe('La date est obligatoire.');
      expect(f('photos', 'required')).toBe('Les photos sont obligatoires.');
      expect(f('milkweed_id', 'invalid')).toBe("L'asclépiade n'est pas valide.");
    } else {
      expect(f('locality', 'required')).toBe('La localidad es obligatoria.');
      expect(f('reason', 'required')).toBe('El motivo es obligatorio.');
      expect(f('photos', 'invalid')).toBe('Las fotos no son válidas.');
      expect(f('last_name', 'required')).toBe('Los apellidos son obligatorios.');
    }
  });

  it('gives every grammatical variant of a message an English message to translate', () => {
    const own = leaves(load(lng, 'validation'));
    for (const key of own.keys()) {
      if (/^field_(terms|genders)\./.test(key)) continue;
      const base = key.replace(/_(f_pl|f|pl)$/, '');
      expect(english.has(base), `${lng} validation.${key}`).toBe(true);
    }
    const genders = load(lng, 'validation').field_genders as Record<string, string>;
    for (const [field, context] of Object.entries(genders)) {
      expect(fieldKeys, `${lng} field_genders.${field}`).toContain(field);
      expect(['f', 'pl', 'f_pl'], `${lng} field_genders.${field}`).toContain(context);
    }
  });
});

/**
 * docs/glossary.md: the words each language uses for the app's own terms, and the variants that drifted in
 * before (a word may appear in other senses: only these exact phrases are ruled out).
 */
const GLOSSARY = {
  fr: {
    uses: [
      'Données Flash',
      'Mes observations Flash',
      'Mission',
      'asclépiade',
      'Adulte',
      'Œufs',
      'Chenille',
      'Chrysalide',
    ],
    forbidden: [
      /éclair/i,
      /Flash Data/,
      /soumissions? Flash/i,
      /\blarves?\b/i,
      /\bnymphes?\b/i,
      /\boeufs?\b/i,
      /\basclepiade/i,
      /mes lieux/i,
      /Validée/,
    ],
  },
  es: {
    uses: [
      'Datos Flash',
      'Mis observaciones Flash',
      'Misión',
      'algodoncillo',
      'Adulto',
      'Huevos',
      'Oruga',
      'Crisálida',
    ],
    forbidden: [
      /datos? rápidos?/i,
      /^rápida$/i,
      /envíos rápidos/i,
      /Flash Data/,
      /Mission Monarch/,
      /\basclepias\b/,
      /\blarvas?\b/i,
      /\bpupas?\b/i,
      /mis lugares/i,
      /\b(haz|elige|tienes|tus|muestreaste|revisaste)\b/i,
    ],
  },
} as const;

describe.each(['fr', 'es'] as const)('%s follows the glossary', (lng) => {
  const texts = NAMESPACES.flatMap((ns) => [...leaves(load(lng, ns))].map(([k, v]) => [`${ns}:${k}`, v] as const));

  it('uses its terms', () => {
    const all = texts.map(([, v]) => v).join('\n');
    for (const term of GLOSSARY[lng].uses) expect(all, term).toContain(term);
  });

  it('has none of the variants the glossary rules out', () => {
    const found = texts.flatMap(([key, v]) =>
      GLOSSARY[lng].forbidden.filter((re) => re.test(v)).map((re) => `${key}: ${String(re)} in "${v}"`),
    );
    expect(found).toEqual([]);
  });

  it('names life stages and statuses with the glossary words', () => {
    const common = load(lng, 'common');
    expect(common.lifestage).toEqual(
      lng === 'fr'
        ? { 1: 'Adulte', 2: 'Œufs', 3: 'Chenille', 4: 'Chrysalide', milkweed: 'Asclépiade' }
        : { 1: 'Adulto', 2: 'Huevos', 3: 'Oruga', 4: 'Crisálida', milkweed: 'Algodoncillo' },
    );
    expect(common.status).toEqual(
      lng === 'fr'
        ? { 1: 'En attente', 2: 'Vérifiée', 3: 'Supprimée', 4: 'Valide', 5: 'Invalide', 6: 'Test' }
        : { 1: 'Pendiente', 2: 'Verificada', 3: 'Eliminada', 4: 'Válida', 5: 'No válida', 6: 'Prueba' },
    );
  });
});
