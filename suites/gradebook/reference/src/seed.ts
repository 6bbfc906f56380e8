/** The seed data of the gradebook: two courses, their students and the scores so far. */

export type CategoryKey = 'homework' | 'quizzes' | 'exams';

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
  { key: 'homework', name: 'Homework', weight: 20, dropsLowest: true },
  { key: 'quizzes', name: 'Quizzes', weight: 30, dropsLowest: false },
  { key: 'exams', name: 'Exams', weight: 50, dropsLowest: false },
];

export const ASSESSMENTS: readonly Assessment[] = [
  { key: 'hw1', name: 'Homework 1', category: 'homework', maxPoints: 10, date: '2026-09-11' },
  { key: 'hw2', name: 'Homework 2', category: 'homework', maxPoints: 10, date: '2026-09-25' },
  { key: 'hw3', name: 'Homework 3', category: 'homework', maxPoints: 10, date: '2026-10-16' },
  { key: 'hw4', name: 'Homework 4', category: 'homework', maxPoints: 10, date: '2026-11-24' },
  { key: 'q1', name: 'Quiz 1', category: 'quizzes', maxPoints: 20, date: '2026-09-18' },
  { key: 'q2', name: 'Quiz 2', category: 'quizzes', maxPoints: 24, date: '2026-10-09' },
  { key: 'q3', name: 'Quiz 3', category: 'quizzes', maxPoints: 15, date: '2026-11-20' },
  { key: 'mid', name: 'Midterm', category: 'exams', maxPoints: 100, date: '2026-10-23' },
  { key: 'final', name: 'Final exam', category: 'exams', maxPoints: 120, date: '2026-12-14' },
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
  lena: { hw1: 9, hw2: 7, hw3: 10, q1: 17, q2: 21, mid: 82 },
  maya: { hw1: 10, hw2: 9, hw3: 10, q1: 19, q2: 23, mid: 91 },
  arun: { hw1: 7, hw2: 9, hw3: 7, q1: 15, q2: 20.5, mid: 78 },
  sofia: { hw1: 8, hw2: 8, hw3: 9, q1: 16, q2: 21, mid: 84 },
  tom: { hw1: 10, hw3: 6, q1: 18, q2: 19, mid: 86 },
  noor: { hw1: 6, hw2: 5, hw3: 8, q1: 12, mid: 64 },
  ivan: { hw1: 9, hw2: 10, hw3: 8, q1: 18, q2: 23, mid: 86 },
  grace: { hw1: 10, hw2: 10, hw3: 9, q1: 20, q2: 23.5, mid: 95 },
  omar: { hw1: 5, hw2: 8, hw3: 7, q1: 14, q2: 16 },
  julia: { hw1: 8, hw2: 9, hw3: 9, q1: 20, q2: 22, mid: 73 },
};
