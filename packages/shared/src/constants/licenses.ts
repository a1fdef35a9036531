/**
 * The three licences GBIF accepts for occurrence data. A volunteer chooses one for
 * their observations and photos in their profile; each record keeps the one in force when it was
 * submitted. Codes are stored in `profiles.license`, `checklists.license` and `observations.license`.
 */
export const LICENSE_CODES = ['CC0-1.0', 'CC-BY-4.0', 'CC-BY-NC-4.0'] as const;
export type LicenseCode = (typeof LICENSE_CODES)[number];
export const DEFAULT_LICENSE: LicenseCode = 'CC-BY-4.0';

/** Name and legal-code URL of each licence, as GBIF writes them in Darwin Core `license` and EML. */
export const LICENSES: Record<LicenseCode, { name: string; url: string }> = {
  'CC0-1.0': {
    name: 'Creative Commons Zero v1.0 Universal (CC0 1.0)',
    url: 'http://creativecommons.org/publicdomain/zero/1.0/legalcode',
  },
  'CC-BY-4.0': {
    name: 'Creative Commons Attribution 4.0 International (CC BY 4.0)',
    url: 'http://creativecommons.org/licenses/by/4.0/legalcode',
  },
  'CC-BY-NC-4.0': {
    name: 'Creative Commons Attribution-NonCommercial 4.0 International (CC BY-NC 4.0)',
    url: 'http://creativecommons.org/licenses/by-nc/4.0/legalcode',
  },
};

/** True for a stored code this app knows. */
export const isLicenseCode = (code: string): code is LicenseCode => (LICENSE_CODES as readonly string[]).includes(code);
