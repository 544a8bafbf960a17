// The words real exports use in `working_hours`: day names in the languages Google Maps is scraped
// in, and the words for "closed" and "open 24 hours". Looked up after folding (lowercase, accents off).
import type { Weekday } from '../../../contract/hours.ts';

const COMBINING_MARKS = /\p{M}/gu;
const APOSTROPHES = /[\u2019\u02BC\u2018`´]/g;
const SPACE_RUNS = /\s+/g;

/** Lowercase, accents removed, apostrophes and spaces unified: "Miércoles" → "miercoles". */
export function foldWord(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .replace(APOSTROPHES, "'")
    .replace(SPACE_RUNS, ' ')
    .replaceAll('ı', 'i')
    .replaceAll('ł', 'l')
    .trim();
}

const DAY_WORDS: Record<Weekday, readonly string[]> = {
  monday: [
    'Monday',
    'Mon',
    'lunes',
    'lundi',
    'Montag',
    'lunedì',
    'segunda-feira',
    'segunda',
    'понеділок',
    'понедельник',
    'poniedziałek',
    'maandag',
    'Pazartesi',
  ],
  tuesday: [
    'Tuesday',
    'Tue',
    'Tues',
    'martes',
    'mardi',
    'Dienstag',
    'martedì',
    'terça-feira',
    'terça',
    'вівторок',
    'вторник',
    'wtorek',
    'dinsdag',
    'Salı',
  ],
  wednesday: [
    'Wednesday',
    'Wed',
    'miércoles',
    'mercredi',
    'Mittwoch',
    'mercoledì',
    'quarta-feira',
    'quarta',
    'середа',
    'среда',
    'środa',
    'woensdag',
    'Çarşamba',
  ],
  thursday: [
    'Thursday',
    'Thu',
    'Thur',
    'Thurs',
    'jueves',
    'jeudi',
    'Donnerstag',
    'giovedì',
    'quinta-feira',
    'quinta',
    'четвер',
    'четверг',
    'czwartek',
    'donderdag',
    'Perşembe',
  ],
  friday: [
    'Friday',
    'Fri',
    'viernes',
    'vendredi',
    'Freitag',
    'venerdì',
    'sexta-feira',
    'sexta',
    "п'ятниця",
    'пятниця',
    'пятница',
    'piątek',
    'vrijdag',
    'Cuma',
  ],
  saturday: [
    'Saturday',
    'Sat',
    'sábado',
    'samedi',
    'Samstag',
    'Sonnabend',
    'sabato',
    'субота',
    'суббота',
    'sobota',
    'zaterdag',
    'Cumartesi',
  ],
  sunday: [
    'Sunday',
    'Sun',
    'domingo',
    'dimanche',
    'Sonntag',
    'domenica',
    'неділя',
    'воскресенье',
    'niedziela',
    'zondag',
    'Pazar',
  ],
};

/** Folded day word → weekday. A Map, not an object: a key such as "constructor" must not match. */
export const DAY_BY_WORD: ReadonlyMap<string, Weekday> = (() => {
  const map = new Map<string, Weekday>();
  for (const [day, words] of Object.entries(DAY_WORDS) as [Weekday, readonly string[]][]) {
    for (const word of words) map.set(foldWord(word), day);
  }
  return map;
})();

/** The English names exactly as exports write them, to skip folding in the common case. */
export const DAY_BY_EXACT_NAME: ReadonlyMap<string, Weekday> = new Map(
  (Object.keys(DAY_WORDS) as Weekday[]).map((day) => [day.charAt(0).toUpperCase() + day.slice(1), day]),
);

export const CLOSED_WORDS: ReadonlySet<string> = new Set(
  [
    'Closed',
    'Closed all day',
    'cerrado',
    'fermé',
    'geschlossen',
    'Ruhetag',
    'chiuso',
    'fechado',
    'зачинено',
    'закрито',
    'закрыто',
    'выходной',
    'zamknięte',
    'nieczynne',
    'gesloten',
    'kapalı',
  ].map(foldWord),
);

export const ALL_DAY_WORDS: ReadonlySet<string> = new Set(
  [
    'Open 24 hours',
    'Open 24h',
    '24 hours',
    '24h',
    'abierto 24 horas',
    'abierto las 24 horas',
    'ouvert 24h/24',
    'ouvert 24 h/24',
    'ouvert 24 heures sur 24',
    '24 Stunden geöffnet',
    'durchgehend geöffnet',
    'aperto 24 ore su 24',
    'aperto 24 ore',
    'aberto 24 horas',
    'atendimento 24 horas',
    'цілодобово',
    'відчинено цілодобово',
    'круглосуточно',
    'открыто круглосуточно',
    'otwarte całą dobę',
    'czynne całą dobę',
    '24 uur geopend',
    'dag en nacht geopend',
    '24 saat açık',
  ].map(foldWord),
);
