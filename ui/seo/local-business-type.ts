// The most specific schema.org type for a business's category (Google: "use the most specific
// LocalBusiness sub-type"). Keywords match at the start of a word of the lower-cased category, first
// hit wins, so specific entries ("car wash", "bar & grill") come before general ones ("car ", "bar ").
// A few good matches are not LocalBusiness subtypes in schema.org (School, Museum, VeterinaryCare…):
// those are typed as both, so the page still counts as a local business.

export type SchemaType = string | [string, string];

const ALSO_LOCAL = (type: string): [string, string] => ['LocalBusiness', type];

// biome-ignore format: one table, read as a table
const RULES: readonly [string, SchemaType][] = [
  // Health
  ['dentist', 'Dentist'], ['dental', 'Dentist'], ['orthodont', 'Dentist'],
  ['pharmac', 'Pharmacy'], ['chemist', 'Pharmacy'], ['drugstore', 'Pharmacy'],
  ['veterinar', ALSO_LOCAL('VeterinaryCare')], ['animal hospital', ALSO_LOCAL('VeterinaryCare')],
  ['hospital', 'Hospital'],
  ['urgent care', 'MedicalClinic'], ['clinic', 'MedicalClinic'], ['medical cent', 'MedicalClinic'],
  ['optician', 'Optician'], ['optometr', 'Optician'], ['eye care', 'Optician'],
  ['physiotherap', 'Physiotherapy'], ['physical therap', 'Physiotherapy'],
  ['doctor', 'Physician'], ['physician', 'Physician'], ['pediatric', 'Physician'], ['paediatric', 'Physician'],
  ['dermatolog', 'Physician'], ['surgeon', 'Physician'], ['chiropract', 'Physician'],
  ['general practitioner', 'Physician'], ['family practice', 'Physician'],
  // Fitness before "health"
  ['health club', 'HealthClub'], ['gym', 'HealthClub'], ['fitness', 'HealthClub'], ['yoga', 'HealthClub'],
  ['pilates', 'HealthClub'], ['crossfit', 'HealthClub'],
  ['health food', 'Store'], ['medical', 'MedicalBusiness'], ['health', 'MedicalBusiness'], ['psycholog', 'MedicalBusiness'],
  ['therapist', 'MedicalBusiness'], ['nursing', 'MedicalBusiness'],
  // Food and drink
  ['bakery', 'Bakery'], ['bakeries', 'Bakery'], ['patisserie', 'Bakery'],
  ['cafe', 'CafeOrCoffeeShop'], ['café', 'CafeOrCoffeeShop'], ['coffee', 'CafeOrCoffeeShop'],
  ['tea house', 'CafeOrCoffeeShop'],
  ['ice cream', 'IceCreamShop'], ['gelato', 'IceCreamShop'], ['frozen yogurt', 'IceCreamShop'],
  ['brewery', 'Brewery'], ['brewpub', 'Brewery'], ['winery', 'Winery'], ['vineyard', 'Winery'],
  ['bar & grill', 'Restaurant'], ['wine bar', 'BarOrPub'], ['bar ', 'BarOrPub'], ['pub ', 'BarOrPub'],
  ['tavern', 'BarOrPub'], ['cocktail', 'BarOrPub'],
  ['night club', 'NightClub'], ['nightclub', 'NightClub'],
  ['fast food', 'FastFoodRestaurant'], ['burger', 'FastFoodRestaurant'], ['takeaway', 'FastFoodRestaurant'],
  ['restaurant', 'Restaurant'], ['pizza', 'Restaurant'], ['diner', 'Restaurant'], ['bistro', 'Restaurant'],
  ['steak', 'Restaurant'], ['sushi', 'Restaurant'], ['grill', 'Restaurant'], ['eatery', 'Restaurant'],
  ['deli ', 'FoodEstablishment'], ['delicatessen', 'FoodEstablishment'], ['catering', 'FoodEstablishment'],
  ['food', 'FoodEstablishment'],
  // Automotive
  ['gas station', 'GasStation'], ['petrol', 'GasStation'], ['filling station', 'GasStation'],
  ['fuel', 'GasStation'],
  ['tire', 'TireShop'], ['tyre', 'TireShop'],
  ['car wash', 'AutoWash'], ['auto wash', 'AutoWash'],
  ['body shop', 'AutoBodyShop'], ['auto body', 'AutoBodyShop'], ['collision', 'AutoBodyShop'],
  ['car dealer', 'AutoDealer'], ['auto dealer', 'AutoDealer'], ['used car', 'AutoDealer'],
  ['car sales', 'AutoDealer'],
  ['auto parts', 'AutoPartsStore'], ['car parts', 'AutoPartsStore'],
  ['car rental', 'AutoRental'], ['car hire', 'AutoRental'],
  ['motorcycle dealer', 'MotorcycleDealer'], ['motorcycle repair', 'MotorcycleRepair'],
  ['auto repair', 'AutoRepair'], ['car repair', 'AutoRepair'], ['mechanic', 'AutoRepair'],
  ['garage', 'AutoRepair'], ['oil change', 'AutoRepair'], ['auto service', 'AutoRepair'],
  ['car service', 'AutoRepair'], ['towing', 'AutoRepair'],
  ['auto', 'AutomotiveBusiness'], ['car ', 'AutomotiveBusiness'], ['vehicle', 'AutomotiveBusiness'],
  ['motor', 'AutomotiveBusiness'],
  // Beauty
  ['nail', 'NailSalon'], ['hair', 'HairSalon'], ['barber', 'HairSalon'],
  ['day spa', 'DaySpa'], ['spa ', 'DaySpa'], ['tattoo', 'TattooParlor'], ['piercing', 'TattooParlor'],
  ['beauty', 'BeautySalon'], ['salon', 'BeautySalon'], ['cosmetic', 'BeautySalon'], ['skin care', 'BeautySalon'],
  ['massage', 'HealthAndBeautyBusiness'], ['wellness', 'HealthAndBeautyBusiness'],
  // Home and construction
  ['plumb', 'Plumber'], ['electrician', 'Electrician'], ['electrical', 'Electrician'],
  ['locksmith', 'Locksmith'],
  ['hvac', 'HVACBusiness'], ['heating', 'HVACBusiness'], ['air condition', 'HVACBusiness'],
  ['furnace', 'HVACBusiness'],
  ['roof', 'RoofingContractor'], ['painter', 'HousePainter'], ['painting', 'HousePainter'],
  ['moving', 'MovingCompany'], ['movers', 'MovingCompany'], ['removal', 'MovingCompany'],
  ['contractor', 'GeneralContractor'], ['builder', 'GeneralContractor'], ['construction', 'GeneralContractor'],
  ['handyman', 'GeneralContractor'], ['remodel', 'GeneralContractor'],
  ['dry clean', 'DryCleaningOrLaundry'], ['laundr', 'DryCleaningOrLaundry'],
  ['clean', 'HomeAndConstructionBusiness'], ['maid', 'HomeAndConstructionBusiness'],
  ['landscap', 'HomeAndConstructionBusiness'], ['lawn', 'HomeAndConstructionBusiness'],
  ['pest', 'HomeAndConstructionBusiness'], ['pool', 'HomeAndConstructionBusiness'],
  ['carpet', 'HomeAndConstructionBusiness'], ['flooring', 'HomeAndConstructionBusiness'],
  ['window', 'HomeAndConstructionBusiness'],
  // Professional and financial
  ['notary', 'Notary'], ['lawyer', 'Attorney'], ['attorney', 'Attorney'], ['law firm', 'Attorney'],
  ['solicitor', 'Attorney'], ['legal', 'LegalService'],
  ['real estate', 'RealEstateAgent'], ['estate agent', 'RealEstateAgent'], ['realtor', 'RealEstateAgent'],
  ['accountant', 'AccountingService'], ['accounting', 'AccountingService'], ['bookkeep', 'AccountingService'],
  ['tax ', 'AccountingService'],
  ['insurance', 'InsuranceAgency'], ['bank', 'BankOrCreditUnion'], ['credit union', 'BankOrCreditUnion'],
  ['financial', 'FinancialService'], ['mortgage', 'FinancialService'],
  ['employment agency', 'EmploymentAgency'], ['recruit', 'EmploymentAgency'], ['staffing', 'EmploymentAgency'],
  ['travel agen', 'TravelAgency'],
  // Education and childcare
  ['child care', 'ChildCare'], ['childcare', 'ChildCare'], ['day care', 'ChildCare'], ['daycare', 'ChildCare'],
  ['preschool', ALSO_LOCAL('Preschool')], ['kindergarten', ALSO_LOCAL('Preschool')],
  ['library', 'Library'],
  ['college', ALSO_LOCAL('CollegeOrUniversity')], ['university', ALSO_LOCAL('CollegeOrUniversity')],
  ['school', ALSO_LOCAL('School')], ['academy', ALSO_LOCAL('School')], ['tutor', ALSO_LOCAL('School')],
  // Entertainment and sport
  ['cinema', 'MovieTheater'], ['movie theater', 'MovieTheater'], ['movie theatre', 'MovieTheater'],
  ['bowling', 'BowlingAlley'], ['casino', 'Casino'], ['amusement park', 'AmusementPark'],
  ['theme park', 'AmusementPark'], ['art gallery', 'ArtGallery'], ['gallery', 'ArtGallery'],
  ['museum', ALSO_LOCAL('Museum')], ['zoo', ALSO_LOCAL('Zoo')], ['golf', 'GolfCourse'],
  ['stadium', 'StadiumOrArena'], ['arena', 'StadiumOrArena'], ['sports club', 'SportsClub'],
  // Lodging
  ['bed & breakfast', 'BedAndBreakfast'], ['hostel', 'Hostel'], ['motel', 'Motel'], ['hotel', 'Hotel'],
  ['resort', 'Resort'], ['lodging', 'LodgingBusiness'],
  // Shops
  ['florist', 'Florist'], ['hardware', 'HardwareStore'], ['pet store', 'PetStore'], ['pet shop', 'PetStore'],
  ['grocery', 'GroceryStore'], ['supermarket', 'GroceryStore'], ['book store', 'BookStore'],
  ['bookstore', 'BookStore'], ['clothing', 'ClothingStore'], ['furniture', 'FurnitureStore'],
  ['jewel', 'JewelryStore'], ['liquor', 'LiquorStore'], ['electronics', 'ElectronicsStore'],
  ['store', 'Store'], ['shop', 'Store'],
];

const memo = new Map<string, SchemaType>();

export function localBusinessType(category: string): SchemaType {
  const known = memo.get(category);
  if (known) return known;
  // Padded, punctuation as spaces: " keyword" finds word starts, "keyword " whole words at the end.
  const text = ` ${category.toLowerCase().replace(/[^\p{L}\p{N}&]+/gu, ' ')} `;
  const type = RULES.find(([keyword]) => text.includes(` ${keyword}`))?.[1] ?? 'LocalBusiness';
  if (memo.size < 5_000) memo.set(category, type);
  return type;
}
