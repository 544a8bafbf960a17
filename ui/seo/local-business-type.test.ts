import { describe, expect, it } from 'vitest';
import { localBusinessType } from './local-business-type.ts';

describe('localBusinessType', () => {
  it.each([
    ['Dentist', 'Dentist'],
    ['Dental clinic', 'Dentist'],
    ['Indian restaurant', 'Restaurant'],
    ['Restaurants', 'Restaurant'],
    ['Auto repair shop', 'AutoRepair'],
    ['Hair salon', 'HairSalon'],
    ['Barber shop', 'HairSalon'],
    ['Plumber', 'Plumber'],
    ['Attorney', 'Attorney'],
    ['Personal injury attorney', 'Attorney'],
    ['Real estate agency', 'RealEstateAgent'],
    ['Urgent care center', 'MedicalClinic'],
    ['Veterinary clinic', ['LocalBusiness', 'VeterinaryCare']],
    ['Pediatrician', 'Physician'],
    ['Bakery', 'Bakery'],
    ['Coffee shop', 'CafeOrCoffeeShop'],
    ['Sports bar', 'BarOrPub'],
    ['Bar & grill', 'Restaurant'],
    ['Gas station', 'GasStation'],
    ['Tire shop', 'TireShop'],
    ['Car wash', 'AutoWash'],
    ['Nail salon', 'NailSalon'],
    ['Beauty salon', 'BeautySalon'],
    ['Gym', 'HealthClub'],
    ['Health club', 'HealthClub'],
    ['Electrician', 'Electrician'],
    ['Locksmith', 'Locksmith'],
    ['Driving school', ['LocalBusiness', 'School']],
    ['Elementary school', ['LocalBusiness', 'School']],
  ] as const)('%s → %j', (category, type) => {
    expect(localBusinessType(category)).toEqual(type);
  });

  it('matches keywords at word starts only and falls back to LocalBusiness', () => {
    // "carpentry" must not read as "car ", "barn" not as "bar ", "entirely" not as "tire".
    expect(localBusinessType('Carpentry')).toBe('LocalBusiness');
    expect(localBusinessType('Barn venue')).toBe('LocalBusiness');
    expect(localBusinessType('Entirely unknown trade')).toBe('LocalBusiness');
    expect(localBusinessType('')).toBe('LocalBusiness');
    expect(localBusinessType('Software company')).toBe('LocalBusiness');
  });
});
