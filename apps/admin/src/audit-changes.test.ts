import { describe, expect, it } from 'vitest';
import englishMessages from 'ra-language-english';
import frenchMessages from 'ra-language-french';
import frAdmin from '@mm/shared/locales/fr/admin.json';
import enAdmin from '@mm/shared/locales/en/admin.json';
import { auditChanges, formatAuditValue, type AuditLookups } from './audit-changes';

type Tree = { [key: string]: string | Tree };

/** Looks a dotted key up in the panel's real message files, as react-admin's translate does. */
const translator =
  (...trees: object[]) =>
  (key: string, options?: { _?: string }) => {
    for (const tree of trees) {
      let node: string | Tree | undefined = tree as Tree;
      for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
      if (typeof node === 'string') return node;
    }
    return options?._ ?? key;
  };

const french: AuditLookups = {
  translate: translator(frAdmin, frenchMessages),
  locale: 'fr',
  provinces: new Map([
    [11, 'Québec'],
    [9, 'Ontario'],
  ]),
  milkweeds: new Map([[3, 'Asclépiade commune (Asclepias syriaca)']]),
};

describe('auditChanges', () => {
  it('reads a status change as one row with the field label and both status names, in French', () => {
    expect(auditChanges('observations', { observationstatus_id: 1 }, { observationstatus_id: 4 }, french)).toEqual([
      { field: 'observationstatus_id', label: 'Statut', before: 'En attente', after: 'Valide' },
    ]);
  });

  it('names provinces, milkweeds, roles and booleans, and writes dates and numbers the French way', () => {
    const rows = auditChanges(
      'observations',
      { milkweed_id: null, province_id: 9, checklist_date: '2026-08-09', numbers: 1200, latitude: 45.5575 },
      { milkweed_id: 3, province_id: 11, checklist_date: '2026-08-10', numbers: 1500, latitude: 45.55 },
      french,
    );
    expect(rows.map((r) => [r.label, r.before, r.after])).toEqual([
      ['Asclépiade', '—', 'Asclépiade commune (Asclepias syriaca)'],
      ['Province ou État', 'Ontario', 'Québec'],
      ['Date', '9 août 2026', '10 août 2026'],
      ['Nombre', '1\u202f200', '1\u202f500'],
      ['Latitude', '45,5575', '45,55'],
    ]);
    const user = auditChanges(
      'users',
      { role_id: 3, isdeleted: false, region_provinces: [] },
      { role_id: 2, isdeleted: true, region_provinces: [11, 9] },
      french,
    );
    expect(user.map((r) => [r.label, r.before, r.after])).toEqual([
      ['Rôle', 'Utilisateur MM', 'Administrateur régional'],
      ['Désactivé', 'Non', 'Oui'],
      ['Provinces à vérifier', '—', 'Ontario, Québec'],
    ]);
  });

  it('lists every field of a creation with an empty before, and skips fields that did not change', () => {
    const rows = auditChanges(
      'reasons',
      null,
      { name: 'School project', name_fr: 'Projet scolaire', isdeleted: false },
      {
        ...french,
        translate: translator(enAdmin, englishMessages),
        locale: 'en',
      },
    );
    expect(rows.map((r) => [r.label, r.before, r.after])).toEqual([
      ['English', '—', 'School project'],
      ['French', '—', 'Projet scolaire'],
      ['Retired', '—', 'No'],
    ]);
    expect(auditChanges('sites', { locality: 'Parc' }, { locality: 'Parc' }, french)).toEqual([]);
  });

  it('shows an id it cannot name as #id rather than hiding it, and an unknown field by its name', () => {
    expect(formatAuditValue('province_id', 99, french)).toBe('#99');
    expect(formatAuditValue('observationstatus_id', 42, french)).toBe('#42');
    expect(auditChanges('sites', {}, { geom: { x: 1 } }, french)).toEqual([
      { field: 'geom', label: 'geom', before: '—', after: '{"x":1}' },
    ]);
  });
});
