/**
 * Recognises Canadian provinces and territories, US states (+ DC) and Mexican states in the free-text
 * "state/province" columns of sighting files, which mix codes ("ON", "GUA"), names ("Colorado",
 * "Coahuila de Zaragoza", "Manitoba (Prov.)") and junk ("Nueces County", "97500", "Scotland").
 */

// Canada and the US use 2-letter postal codes; Mexico uses the 3-letter ISO 3166-2:MX subdivision codes.
// A bare "Mexico" is left out on purpose: in these columns it names the country as often as the State of Mexico.
const NAMES_BY_CODE: Readonly<Record<string, readonly string[]>> = {
  AB: ['Alberta'],
  BC: ['British Columbia', 'Colombie-Britannique'],
  MB: ['Manitoba'],
  NB: ['New Brunswick', 'Nouveau-Brunswick'],
  NL: ['Newfoundland and Labrador', 'Newfoundland', 'Terre-Neuve-et-Labrador'],
  NS: ['Nova Scotia', 'Nouvelle-Ecosse'],
  NT: ['Northwest Territories', 'Territoires du Nord-Ouest'],
  NU: ['Nunavut'],
  ON: ['Ontario'],
  PE: ['Prince Edward Island', 'Ile-du-Prince-Edouard'],
  QC: ['Quebec'],
  SK: ['Saskatchewan'],
  YT: ['Yukon'],
  AL: ['Alabama'],
  AK: ['Alaska'],
  AZ: ['Arizona'],
  AR: ['Arkansas'],
  CA: ['California'],
  CO: ['Colorado'],
  CT: ['Connecticut'],
  DE: ['Delaware'],
  DC: ['District of Columbia', 'Washington DC', 'Washington D.C.'],
  FL: ['Florida'],
  GA: ['Georgia'],
  HI: ['Hawaii'],
  ID: ['Idaho'],
  IL: ['Illinois'],
  IN: ['Indiana'],
  IA: ['Iowa'],
  KS: ['Kansas'],
  KY: ['Kentucky'],
  LA: ['Louisiana'],
  ME: ['Maine'],
  MD: ['Maryland'],
  MA: ['Massachusetts'],
  MI: ['Michigan'],
  MN: ['Minnesota'],
  MS: ['Mississippi'],
  MO: ['Missouri'],
  MT: ['Montana'],
  NE: ['Nebraska'],
  NV: ['Nevada'],
  NH: ['New Hampshire'],
  NJ: ['New Jersey'],
  NM: ['New Mexico'],
  NY: ['New York'],
  NC: ['North Carolina'],
  ND: ['North Dakota'],
  OH: ['Ohio'],
  OK: ['Oklahoma'],
  OR: ['Oregon'],
  PA: ['Pennsylvania'],
  RI: ['Rhode Island'],
  SC: ['South Carolina'],
  SD: ['South Dakota'],
  TN: ['Tennessee'],
  TX: ['Texas'],
  UT: ['Utah'],
  VT: ['Vermont'],
  VA: ['Virginia'],
  WA: ['Washington'],
  WV: ['West Virginia'],
  WI: ['Wisconsin'],
  WY: ['Wyoming'],
  AGU: ['Aguascalientes'],
  BCN: ['Baja California'],
  BCS: ['Baja California Sur'],
  CAM: ['Campeche'],
  CHP: ['Chiapas'],
  CHH: ['Chihuahua'],
  CMX: ['Ciudad de Mexico', 'Mexico City', 'CDMX', 'Distrito Federal', 'DIF'],
  COA: ['Coahuila', 'Coahuila de Zaragoza'],
  COL: ['Colima'],
  DUR: ['Durango'],
  GUA: ['Guanajuato'],
  GRO: ['Guerrero'],
  HID: ['Hidalgo'],
  JAL: ['Jalisco'],
  MEX: ['Estado de Mexico', 'State of Mexico'],
  MIC: ['Michoacan', 'Michoacan de Ocampo'],
  MOR: ['Morelos'],
  NAY: ['Nayarit'],
  NLE: ['Nuevo Leon'],
  OAX: ['Oaxaca'],
  PUE: ['Puebla'],
  QUE: ['Queretaro', 'Queretaro de Arteaga'],
  ROO: ['Quintana Roo'],
  SLP: ['San Luis Potosi'],
  SIN: ['Sinaloa'],
  SON: ['Sonora'],
  TAB: ['Tabasco'],
  TAM: ['Tamaulipas'],
  TLA: ['Tlaxcala'],
  VER: ['Veracruz', 'Veracruz de Ignacio de la Llave'],
  YUC: ['Yucatan'],
  ZAC: ['Zacatecas'],
};

function normalizeName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\((prov|state|province)\.?\)/gi, '')
    .replace(/[^a-zA-Z0-9.]+/g, ' ')
    .trim()
    .toLowerCase();
}

const CODE_BY_NAME: ReadonlyMap<string, string> = new Map(
  Object.entries(NAMES_BY_CODE).flatMap(([code, names]) =>
    [code, ...names].map((name): [string, string] => [normalizeName(name), code]),
  ),
);

/**
 * Maps a state or province as written in a file onto its code.
 *
 * @param text e.g. "ON", "tx", "Nuevo León", "Manitoba (Prov.)".
 * @returns "ON", "TX", "NLE", "MB"; null when empty or unrecognised ("Nueces County", "97500").
 */
export function toProvinceCode(text: string | null): string | null {
  if (text === null) return null;
  return CODE_BY_NAME.get(normalizeName(text)) ?? null;
}
