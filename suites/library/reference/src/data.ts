/** The seed data: members, titles, loans and holds queues, as the specification pins them. */
import { day } from './dates';

export type Media = 'Book' | 'DVD' | 'Magazine';

export interface MediaRules {
  loanDays: number;
  finePerDay: number; // cents
  fineCap: number; // cents
}

export const MEDIA: Record<Media, MediaRules> = {
  Book: { loanDays: 21, finePerDay: 25, fineCap: 500 },
  DVD: { loanDays: 7, finePerDay: 100, fineCap: 1000 },
  Magazine: { loanDays: 14, finePerDay: 10, fineCap: 200 },
};

export const LOAN_LIMIT = 4;

export interface Member {
  key: string;
  name: string;
}

export interface Title {
  key: string;
  name: string;
  media: Media;
  copies: number;
}

export interface Loan {
  id: number;
  title: string;
  copy: number;
  member: string;
  due: number;
  renewed: boolean;
}

/** A member's place on a title: waiting in its queue (`ready` null) or a copy kept for them. */
export interface Hold {
  id: number;
  title: string;
  member: string;
  ready: number | null;
}

export const MEMBERS: readonly Member[] = [
  { key: 'ana', name: 'Ana Reyes' },
  { key: 'ben', name: 'Ben Okafor' },
  { key: 'cara', name: 'Cara Lind' },
  { key: 'dev', name: 'Dev Patel' },
  { key: 'eli', name: 'Eli Moss' },
];

export const TITLES: readonly Title[] = [
  { key: 'salt-road', name: 'The Salt Road', media: 'Book', copies: 3 },
  { key: 'glass', name: 'Glass Mountain', media: 'Book', copies: 3 },
  { key: 'open-water', name: 'Open Water', media: 'Book', copies: 2 },
  { key: 'lantern', name: 'Lantern Street', media: 'Book', copies: 2 },
  { key: 'yarrow', name: 'Yarrow and Thyme', media: 'Book', copies: 1 },
  { key: 'moss', name: 'A Field Guide to Moss', media: 'Book', copies: 2 },
  { key: 'birch', name: 'The Birch Letters', media: 'Book', copies: 3 },
  { key: 'winter', name: 'Winter Kitchen', media: 'Book', copies: 2 },
  { key: 'rivers', name: 'Atlas of Small Rivers', media: 'Book', copies: 1 },
  { key: 'quiet', name: 'Quiet Hours', media: 'Book', copies: 2 },
  { key: 'baking', name: 'Baking by Weight', media: 'Book', copies: 2 },
  { key: 'folk', name: 'Folk Tales of the North', media: 'Book', copies: 1 },
  { key: 'orchard', name: 'The Iron Orchard', media: 'Book', copies: 2 },
  { key: 'dinner', name: 'Dinner in Ten', media: 'Book', copies: 2 },
  { key: 'moon', name: 'Maps of the Moon', media: 'Book', copies: 1 },
  { key: 'repair', name: 'Home Repair Basics', media: 'Book', copies: 2 },
  { key: 'paper', name: 'Paper Boats', media: 'Book', copies: 1 },
  { key: 'star', name: 'Star Charts for Beginners', media: 'Book', copies: 1 },
  { key: 'linden', name: 'Under the Linden', media: 'Book', copies: 2 },
  { key: 'deep-field', name: 'Deep Field', media: 'DVD', copies: 1 },
  { key: 'night-train', name: 'Night Train to Oslo', media: 'DVD', copies: 2 },
  { key: 'jazz', name: 'Jazz at Midnight', media: 'DVD', copies: 1 },
  { key: 'clockwork', name: 'Clockwork Harbor', media: 'DVD', copies: 2 },
  { key: 'electric', name: 'The Electric Garden', media: 'DVD', copies: 2 },
  { key: 'velvet', name: 'Velvet Sky', media: 'DVD', copies: 1 },
  { key: 'knitting', name: 'Knitting Now', media: 'Magazine', copies: 2 },
  { key: 'coastal', name: 'Coastal Birds Monthly', media: 'Magazine', copies: 2 },
  { key: 'tide', name: 'Tide Tables', media: 'Magazine', copies: 1 },
];

function seedLoan(
  id: number, member: string, title: string, copy: number, out: number, renewed: boolean,
): Loan {
  const days = MEDIA[titleOf(title).media].loanDays;
  return { id, title, copy, member, due: out + days * (renewed ? 2 : 1), renewed };
}

export function titleOf(key: string): Title {
  const found = TITLES.find((title) => title.key === key);
  if (!found) throw new Error(`unknown title ${key}`);
  return found;
}

export function memberName(key: string): string {
  return MEMBERS.find((member) => member.key === key)?.name ?? key;
}

export const SEED_LOANS: readonly Loan[] = [
  seedLoan(1, 'ana', 'salt-road', 1, day(2026, 3, 20), false),
  seedLoan(2, 'ana', 'knitting', 1, day(2026, 4, 8), false),
  seedLoan(3, 'ana', 'glass', 2, day(2026, 4, 1), false),
  seedLoan(4, 'ana', 'open-water', 1, day(2026, 4, 14), false),
  seedLoan(5, 'ben', 'deep-field', 1, day(2026, 3, 27), false),
  seedLoan(6, 'ben', 'salt-road', 2, day(2026, 4, 2), false),
  seedLoan(7, 'cara', 'salt-road', 3, day(2026, 3, 25), false),
  seedLoan(8, 'cara', 'coastal', 1, day(2026, 3, 10), false),
  seedLoan(9, 'dev', 'night-train', 1, day(2026, 4, 5), false),
  seedLoan(10, 'dev', 'lantern', 1, day(2026, 3, 10), true),
  seedLoan(11, 'eli', 'jazz', 1, day(2026, 4, 5), false),
];

export const SEED_HOLDS: readonly Hold[] = [
  { id: 1, title: 'salt-road', member: 'dev', ready: null },
  { id: 2, title: 'salt-road', member: 'eli', ready: null },
  { id: 3, title: 'deep-field', member: 'cara', ready: null },
];
