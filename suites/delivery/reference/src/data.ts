/** The seed data: kitchens, their menus and the orders placed before. Amounts in cents. */

/** Now, pinned: Thursday, May 21, 2026, 7:40 PM. The app never reads the device's clock. */
export const TODAY = 'May 21, 2026';
export const NOW_MINUTES = 19 * 60 + 40;

export interface Kitchen {
  key: string;
  name: string;
  cuisine: string;
  /** Distance in tenths of a km (1.2 km is 12). */
  tenthsKm: number;
  /** Minutes after midnight. */
  opens: number;
  closes: number;
  prepMinutes: number;
}

export interface Option {
  name: string;
  cents: number;
}

export interface Extra {
  name: string;
  cents: number;
}

export interface Dish {
  key: string;
  kitchen: string;
  name: string;
  group: string;
  options: readonly Option[];
  extras: readonly Extra[];
}

const h = (hour: number, minute = 0) => hour * 60 + minute;

export const KITCHENS: readonly Kitchen[] = [
  { key: 'lantern', name: 'Lantern Noodle Bar', cuisine: 'Noodles', tenthsKm: 12, opens: h(11), closes: h(22), prepMinutes: 15 },
  { key: 'olive', name: 'Olive & Ember', cuisine: 'Mediterranean', tenthsKm: 20, opens: h(17), closes: h(23), prepMinutes: 20 },
  { key: 'casa-rosa', name: 'Casa Rosa Tacos', cuisine: 'Mexican', tenthsKm: 46, opens: h(12), closes: h(21), prepMinutes: 12 },
  { key: 'saffron', name: 'Saffron Tiffin', cuisine: 'Indian', tenthsKm: 63, opens: h(17, 30), closes: h(22, 30), prepMinutes: 25 },
  { key: 'morning-loaf', name: 'Morning Loaf Bakery', cuisine: 'Bakery', tenthsKm: 8, opens: h(7), closes: h(15), prepMinutes: 10 },
  { key: 'kumo', name: 'Kumo Sushi', cuisine: 'Japanese', tenthsKm: 26, opens: h(20), closes: h(23, 30), prepMinutes: 18 },
  { key: 'north-pier', name: 'North Pier Fish Co.', cuisine: 'Seafood', tenthsKm: 30, opens: h(11, 30), closes: h(19, 30), prepMinutes: 20 },
];

const o = (name: string, cents: number): Option => ({ name, cents });

export const DISHES: readonly Dish[] = [
  { key: 'dan-dan', kitchen: 'lantern', name: 'Dan Dan Noodles', group: 'Size',
    options: [o('Regular', 1150), o('Large', 1400)],
    extras: [o('Soft egg', 150), o('Chili oil', 75), o('Extra pork', 300)] },
  { key: 'veg-ramen', kitchen: 'lantern', name: 'Vegetable Ramen', group: 'Size',
    options: [o('Regular', 1200), o('Large', 1450)],
    extras: [o('Soft egg', 150), o('Corn', 80)] },
  { key: 'gyoza', kitchen: 'lantern', name: 'Pork Gyoza', group: 'Portion',
    options: [o('6 pieces', 750), o('10 pieces', 1125)],
    extras: [o('Chili oil', 75)] },
  { key: 'kofta-plate', kitchen: 'olive', name: 'Lamb Kofta Plate', group: 'Size',
    options: [o('Regular', 1600), o('Large', 1950)],
    extras: [o('Extra pita', 125), o('Feta', 200), o('Hummus', 250)] },
  { key: 'falafel-wrap', kitchen: 'olive', name: 'Falafel Wrap', group: 'Size',
    options: [o('Regular', 925), o('Large', 1175)],
    extras: [o('Feta', 200), o('Pickles', 60)] },
  { key: 'tinga-tacos', kitchen: 'casa-rosa', name: 'Chicken Tinga Tacos', group: 'Tortilla',
    options: [o('Corn', 1050), o('Flour', 1100)],
    extras: [o('Guacamole', 225), o('Queso', 175)] },
  { key: 'bean-burrito', kitchen: 'casa-rosa', name: 'Black Bean Burrito', group: 'Size',
    options: [o('Regular', 980), o('Large', 1230)],
    extras: [o('Guacamole', 225), o('Rice', 100)] },
  { key: 'churros', kitchen: 'casa-rosa', name: 'Churros', group: 'Portion',
    options: [o('4 pieces', 475), o('8 pieces', 850)],
    extras: [o('Chocolate dip', 120)] },
  { key: 'butter-chicken', kitchen: 'saffron', name: 'Butter Chicken', group: 'Spice level',
    options: [o('Mild', 1550), o('Medium', 1550), o('Hot', 1550)],
    extras: [o('Garlic naan', 325), o('Raita', 150)] },
  { key: 'chana-masala', kitchen: 'saffron', name: 'Chana Masala', group: 'Spice level',
    options: [o('Mild', 1225), o('Hot', 1225)],
    extras: [o('Garlic naan', 325)] },
  { key: 'croissant', kitchen: 'morning-loaf', name: 'Almond Croissant', group: 'Portion',
    options: [o('Single', 425), o('Box of 4', 1500)],
    extras: [o('Jam', 90)] },
  { key: 'sourdough', kitchen: 'morning-loaf', name: 'Sourdough Loaf', group: 'Size',
    options: [o('Half', 450), o('Whole', 780)],
    extras: [o('Sliced', 50)] },
  { key: 'salmon-roll', kitchen: 'kumo', name: 'Salmon Roll', group: 'Portion',
    options: [o('6 pieces', 890), o('12 pieces', 1640)],
    extras: [o('Spicy mayo', 70)] },
  { key: 'miso-soup', kitchen: 'kumo', name: 'Miso Soup', group: 'Size',
    options: [o('Cup', 320), o('Bowl', 510)],
    extras: [] },
  { key: 'fish-chips', kitchen: 'north-pier', name: 'Fish and Chips', group: 'Size',
    options: [o('Regular', 1390), o('Large', 1740)],
    extras: [o('Tartare sauce', 80), o('Mushy peas', 190)] },
];

/** The key of an option or extra: its name in lower case, spaces replaced by hyphens. */
export function slug(name: string): string {
  return name.toLowerCase().replace(/ /g, '-');
}

export function kitchenOf(key: string): Kitchen {
  const kitchen = KITCHENS.find((k) => k.key === key);
  if (kitchen === undefined) {
    throw new Error(`unknown kitchen ${key}`);
  }
  return kitchen;
}

export function dishOf(key: string): Dish {
  const dish = DISHES.find((d) => d.key === key);
  if (dish === undefined) {
    throw new Error(`unknown dish ${key}`);
  }
  return dish;
}

export function menuOf(kitchen: string): Dish[] {
  return DISHES.filter((d) => d.kitchen === kitchen);
}

/** Orders placed before the app opened: both delivered, their totals as recorded. */
export const SEEDED_ORDERS = [
  { number: 316, kitchen: 'olive', date: 'May 18, 2026', placed: h(19, 5), items: 2, totalCents: 3127 },
  { number: 317, kitchen: 'lantern', date: 'May 20, 2026', placed: h(12, 30), items: 1, totalCents: 1840 },
] as const;
