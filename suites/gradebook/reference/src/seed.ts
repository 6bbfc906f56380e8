/** The seed data of the gradebook: two courses, their students and the scores so far. */

export type CategoryKey = 'labs' | 'reports' | 'tests';

export interface Category {
  key: CategoryKey;
  name: string;
  /** Weight in whole percent; the three add up to 100. */
  weight: number;
  /** Whether the lowest score is dropped (once a student has at least three). */
  dropsLowest: boolean;
}

export interface Assessment {
  key: string;
  name: string;
  category: CategoryKey;
  maxPoints: number;
  /** ISO date (yyyy-mm-dd) the assessment is held or due. */
  date: string;
}

export interface Course {
  key: string;
  name: string;
}

export interface Student {
  key: string;
  first: string;
  last: string;
  course: string;
}

/** The pinned "today" of the term. */
export const TODAY = '2026-11-20';

export const CATEGORIES: readonly Category[] = [
  { key: 'labs', name: 'Labs', weight: 25, dropsLowest: true },
  { key: 'reports', name: 'Reports', weight: 35, dropsLowest: false },
  { key: 'tests', name: 'Tests', weight: 40, dropsLowest: false },
];

export const ASSESSMENTS: readonly Assessment[] = [
  { key: 'lab1', name: 'Lab 1', category: 'labs', maxPoints: 10, date: '2026-09-11' },
  { key: 'lab2', name: 'Lab 2', category: 'labs', maxPoints: 10, date: '2026-09-25' },
  { key: 'lab3', name: 'Lab 3', category: 'labs', maxPoints: 10, date: '2026-10-16' },
  { key: 'lab4', name: 'Lab 4', category: 'labs', maxPoints: 10, date: '2026-11-24' },
  { key: 'r1', name: 'Report 1', category: 'reports', maxPoints: 20, date: '2026-09-18' },
  { key: 'r2', name: 'Report 2', category: 'reports', maxPoints: 24, date: '2026-10-09' },
  { key: 'r3', name: 'Report 3', category: 'reports', maxPoints: 15, date: '2026-11-20' },
  { key: 'mid', name: 'Midterm', category: 'tests', maxPoints: 100, date: '2026-10-23' },
  { key: 'final', name: 'Final test', category: 'tests', maxPoints: 120, date: '2026-12-14' },
];

export const COURSES: readonly Course[] = [
  { key: 'bio', name: 'Biology 101' },
  { key: 'chem', name: 'Chemistry 110' },
];

export const STUDENTS: readonly Student[] = [
  { key: 'lena', first: 'Lena', last: 'Okafor', course: 'bio' },
  { key: 'maya', first: 'Maya', last: 'Chen', course: 'bio' },
  { key: 'arun', first: 'Arun', last: 'Chen', course: 'bio' },
  { key: 'sofia', first: 'Sofia', last: 'Ruiz', course: 'bio' },
  { key: 'tom', first: 'Tom', last: 'Becker', course: 'bio' },
  { key: 'noor', first: 'Noor', last: 'Haddad', course: 'bio' },
  { key: 'ivan', first: 'Ivan', last: 'Petrov', course: 'chem' },
  { key: 'grace', first: 'Grace', last: 'Lin', course: 'chem' },
  { key: 'omar', first: 'Omar', last: 'Farah', course: 'chem' },
  { key: 'julia', first: 'Julia', last: 'Novak', course: 'chem' },
];

/** Scores in points, per student and assessment; an assessment not listed is not graded. */
export const SEED_SCORES: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  lena: { lab1: 9, lab2: 7, lab3: 10, r1: 17, r2: 21, mid: 82 },
  maya: { lab1: 10, lab2: 9, lab3: 9, r1: 19, r2: 23, mid: 91 },
  arun: { lab1: 7, lab2: 9, lab3: 7, r1: 15, r2: 20.5, mid: 77 },
  sofia: { lab1: 8, lab2: 8, lab3: 9, r1: 15, r2: 21, mid: 84 },
  tom: { lab1: 10, lab3: 6, r1: 18, r2: 18.5, mid: 86 },
  noor: { lab1: 6, lab2: 6, lab3: 8, r1: 12, mid: 64 },
  ivan: { lab1: 9, lab2: 10, lab3: 9, r1: 17, r2: 23, mid: 86 },
  grace: { lab1: 10, lab2: 9, lab3: 9, r1: 19.5, r2: 23.5, mid: 95 },
  omar: { lab1: 5, lab2: 8, lab3: 7, r1: 14, r2: 16 },
  julia: { lab1: 8, lab2: 9, lab3: 8, r1: 20, r2: 23, mid: 73 },
};
