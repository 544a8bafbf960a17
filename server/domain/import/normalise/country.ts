// Country names and codes. One canonical English name per ISO code, from Intl.DisplayNames
// ("United States", "United Kingdom"), so that "USA", "United States of America" and a bare "US" code
// all list under one country. See docs/decisions/0003-phone-and-time-zone-libraries.md.
import { getAllCountries } from 'countries-and-timezones';
import { foldWord } from './hours-words.ts';

const displayNames = new Intl.DisplayNames('en', { type: 'region', fallback: 'none' });

/** Names real files use that neither source spells that way. */
const ALIASES: Record<string, string> = {
  USA: 'US',
  'U.S.A.': 'US',
  'U.S.': 'US',
  America: 'US',
  UK: 'GB',
  'U.K.': 'GB',
  'Great Britain': 'GB',
  Britain: 'GB',
  England: 'GB',
  Scotland: 'GB',
  Wales: 'GB',
  'Northern Ireland': 'GB',
  'Czech Republic': 'CZ',
  Turkey: 'TR',
  Türkiye: 'TR',
  Russia: 'RU',
  'Russian Federation': 'RU',
  'South Korea': 'KR',
  'Republic of Korea': 'KR',
  'North Korea': 'KP',
  Holland: 'NL',
  'The Netherlands': 'NL',
  UAE: 'AE',
  Vietnam: 'VN',
  'Viet Nam': 'VN',
  'Hong Kong': 'HK',
  Macau: 'MO',
  Burma: 'MM',
  // Names in the country's own language, as exports made in that language write them.
  Deutschland: 'DE',
  España: 'ES',
  Italia: 'IT',
  Polska: 'PL',
  Україна: 'UA',
  Россия: 'RU',
  Nederland: 'NL',
  Österreich: 'AT',
  Schweiz: 'CH',
  Suisse: 'CH',
  Svizzera: 'CH',
  Brasil: 'BR',
  México: 'MX',
  België: 'BE',
  Belgique: 'BE',
  Sverige: 'SE',
  Norge: 'NO',
  Danmark: 'DK',
  Suomi: 'FI',
  Česko: 'CZ',
  Magyarország: 'HU',
  România: 'RO',
  Ελλάδα: 'GR',
  日本: 'JP',
  中国: 'CN',
  대한민국: 'KR',
};

interface CountryTables {
  nameByCode: Map<string, string>;
  /** Names exactly as the sources and aliases spell them: most files, no folding needed. */
  codeByName: Map<string, string>;
  codeByFoldedName: Map<string, string>;
}

let tables: CountryTables | undefined;

/** Built on first use (about 250 entries), then shared by every row. */
function countryTables(): CountryTables {
  if (tables !== undefined) return tables;
  const nameByCode = new Map<string, string>();
  const codeByName = new Map<string, string>();
  const codeByFoldedName = new Map<string, string>();
  const add = (name: string, code: string) => {
    codeByName.set(name, code);
    codeByFoldedName.set(foldWord(name), code);
  };
  for (const country of Object.values(getAllCountries())) {
    const name = displayNames.of(country.id) ?? country.name;
    nameByCode.set(country.id, name);
    add(name, country.id);
    add(country.name, country.id);
  }
  for (const [alias, code] of Object.entries(ALIASES)) add(alias, code);
  tables = { nameByCode, codeByName, codeByFoldedName };
  return tables;
}

const TWO_LETTERS = /^[A-Za-z]{2}$/;

/** "us" → "US" when it is a known ISO 3166-1 code, else null. */
export function countryCodeOf(code: string): string | null {
  if (!TWO_LETTERS.test(code)) return null;
  const upper = code.toUpperCase();
  return countryTables().nameByCode.has(upper) ? upper : null;
}

/** The canonical English name of a known code. */
export function countryNameOf(code: string): string | undefined {
  return countryTables().nameByCode.get(code);
}

/** The code of a country name in any spelling we know ("United States of America", "USA"), else null. */
export function countryCodeFromName(name: string): string | null {
  if (name === '' || name.length > 100) return null;
  const { codeByName, codeByFoldedName } = countryTables();
  return codeByName.get(name) ?? codeByFoldedName.get(foldWord(name)) ?? null;
}
