/**
 * Reference data seeded into the lookup tables: countries, provinces/states (ISO 3166-1 / ISO 3166-2 codes,
 * approximate WGS84 bounding boxes), the fixed reference lists of the product spec, and milkweed species.
 * Milkweed names: English from USDA PLANTS / Flora of North America, French from VASCAN (Canadian usage),
 * Spanish as used in Mexico; where no established name exists a descriptive name is given.
 * Bounding boxes are [minLat, minLng, maxLat, maxLng], good to about 0.1°.
 */

export interface LocalizedName {
  en: string;
  fr: string;
  es: string;
}

export interface CountryRow {
  id: number;
  country: LocalizedName;
  administrative: string;
}

export const countries: CountryRow[] = [
  { id: 1, country: { en: 'Canada', fr: 'Canada', es: 'Canadá' }, administrative: 'CA' },
  { id: 2, country: { en: 'United States', fr: 'États-Unis', es: 'Estados Unidos' }, administrative: 'US' },
  { id: 3, country: { en: 'Mexico', fr: 'Mexique', es: 'México' }, administrative: 'MX' },
];

export interface ProvinceRow {
  province_id: number;
  province: string;
  country_id: 1 | 2 | 3;
  administrative: string;
  bbox: [number, number, number, number];
}

export const provinces: ProvinceRow[] = [
  { province_id: 1, province: 'Alberta', country_id: 1, administrative: 'AB', bbox: [48.99, -120.0, 60.0, -110.0] },
  {
    province_id: 2,
    province: 'British Columbia',
    country_id: 1,
    administrative: 'BC',
    bbox: [48.3, -139.06, 60.0, -114.03],
  },
  { province_id: 3, province: 'Manitoba', country_id: 1, administrative: 'MB', bbox: [48.99, -102.03, 60.0, -88.94] },
  {
    province_id: 4,
    province: 'New Brunswick',
    country_id: 1,
    administrative: 'NB',
    bbox: [44.56, -69.06, 48.07, -63.77],
  },
  {
    province_id: 5,
    province: 'Newfoundland and Labrador',
    country_id: 1,
    administrative: 'NL',
    bbox: [46.61, -67.8, 60.37, -52.62],
  },
  { province_id: 6, province: 'Nova Scotia', country_id: 1, administrative: 'NS', bbox: [43.42, -66.4, 47.03, -59.68] },
  {
    province_id: 7,
    province: 'Northwest Territories',
    country_id: 1,
    administrative: 'NT',
    bbox: [60.0, -136.45, 78.77, -101.98],
  },
  { province_id: 8, province: 'Nunavut', country_id: 1, administrative: 'NU', bbox: [51.65, -120.68, 83.11, -61.08] },
  { province_id: 9, province: 'Ontario', country_id: 1, administrative: 'ON', bbox: [41.68, -95.16, 56.86, -74.34] },
  {
    province_id: 10,
    province: 'Prince Edward Island',
    country_id: 1,
    administrative: 'PE',
    bbox: [45.95, -64.42, 47.06, -61.97],
  },
  { province_id: 11, province: 'Québec', country_id: 1, administrative: 'QC', bbox: [44.99, -79.77, 62.59, -57.1] },
  {
    province_id: 12,
    province: 'Saskatchewan',
    country_id: 1,
    administrative: 'SK',
    bbox: [48.99, -110.0, 60.0, -101.36],
  },
  { province_id: 13, province: 'Yukon', country_id: 1, administrative: 'YT', bbox: [60.0, -141.0, 69.65, -123.81] },

  { province_id: 14, province: 'Alaska', country_id: 2, administrative: 'AK', bbox: [51.21, -179.15, 71.39, -129.98] },
  { province_id: 15, province: 'Alabama', country_id: 2, administrative: 'AL', bbox: [30.14, -88.47, 35.01, -84.89] },
  { province_id: 16, province: 'Arkansas', country_id: 2, administrative: 'AR', bbox: [33.0, -94.62, 36.5, -89.64] },
  { province_id: 17, province: 'Arizona', country_id: 2, administrative: 'AZ', bbox: [31.33, -114.82, 37.0, -109.04] },
  {
    province_id: 18,
    province: 'California',
    country_id: 2,
    administrative: 'CA',
    bbox: [32.53, -124.41, 42.01, -114.13],
  },
  { province_id: 19, province: 'Colorado', country_id: 2, administrative: 'CO', bbox: [36.99, -109.06, 41.0, -102.04] },
  {
    province_id: 20,
    province: 'Connecticut',
    country_id: 2,
    administrative: 'CT',
    bbox: [40.98, -73.73, 42.05, -71.79],
  },
  {
    province_id: 21,
    province: 'District of Columbia',
    country_id: 2,
    administrative: 'DC',
    bbox: [38.79, -77.12, 39.0, -76.91],
  },
  { province_id: 22, province: 'Delaware', country_id: 2, administrative: 'DE', bbox: [38.45, -75.79, 39.84, -75.05] },
  { province_id: 23, province: 'Florida', country_id: 2, administrative: 'FL', bbox: [24.52, -87.63, 31.0, -80.03] },
  { province_id: 24, province: 'Georgia', country_id: 2, administrative: 'GA', bbox: [30.36, -85.61, 35.0, -80.84] },
  { province_id: 25, province: 'Hawaii', country_id: 2, administrative: 'HI', bbox: [18.91, -178.34, 28.4, -154.81] },
  { province_id: 26, province: 'Iowa', country_id: 2, administrative: 'IA', bbox: [40.38, -96.64, 43.5, -90.14] },
  { province_id: 27, province: 'Idaho', country_id: 2, administrative: 'ID', bbox: [41.99, -117.24, 49.0, -111.04] },
  { province_id: 28, province: 'Illinois', country_id: 2, administrative: 'IL', bbox: [36.97, -91.51, 42.51, -87.49] },
  { province_id: 29, province: 'Indiana', country_id: 2, administrative: 'IN', bbox: [37.77, -88.1, 41.76, -84.78] },
  { province_id: 30, province: 'Kansas', country_id: 2, administrative: 'KS', bbox: [36.99, -102.05, 40.0, -94.59] },
  { province_id: 31, province: 'Kentucky', country_id: 2, administrative: 'KY', bbox: [36.5, -89.57, 39.15, -81.96] },
  { province_id: 32, province: 'Louisiana', country_id: 2, administrative: 'LA', bbox: [28.93, -94.04, 33.02, -88.82] },
  {
    province_id: 33,
    province: 'Massachusetts',
    country_id: 2,
    administrative: 'MA',
    bbox: [41.24, -73.51, 42.89, -69.93],
  },
  { province_id: 34, province: 'Maryland', country_id: 2, administrative: 'MD', bbox: [37.91, -79.49, 39.72, -75.05] },
  { province_id: 35, province: 'Maine', country_id: 2, administrative: 'ME', bbox: [43.06, -71.08, 47.46, -66.95] },
  { province_id: 36, province: 'Michigan', country_id: 2, administrative: 'MI', bbox: [41.7, -90.42, 48.31, -82.41] },
  { province_id: 37, province: 'Minnesota', country_id: 2, administrative: 'MN', bbox: [43.5, -97.24, 49.38, -89.49] },
  { province_id: 38, province: 'Missouri', country_id: 2, administrative: 'MO', bbox: [35.99, -95.77, 40.61, -89.1] },
  { province_id: 39, province: 'Mississippi', country_id: 2, administrative: 'MS', bbox: [30.17, -91.66, 35.0, -88.1] },
  { province_id: 40, province: 'Montana', country_id: 2, administrative: 'MT', bbox: [44.36, -116.05, 49.0, -104.04] },
  {
    province_id: 41,
    province: 'North Carolina',
    country_id: 2,
    administrative: 'NC',
    bbox: [33.84, -84.32, 36.59, -75.46],
  },
  {
    province_id: 42,
    province: 'North Dakota',
    country_id: 2,
    administrative: 'ND',
    bbox: [45.94, -104.05, 49.0, -96.55],
  },
  { province_id: 43, province: 'Nebraska', country_id: 2, administrative: 'NE', bbox: [40.0, -104.05, 43.0, -95.31] },
  {
    province_id: 44,
    province: 'New Hampshire',
    country_id: 2,
    administrative: 'NH',
    bbox: [42.7, -72.56, 45.31, -70.61],
  },
  {
    province_id: 45,
    province: 'New Jersey',
    country_id: 2,
    administrative: 'NJ',
    bbox: [38.93, -75.56, 41.36, -73.89],
  },
  {
    province_id: 46,
    province: 'New Mexico',
    country_id: 2,
    administrative: 'NM',
    bbox: [31.33, -109.05, 37.0, -103.0],
  },
  { province_id: 47, province: 'Nevada', country_id: 2, administrative: 'NV', bbox: [35.0, -120.01, 42.0, -114.04] },
  { province_id: 48, province: 'New York', country_id: 2, administrative: 'NY', bbox: [40.5, -79.76, 45.02, -71.86] },
  { province_id: 49, province: 'Ohio', country_id: 2, administrative: 'OH', bbox: [38.4, -84.82, 41.98, -80.52] },
  { province_id: 50, province: 'Oklahoma', country_id: 2, administrative: 'OK', bbox: [33.62, -103.0, 37.0, -94.43] },
  { province_id: 51, province: 'Oregon', country_id: 2, administrative: 'OR', bbox: [41.99, -124.57, 46.29, -116.46] },
  {
    province_id: 52,
    province: 'Pennsylvania',
    country_id: 2,
    administrative: 'PA',
    bbox: [39.72, -80.52, 42.27, -74.69],
  },
  {
    province_id: 53,
    province: 'Rhode Island',
    country_id: 2,
    administrative: 'RI',
    bbox: [41.15, -71.91, 42.02, -71.12],
  },
  {
    province_id: 54,
    province: 'South Carolina',
    country_id: 2,
    administrative: 'SC',
    bbox: [32.03, -83.35, 35.22, -78.54],
  },
  {
    province_id: 55,
    province: 'South Dakota',
    country_id: 2,
    administrative: 'SD',
    bbox: [42.48, -104.06, 45.95, -96.44],
  },
  { province_id: 56, province: 'Tennessee', country_id: 2, administrative: 'TN', bbox: [34.98, -90.31, 36.68, -81.65] },
  { province_id: 57, province: 'Texas', country_id: 2, administrative: 'TX', bbox: [25.84, -106.65, 36.5, -93.51] },
  { province_id: 58, province: 'Utah', country_id: 2, administrative: 'UT', bbox: [37.0, -114.05, 42.0, -109.04] },
  { province_id: 59, province: 'Virginia', country_id: 2, administrative: 'VA', bbox: [36.54, -83.68, 39.47, -75.24] },
  { province_id: 60, province: 'Vermont', country_id: 2, administrative: 'VT', bbox: [42.73, -73.44, 45.02, -71.46] },
  {
    province_id: 61,
    province: 'Washington',
    country_id: 2,
    administrative: 'WA',
    bbox: [45.54, -124.85, 49.0, -116.92],
  },
  { province_id: 62, province: 'Wisconsin', country_id: 2, administrative: 'WI', bbox: [42.49, -92.89, 47.08, -86.8] },
  {
    province_id: 63,
    province: 'West Virginia',
    country_id: 2,
    administrative: 'WV',
    bbox: [37.2, -82.64, 40.64, -77.72],
  },
  { province_id: 64, province: 'Wyoming', country_id: 2, administrative: 'WY', bbox: [40.99, -111.06, 45.01, -104.05] },

  {
    province_id: 65,
    province: 'Aguascalientes',
    country_id: 3,
    administrative: 'AGU',
    bbox: [21.62, -102.88, 22.46, -101.84],
  },
  {
    province_id: 66,
    province: 'Baja California',
    country_id: 3,
    administrative: 'BCN',
    bbox: [28.0, -118.41, 32.72, -112.65],
  },
  {
    province_id: 67,
    province: 'Baja California Sur',
    country_id: 3,
    administrative: 'BCS',
    bbox: [22.87, -115.22, 28.0, -109.41],
  },
  { province_id: 68, province: 'Campeche', country_id: 3, administrative: 'CAM', bbox: [17.81, -92.47, 20.85, -89.12] },
  {
    province_id: 69,
    province: 'Chihuahua',
    country_id: 3,
    administrative: 'CHH',
    bbox: [25.56, -109.07, 31.78, -103.31],
  },
  { province_id: 70, province: 'Chiapas', country_id: 3, administrative: 'CHP', bbox: [14.53, -94.14, 17.98, -90.37] },
  {
    province_id: 71,
    province: 'Ciudad de México',
    country_id: 3,
    administrative: 'CMX',
    bbox: [19.05, -99.37, 19.59, -98.94],
  },
  {
    province_id: 72,
    province: 'Coahuila',
    country_id: 3,
    administrative: 'COA',
    bbox: [24.54, -103.96, 29.88, -99.84],
  },
  { province_id: 73, province: 'Colima', country_id: 3, administrative: 'COL', bbox: [18.68, -104.7, 19.52, -103.48] },
  {
    province_id: 74,
    province: 'Durango',
    country_id: 3,
    administrative: 'DUR',
    bbox: [22.34, -107.21, 26.85, -102.47],
  },
  {
    province_id: 75,
    province: 'Guerrero',
    country_id: 3,
    administrative: 'GRO',
    bbox: [16.31, -102.19, 18.89, -98.01],
  },
  {
    province_id: 76,
    province: 'Guanajuato',
    country_id: 3,
    administrative: 'GUA',
    bbox: [19.91, -102.1, 21.84, -99.67],
  },
  { province_id: 77, province: 'Hidalgo', country_id: 3, administrative: 'HID', bbox: [19.6, -99.87, 21.4, -97.98] },
  { province_id: 78, province: 'Jalisco', country_id: 3, administrative: 'JAL', bbox: [18.93, -105.7, 22.75, -101.51] },
  {
    province_id: 79,
    province: 'Estado de México',
    country_id: 3,
    administrative: 'MEX',
    bbox: [18.37, -100.61, 20.29, -98.6],
  },
  {
    province_id: 80,
    province: 'Michoacán',
    country_id: 3,
    administrative: 'MIC',
    bbox: [17.92, -103.74, 20.39, -100.06],
  },
  { province_id: 81, province: 'Morelos', country_id: 3, administrative: 'MOR', bbox: [18.33, -99.49, 19.13, -98.63] },
  { province_id: 82, province: 'Nayarit', country_id: 3, administrative: 'NAY', bbox: [20.6, -106.7, 23.08, -103.72] },
  {
    province_id: 83,
    province: 'Nuevo León',
    country_id: 3,
    administrative: 'NLE',
    bbox: [23.16, -101.21, 27.8, -98.42],
  },
  { province_id: 84, province: 'Oaxaca', country_id: 3, administrative: 'OAX', bbox: [15.65, -98.55, 18.67, -93.87] },
  { province_id: 85, province: 'Puebla', country_id: 3, administrative: 'PUE', bbox: [17.86, -99.07, 20.84, -96.72] },
  {
    province_id: 86,
    province: 'Querétaro',
    country_id: 3,
    administrative: 'QUE',
    bbox: [20.01, -100.6, 21.67, -99.04],
  },
  {
    province_id: 87,
    province: 'Quintana Roo',
    country_id: 3,
    administrative: 'ROO',
    bbox: [17.89, -89.3, 21.61, -86.71],
  },
  {
    province_id: 88,
    province: 'Sinaloa',
    country_id: 3,
    administrative: 'SIN',
    bbox: [22.47, -109.45, 26.95, -105.39],
  },
  {
    province_id: 89,
    province: 'San Luis Potosí',
    country_id: 3,
    administrative: 'SLP',
    bbox: [21.16, -102.3, 24.49, -98.33],
  },
  { province_id: 90, province: 'Sonora', country_id: 3, administrative: 'SON', bbox: [26.3, -114.82, 32.49, -108.42] },
  { province_id: 91, province: 'Tabasco', country_id: 3, administrative: 'TAB', bbox: [17.25, -94.13, 18.65, -90.98] },
  {
    province_id: 92,
    province: 'Tamaulipas',
    country_id: 3,
    administrative: 'TAM',
    bbox: [22.21, -100.14, 27.68, -97.14],
  },
  { province_id: 93, province: 'Tlaxcala', country_id: 3, administrative: 'TLA', bbox: [19.1, -98.71, 19.73, -97.63] },
  { province_id: 94, province: 'Veracruz', country_id: 3, administrative: 'VER', bbox: [17.14, -98.68, 22.47, -93.61] },
  { province_id: 95, province: 'Yucatán', country_id: 3, administrative: 'YUC', bbox: [19.55, -90.41, 21.62, -87.53] },
  {
    province_id: 96,
    province: 'Zacatecas',
    country_id: 3,
    administrative: 'ZAC',
    bbox: [21.04, -104.38, 25.13, -100.74],
  },
];

export interface ReferenceRow {
  id: number;
  name: LocalizedName;
}

export const abundances: ReferenceRow[] = [
  { id: 1, name: { en: 'Rare (less than 1/m2)', fr: 'Rare (moins de 1/m2)', es: 'Escaso (menos de 1/m2)' } },
  { id: 2, name: { en: 'Dotted (1-10/m2)', fr: 'Dispersé (1-10/m2)', es: 'Disperso (1-10/m2)' } },
  { id: 3, name: { en: 'Abundant (10-50/m2)', fr: 'Abondant (10-50/m2)', es: 'Abundante (10-50/m2)' } },
  {
    id: 4,
    name: {
      en: 'Very abundant (more than 50/m2)',
      fr: 'Très abondant (plus de 50/m2)',
      es: 'Muy abundante (más de 50/m2)',
    },
  },
  { id: 5, name: { en: 'Patch', fr: 'Colonie', es: 'Manchón' } },
];

export const locationsizes: ReferenceRow[] = [
  { id: 1, name: { en: 'Rare (less than 1/m2)', fr: 'Rare (moins de 1/m2)', es: 'Escaso (menos de 1/m2)' } },
  { id: 2, name: { en: 'Dotted (1-10/m2)', fr: 'Dispersé (1-10/m2)', es: 'Disperso (1-10/m2)' } },
  { id: 3, name: { en: 'Abundant (10-50/m2)', fr: 'Abondant (10-50/m2)', es: 'Abundante (10-50/m2)' } },
  {
    id: 4,
    name: {
      en: 'Very abundant (more than 50/m2)',
      fr: 'Très abondant (plus de 50/m2)',
      es: 'Muy abundante (más de 50/m2)',
    },
  },
  { id: 5, name: { en: 'Patch', fr: 'Colonie', es: 'Manchón' } },
];

export const basisofrecords: ReferenceRow[] = [
  { id: 1, name: { en: 'Sight', fr: 'Observation visuelle', es: 'Avistamiento' } },
  { id: 2, name: { en: 'Collected', fr: 'Prélevé', es: 'Colectado' } },
  { id: 3, name: { en: 'Photograph', fr: 'Photographie', es: 'Fotografía' } },
  { id: 4, name: { en: 'Caught/Released', fr: 'Capturé/relâché', es: 'Capturado/liberado' } },
  { id: 5, name: { en: 'Road-kill', fr: 'Mort sur la route', es: 'Atropellado' } },
];

export const checklisttypes: ReferenceRow[] = [
  { id: 1, name: { en: 'Traveling Survey', fr: 'Inventaire itinérant', es: 'Muestreo itinerante' } },
  { id: 2, name: { en: 'Area Survey', fr: 'Inventaire par superficie', es: 'Muestreo por área' } },
  {
    id: 3,
    name: { en: 'Incidental Observation(s)', fr: 'Observation(s) fortuite(s)', es: 'Observación(es) incidental(es)' },
  },
  { id: 4, name: { en: 'Pollard transect', fr: 'Transect Pollard', es: 'Transecto Pollard' } },
  { id: 5, name: { en: 'Atlas square', fr: "Parcelle d'atlas", es: 'Cuadrícula de atlas' } },
  { id: 6, name: { en: 'Timed count', fr: 'Décompte chronométré', es: 'Conteo cronometrado' } },
  { id: 7, name: { en: 'Historical', fr: 'Historique', es: 'Histórico' } },
];

export const observationstatus: ReferenceRow[] = [
  { id: 1, name: { en: 'Pending', fr: 'En attente', es: 'Pendiente' } },
  { id: 2, name: { en: 'Vetted', fr: 'Vérifiée', es: 'Revisada' } },
  { id: 3, name: { en: 'Deleted', fr: 'Supprimée', es: 'Eliminada' } },
  { id: 4, name: { en: 'Valid', fr: 'Valide', es: 'Válida' } },
  { id: 5, name: { en: 'Invalid', fr: 'Non valide', es: 'No válida' } },
  { id: 6, name: { en: 'Test', fr: 'Test', es: 'Prueba' } },
];

export const submittypes: ReferenceRow[] = [
  { id: 1, name: { en: 'Web', fr: 'Web', es: 'Web' } },
  { id: 2, name: { en: 'Mobile', fr: 'Mobile', es: 'Móvil' } },
  { id: 3, name: { en: 'API', fr: 'API', es: 'API' } },
  { id: 4, name: { en: 'Batch Upload', fr: 'Téléversement par lot', es: 'Carga por lotes' } },
];

export const lifestages: ReferenceRow[] = [
  { id: 1, name: { en: 'Adult', fr: 'Adulte', es: 'Adulto' } },
  { id: 2, name: { en: 'Eggs', fr: 'Œufs', es: 'Huevos' } },
  { id: 3, name: { en: 'Caterpillar', fr: 'Chenille', es: 'Oruga' } },
  { id: 4, name: { en: 'Chrysalis', fr: 'Chrysalide', es: 'Crisálida' } },
];

export const roles: ReferenceRow[] = [
  { id: 1, name: { en: 'Admin', fr: 'Administrateur', es: 'Administrador' } },
  { id: 2, name: { en: 'Region admin', fr: 'Administrateur régional', es: 'Administrador regional' } },
  { id: 3, name: { en: 'MM User', fr: 'Utilisateur MM', es: 'Usuario MM' } },
  { id: 4, name: { en: 'Observer', fr: 'Observateur', es: 'Observador' } },
];

export const languages: ReferenceRow[] = [
  { id: 1, name: { en: 'English', fr: 'Anglais', es: 'Inglés' } },
  { id: 2, name: { en: 'French', fr: 'Français', es: 'Francés' } },
  { id: 3, name: { en: 'Spanish', fr: 'Espagnol', es: 'Español' } },
];

export const reasons: ReferenceRow[] = [
  { id: 1, name: { en: 'Scientific research', fr: 'Recherche scientifique', es: 'Investigación científica' } },
  { id: 2, name: { en: 'Education / teaching', fr: 'Éducation / enseignement', es: 'Educación / enseñanza' } },
  {
    id: 3,
    name: {
      en: 'Conservation planning',
      fr: 'Planification de la conservation',
      es: 'Planeación para la conservación',
    },
  },
  { id: 4, name: { en: 'Personal interest', fr: 'Intérêt personnel', es: 'Interés personal' } },
  { id: 5, name: { en: 'Journalism / media', fr: 'Journalisme / médias', es: 'Periodismo / medios' } },
  {
    id: 6,
    name: {
      en: 'Government or policy',
      fr: 'Gouvernement ou politiques publiques',
      es: 'Gobierno o políticas públicas',
    },
  },
  { id: 7, name: { en: 'Other', fr: 'Autre', es: 'Otro' } },
];

export interface MilkweedRow {
  milkweed_id: number;
  latin_name: string;
  english_name: string;
  french_name: string;
  spanish_name: string;
}

export const milkweedSpecies: MilkweedRow[] = [
  {
    milkweed_id: 1,
    latin_name: 'Asclepias albicans',
    english_name: 'Whitestem milkweed',
    french_name: 'Asclépiade à tige blanche',
    spanish_name: 'Algodoncillo de tallo blanco',
  },
  {
    milkweed_id: 2,
    latin_name: 'Asclepias amplexicaulis',
    english_name: 'Clasping milkweed',
    french_name: 'Asclépiade amplexicaule',
    spanish_name: 'Algodoncillo de hoja abrazadora',
  },
  {
    milkweed_id: 3,
    latin_name: 'Asclepias angustifolia',
    english_name: 'Arizona milkweed',
    french_name: "Asclépiade de l'Arizona",
    spanish_name: 'Algodoncillo de Arizona',
  },
  {
    milkweed_id: 4,
    latin_name: 'Asclepias arenaria',
    english_name: 'Sand milkweed',
    french_name: 'Asclépiade des sables',
    spanish_name: 'Algodoncillo de arena',
  },
  {
    milkweed_id: 5,
    latin_name: 'Asclepias asperula',
    english_name: 'Antelope horns',
    french_name: "Asclépiade à cornes d'antilope",
    spanish_name: 'Algodoncillo cuerno de antílope',
  },
  {
    milkweed_id: 6,
    latin_name: 'Asclepias brachystephana',
    english_name: 'Bract milkweed',
    french_name: 'Asclépiade à couronne courte',
    spanish_name: 'Algodoncillo de corona corta',
  },
  {
    milkweed_id: 7,
    latin_name: 'Asclepias californica',
    english_name: 'California milkweed',
    french_name: 'Asclépiade de Californie',
    spanish_name: 'Algodoncillo de California',
  },
  {
    milkweed_id: 8,
    latin_name: 'Asclepias cinerea',
    english_name: 'Carolina milkweed',
    french_name: 'Asclépiade de Caroline',
    spanish_name: 'Algodoncillo de Carolina',
  },
  {
    milkweed_id: 9,
    latin_name: 'Asclepias connivens',
    english_name: 'Largeflower milkweed',
    french_name: 'Asclépiade à grandes fleurs',
    spanish_name: 'Algodoncillo de flor grande',
  },
  {
    milkweed_id: 10,
    latin_name: 'Asclepias cordifolia',
    english_name: 'Heartleaf milkweed',
    french_name: 'Asclépiade à feuilles cordées',
    spanish_name: 'Algodoncillo de hoja acorazonada',
  },
  {
    milkweed_id: 11,
    latin_name: 'Asclepias curassavica',
    english_name: 'Tropical milkweed',
    french_name: 'Asclépiade de Curaçao',
    spanish_name: 'Algodoncillo tropical',
  },
  {
    milkweed_id: 12,
    latin_name: 'Asclepias emoryi',
    english_name: "Emory's milkweed",
    french_name: "Asclépiade d'Emory",
    spanish_name: 'Algodoncillo de Emory',
  },
  {
    milkweed_id: 13,
    latin_name: 'Asclepias engelmanniana',
    english_name: "Engelmann's milkweed",
    french_name: "Asclépiade d'Engelmann",
    spanish_name: 'Algodoncillo de Engelmann',
  },
  {
    milkweed_id: 14,
    latin_name: 'Asclepias eriocarpa',
    english_name: 'Woollypod milkweed',
    french_name: 'Asclépiade à fruits laineux',
    spanish_name: 'Algodoncillo de fruto lanoso',
  },
  {
    milkweed_id: 15,
    latin_name: 'Asclepias erosa',
    english_name: 'Desert milkweed',
    french_name: 'Asclépiade du désert',
    spanish_name: 'Algodoncillo del desierto',
  },
  {
    milkweed_id: 16,
    latin_name: 'Asclepias exaltata',
    english_name: 'Poke milkweed',
    french_name: 'Asclépiade très grande',
    spanish_name: 'Algodoncillo alto',
  },
  {
    milkweed_id: 17,
    latin_name: 'Asclepias fascicularis',
    english_name: 'Mexican whorled milkweed',
    french_name: 'Asclépiade à feuilles étroites',
    spanish_name: 'Algodoncillo de hoja angosta',
  },
  {
    milkweed_id: 18,
    latin_name: 'Asclepias glaucescens',
    english_name: 'Nodding milkweed',
    french_name: 'Asclépiade glauque',
    spanish_name: 'Algodoncillo glauco',
  },
  {
    milkweed_id: 19,
    latin_name: 'Asclepias hallii',
    english_name: "Hall's milkweed",
    french_name: 'Asclépiade de Hall',
    spanish_name: 'Algodoncillo de Hall',
  },
  {
    milkweed_id: 20,
    latin_name: 'Asclepias hirtella',
    english_name: 'Tall green milkweed',
    french_name: 'Asclépiade hirtelle',
    spanish_name: 'Algodoncillo verde alto',
  },
  {
    milkweed_id: 21,
    latin_name: 'Asclepias humistrata',
    english_name: 'Pinewoods milkweed',
    french_name: 'Asclépiade des pinèdes',
    spanish_name: 'Algodoncillo de pinar',
  },
  {
    milkweed_id: 22,
    latin_name: 'Asclepias incarnata',
    english_name: 'Swamp milkweed',
    french_name: 'Asclépiade incarnate',
    spanish_name: 'Algodoncillo de pantano',
  },
  {
    milkweed_id: 23,
    latin_name: 'Asclepias involucrata',
    english_name: 'Dwarf milkweed',
    french_name: 'Asclépiade naine',
    spanish_name: 'Algodoncillo enano',
  },
  {
    milkweed_id: 24,
    latin_name: 'Asclepias lanceolata',
    english_name: 'Fewflower milkweed',
    french_name: 'Asclépiade lancéolée',
    spanish_name: 'Algodoncillo lanceolado',
  },
  {
    milkweed_id: 25,
    latin_name: 'Asclepias latifolia',
    english_name: 'Broadleaf milkweed',
    french_name: 'Asclépiade à larges feuilles',
    spanish_name: 'Algodoncillo de hoja ancha',
  },
  {
    milkweed_id: 26,
    latin_name: 'Asclepias linaria',
    english_name: 'Pineneedle milkweed',
    french_name: 'Asclépiade à aiguilles de pin',
    spanish_name: 'Algodoncillo hoja de pino',
  },
  {
    milkweed_id: 27,
    latin_name: 'Asclepias linearis',
    english_name: 'Slim milkweed',
    french_name: 'Asclépiade linéaire',
    spanish_name: 'Algodoncillo delgado',
  },
  {
    milkweed_id: 28,
    latin_name: 'Asclepias longifolia',
    english_name: 'Longleaf milkweed',
    french_name: 'Asclépiade à longues feuilles',
    spanish_name: 'Algodoncillo de hoja larga',
  },
  {
    milkweed_id: 29,
    latin_name: 'Asclepias macrotis',
    english_name: 'Longhood milkweed',
    french_name: 'Asclépiade à longs capuchons',
    spanish_name: 'Algodoncillo de capucha larga',
  },
  {
    milkweed_id: 30,
    latin_name: 'Asclepias meadii',
    english_name: "Mead's milkweed",
    french_name: 'Asclépiade de Mead',
    spanish_name: 'Algodoncillo de Mead',
  },
  {
    milkweed_id: 31,
    latin_name: 'Asclepias mexicana',
    // "Mexican milkweed" alone also names A. curassavica and A. fascicularis: the Latin name disambiguates.
    english_name: 'Mexican milkweed (A. mexicana)',
    french_name: 'Asclépiade du Mexique (A. mexicana)',
    spanish_name: 'Algodoncillo mexicano (A. mexicana)',
  },
  {
    milkweed_id: 32,
    latin_name: 'Asclepias michauxii',
    english_name: "Michaux's milkweed",
    french_name: 'Asclépiade de Michaux',
    spanish_name: 'Algodoncillo de Michaux',
  },
  {
    milkweed_id: 33,
    latin_name: 'Asclepias nyctaginifolia',
    english_name: 'Mojave milkweed',
    french_name: 'Asclépiade du Mojave',
    spanish_name: 'Algodoncillo de Mojave',
  },
  {
    milkweed_id: 34,
    latin_name: 'Asclepias obovata',
    english_name: 'Pineland milkweed',
    french_name: 'Asclépiade à feuilles obovales',
    spanish_name: 'Algodoncillo de hoja obovada',
  },
  {
    milkweed_id: 35,
    latin_name: 'Asclepias oenotheroides',
    english_name: 'Zizotes milkweed',
    french_name: 'Asclépiade faux-onagre',
    spanish_name: 'Algodoncillo zizotes',
  },
  {
    milkweed_id: 36,
    latin_name: 'Asclepias ovalifolia',
    english_name: 'Oval-leaf milkweed',
    french_name: 'Asclépiade à feuilles ovales',
    spanish_name: 'Algodoncillo de hoja oval',
  },
  {
    milkweed_id: 37,
    latin_name: 'Asclepias perennis',
    english_name: 'Aquatic milkweed',
    french_name: 'Asclépiade aquatique',
    spanish_name: 'Algodoncillo acuático',
  },
  {
    milkweed_id: 38,
    latin_name: 'Asclepias purpurascens',
    english_name: 'Purple milkweed',
    french_name: 'Asclépiade pourpre',
    spanish_name: 'Algodoncillo púrpura',
  },
  {
    milkweed_id: 39,
    latin_name: 'Asclepias quadrifolia',
    english_name: 'Fourleaf milkweed',
    french_name: 'Asclépiade à quatre feuilles',
    spanish_name: 'Algodoncillo de cuatro hojas',
  },
  {
    milkweed_id: 40,
    latin_name: 'Asclepias rubra',
    english_name: 'Red milkweed',
    french_name: 'Asclépiade rouge',
    spanish_name: 'Algodoncillo rojo',
  },
  {
    milkweed_id: 41,
    latin_name: 'Asclepias speciosa',
    english_name: 'Showy milkweed',
    french_name: 'Asclépiade remarquable',
    spanish_name: 'Algodoncillo vistoso',
  },
  {
    milkweed_id: 42,
    latin_name: 'Asclepias stenophylla',
    english_name: 'Slimleaf milkweed',
    french_name: 'Asclépiade à feuilles minces',
    spanish_name: 'Algodoncillo de hoja delgada',
  },
  {
    milkweed_id: 43,
    latin_name: 'Asclepias subulata',
    english_name: 'Rush milkweed',
    french_name: 'Asclépiade jonciforme',
    spanish_name: 'Algodoncillo de junco',
  },
  {
    milkweed_id: 44,
    latin_name: 'Asclepias subverticillata',
    english_name: 'Horsetail milkweed',
    french_name: 'Asclépiade queue-de-cheval',
    spanish_name: 'Algodoncillo cola de caballo',
  },
  {
    milkweed_id: 45,
    latin_name: 'Asclepias sullivantii',
    english_name: 'Prairie milkweed',
    french_name: 'Asclépiade de Sullivant',
    spanish_name: 'Algodoncillo de pradera',
  },
  {
    milkweed_id: 46,
    latin_name: 'Asclepias syriaca',
    english_name: 'Common milkweed',
    french_name: 'Asclépiade commune',
    spanish_name: 'Algodoncillo común',
  },
  {
    milkweed_id: 47,
    latin_name: 'Asclepias texana',
    english_name: 'Texas milkweed',
    french_name: 'Asclépiade du Texas',
    spanish_name: 'Algodoncillo de Texas',
  },
  {
    milkweed_id: 48,
    latin_name: 'Asclepias tomentosa',
    english_name: 'Velvetleaf milkweed',
    french_name: 'Asclépiade tomenteuse',
    spanish_name: 'Algodoncillo aterciopelado',
  },
  {
    milkweed_id: 49,
    latin_name: 'Asclepias tuberosa',
    english_name: 'Butterfly milkweed',
    french_name: 'Asclépiade tubéreuse',
    spanish_name: 'Algodoncillo tuberoso',
  },
  {
    milkweed_id: 50,
    latin_name: 'Asclepias variegata',
    english_name: 'Redring milkweed',
    french_name: 'Asclépiade panachée',
    spanish_name: 'Algodoncillo de anillo rojo',
  },
  {
    milkweed_id: 51,
    latin_name: 'Asclepias verticillata',
    english_name: 'Whorled milkweed',
    french_name: 'Asclépiade verticillée',
    spanish_name: 'Algodoncillo verticilado',
  },
  {
    milkweed_id: 52,
    latin_name: 'Asclepias vestita',
    english_name: 'Woolly milkweed',
    french_name: 'Asclépiade laineuse',
    spanish_name: 'Algodoncillo lanudo',
  },
  {
    milkweed_id: 53,
    latin_name: 'Asclepias viridiflora',
    english_name: 'Green comet milkweed',
    french_name: 'Asclépiade à fleurs vertes',
    spanish_name: 'Algodoncillo de flor verde',
  },
  {
    milkweed_id: 54,
    latin_name: 'Asclepias viridis',
    english_name: 'Green antelopehorn',
    french_name: 'Asclépiade verte',
    spanish_name: 'Algodoncillo verde',
  },
  {
    milkweed_id: 55,
    latin_name: 'Asclepias viridula',
    english_name: 'Southern milkweed',
    french_name: 'Asclépiade verdâtre',
    spanish_name: 'Algodoncillo sureño',
  },
  {
    milkweed_id: 56,
    latin_name: 'Asclepias welshii',
    english_name: "Welsh's milkweed",
    french_name: 'Asclépiade de Welsh',
    spanish_name: 'Algodoncillo de Welsh',
  },
  {
    milkweed_id: 57,
    latin_name: 'Calotropis procera',
    english_name: 'Roostertree',
    french_name: 'Pommier de Sodome',
    spanish_name: 'Algodón de seda',
  },
  {
    milkweed_id: 58,
    latin_name: 'Cynanchum laeve',
    english_name: 'Honeyvine',
    french_name: 'Cynanque lisse',
    spanish_name: 'Enredadera de miel',
  },
  {
    milkweed_id: 59,
    latin_name: 'Funastrum cynanchoides',
    english_name: 'Climbing milkweed',
    french_name: 'Asclépiade grimpante',
    spanish_name: 'Algodoncillo trepador',
  },
  {
    milkweed_id: 60,
    latin_name: 'Gomphocarpus physocarpus',
    english_name: 'Balloonplant',
    french_name: 'Plante ballon',
    spanish_name: 'Algodoncillo de globo',
  },
  {
    milkweed_id: 61,
    latin_name: 'Asclepias pumila',
    english_name: 'Plains milkweed',
    french_name: 'Asclépiade naine',
    spanish_name: 'Algodoncillo enano',
  },
  {
    milkweed_id: 999,
    latin_name: 'Asclepias sp.',
    english_name: 'Milkweed (unidentified)',
    french_name: 'Asclépiade (non identifiée)',
    spanish_name: 'Algodoncillo (no identificado)',
  },
];
