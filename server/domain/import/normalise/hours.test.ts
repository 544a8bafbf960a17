import { describe, expect, it } from 'vitest';
import { parseDayText, parseHours } from './hours.ts';

const NINE_TO_FIVE = [{ open: '09:00', close: '17:00' }];

describe('parseHours: the four shapes of the reference', () => {
  it('1. JSON object of strings with en dashes and comma-joined ranges', () => {
    const { hours, problems } = parseHours(
      '{"Monday": "Closed", "Wednesday": "5:30–10PM", "Sunday": "11AM–2PM,5:30–10PM"}',
    );
    expect(problems).toEqual([]);
    expect(hours).toEqual({
      monday: [],
      wednesday: [{ open: '17:30', close: '22:00' }],
      sunday: [
        { open: '11:00', close: '14:00' },
        { open: '17:30', close: '22:00' },
      ],
    });
  });

  it('2. ASCII hyphens, in JSON and in Python single quotes', () => {
    const expected = {
      monday: [{ open: '07:00', close: '19:00' }],
      tuesday: [{ open: '07:00', close: '19:00' }],
    };
    expect(parseHours('{"Monday": "7AM-7PM", "Tuesday": "7AM-7PM"}')).toEqual({
      hours: expected,
      problems: [],
    });
    expect(parseHours("{'Monday': '7AM-7PM', 'Tuesday': '7AM-7PM'}")).toEqual({
      hours: expected,
      problems: [],
    });
  });

  it('3. JSON object of arrays: split shifts, Closed, Open 24 hours', () => {
    const { hours, problems } = parseHours(
      '{"Monday": ["9AM-5PM"], "Saturday": ["10AM-3PM"], "Sunday": ["Closed"], "Friday": ["11AM-2PM", "5-10PM"], "Tuesday": ["Open 24 hours"]}',
    );
    expect(problems).toEqual([]);
    expect(hours).toEqual({
      monday: NINE_TO_FIVE,
      saturday: [{ open: '10:00', close: '15:00' }],
      sunday: [],
      friday: [
        { open: '11:00', close: '14:00' },
        { open: '17:00', close: '22:00' },
      ],
      tuesday: [{ open: '00:00', close: '24:00' }],
    });
  });

  it('4. the old flat format, with and without spaces', () => {
    expect(parseHours('Monday: Closed | Tuesday: 9AM–5PM')).toEqual({
      hours: { monday: [], tuesday: NINE_TO_FIVE },
      problems: [],
    });
    expect(parseHours('Monday:7AM-7PM|Tuesday:7AM-7PM').hours).toEqual({
      monday: [{ open: '07:00', close: '19:00' }],
      tuesday: [{ open: '07:00', close: '19:00' }],
    });
  });

  it('reads doubled quotes from a CSV round trip', () => {
    expect(parseHours('{""Monday"": ""9AM-5PM""}').hours).toEqual({ monday: NINE_TO_FIVE });
  });

  it('gives null and no problem for an empty cell', () => {
    expect(parseHours('   ')).toEqual({ hours: null, problems: [] });
  });
});

describe('parseDayText: the rules hidden in the shapes', () => {
  it.each([
    ['5:30-11AM', '05:30', '11:00'],
    ['3-8PM', '15:00', '20:00'],
    ['12-7PM', '12:00', '19:00'],
    ['6PM-2AM', '18:00', '02:00'],
    ['12AM-6AM', '00:00', '06:00'],
    ['11AM-12PM', '11:00', '12:00'],
    ['9PM-12AM', '21:00', '00:00'],
    ['9:00–17:00', '09:00', '17:00'],
    ['9.00-17.00', '09:00', '17:00'],
    ['16:00–22:00', '16:00', '22:00'],
    ['0:00-24:00', '00:00', '24:00'],
    ['22:00-03:00', '22:00', '03:00'],
    ['9h30-18h', '09:30', '18:00'],
    ['9–17 Uhr', '09:00', '17:00'],
    ['9 a.m.–5 p.m.', '09:00', '17:00'],
    ['9\u202FAM\u2009–\u20095\u202FPM', '09:00', '17:00'],
    ['9:00\u00A0AM – 5:30\u00A0PM', '09:00', '17:30'],
    ['9AM to 5PM', '09:00', '17:00'],
    ['9AM—5PM', '09:00', '17:00'],
  ])('%s → %s–%s', (text, open, close) => {
    expect(parseDayText(text)).toEqual([{ open, close }]);
  });

  it('reads closed and open-all-day words in several languages', () => {
    for (const word of [
      'Closed',
      'CLOSED',
      'cerrado',
      'Fermé',
      'geschlossen',
      'chiuso',
      'fechado',
      'зачинено',
      'закрыто',
      'zamknięte',
      'gesloten',
      'kapalı',
    ]) {
      expect(parseDayText(word)).toEqual([]);
    }
    for (const word of [
      'Open 24 hours',
      'abierto 24 horas',
      'ouvert 24h/24',
      '24 Stunden geöffnet',
      'цілодобово',
      'круглосуточно',
      '24 saat açık',
    ]) {
      expect(parseDayText(word)).toEqual([{ open: '00:00', close: '24:00' }]);
    }
  });

  it('reports what it cannot read instead of guessing', () => {
    for (const text of [
      'whenever',
      '25:00-26:00',
      '9:75-10AM',
      '13PM-2PM',
      '9AM-5',
      '9AM-9AM',
      'Hours might differ',
      '',
    ]) {
      expect(typeof parseDayText(text)).toBe('string');
    }
  });

  it('shares frozen results so one row cannot change another', () => {
    const first = parseDayText('10AM–4PM');
    expect(parseDayText('10AM–4PM')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
  });
});

describe('parseHours: local day names', () => {
  it.each([
    ['Spanish', 'lunes: 9:00–17:00 | miércoles: cerrado | Sábado: 10:00–14:00'],
    ['French', 'lundi: 9:00–17:00 | mercredi: fermé | samedi: 10:00–14:00'],
    ['German', 'Montag: 9:00–17:00 | Mittwoch: geschlossen | Samstag: 10:00–14:00'],
    ['Italian', 'lunedì: 9:00–17:00 | mercoledì: chiuso | sabato: 10:00–14:00'],
    ['Portuguese', 'segunda-feira: 9:00–17:00 | quarta-feira: fechado | sábado: 10:00–14:00'],
    ['Ukrainian', 'понеділок: 9:00–17:00 | середа: зачинено | субота: 10:00–14:00'],
    ['Russian', 'понедельник: 9:00–17:00 | среда: закрыто | суббота: 10:00–14:00'],
    ['Polish', 'poniedziałek: 9:00–17:00 | środa: zamknięte | sobota: 10:00–14:00'],
    ['Dutch', 'maandag: 9:00–17:00 | woensdag: gesloten | zaterdag: 10:00–14:00'],
    ['Turkish', 'Pazartesi: 9:00–17:00 | Çarşamba: kapalı | Cumartesi: 10:00–14:00'],
  ])('%s', (_language, cell) => {
    expect(parseHours(cell)).toEqual({
      hours: { monday: NINE_TO_FIVE, wednesday: [], saturday: [{ open: '10:00', close: '14:00' }] },
      problems: [],
    });
  });

  it('reads the reference example вівторок: 16:00–22:00 and the other apostrophe of пʼятниця', () => {
    expect(parseHours('вівторок: 16:00–22:00 | пʼятниця: 16:00–23:00').hours).toEqual({
      tuesday: [{ open: '16:00', close: '22:00' }],
      friday: [{ open: '16:00', close: '23:00' }],
    });
  });

  it('reads local day names as JSON keys too', () => {
    expect(parseHours('{"lunes": "9:00–17:00", "martes": "Cerrado"}').hours).toEqual({
      monday: NINE_TO_FIVE,
      tuesday: [],
    });
  });
});

describe('parseHours: problems are reported and the rest is kept', () => {
  it('keeps the readable days of a partly unreadable cell', () => {
    const { hours, problems } = parseHours('Monday: 9AM–5PM | Funday: 9AM–5PM | Tuesday: whenever');
    expect(hours).toEqual({ monday: NINE_TO_FIVE });
    expect(problems).toEqual(['"Funday" is not a day name', 'Tuesday: cannot read "whenever"']);
  });

  it('drops a whole day when one of its shifts cannot be read', () => {
    const { hours, problems } = parseHours('{"Monday": ["9AM-12PM", "later"], "Tuesday": "9AM-5PM"}');
    expect(hours).toEqual({ tuesday: NINE_TO_FIVE });
    expect(problems).toHaveLength(1);
  });

  it('reports a cell that is not hours at all', () => {
    expect(parseHours('{"Monday": ').hours).toBeNull();
    expect(parseHours('{"Monday": ').problems).toHaveLength(1);
    expect(parseHours('["9AM-5PM"]').problems).toHaveLength(1);
    expect(parseHours('open most days').problems).toHaveLength(1);
  });

  it('reports a day given twice and keeps the first', () => {
    const { hours, problems } = parseHours('Monday: 9AM–5PM | lunes: 10:00–12:00');
    expect(hours).toEqual({ monday: NINE_TO_FIVE });
    expect(problems).toEqual(['lunes appears twice; the first is kept']);
  });

  it('does not treat prototype keys as days', () => {
    const { hours, problems } = parseHours('{"__proto__": "9AM-5PM", "constructor": "9AM-5PM"}');
    expect(hours).toBeNull();
    expect(problems).toHaveLength(2);
  });

  it('refuses absurdly long cells without parsing them', () => {
    const { hours, problems } = parseHours(`Monday: ${'9AM–5PM,'.repeat(2_000)}`);
    expect(hours).toBeNull();
    expect(problems[0]).toMatch(/too long/);
  });

  it('strips a holiday note from the day name', () => {
    expect(parseHours('{"Monday (Labor Day)": "10AM–4PM"}').hours).toEqual({
      monday: [{ open: '10:00', close: '16:00' }],
    });
  });
});
