/**
 * The gradebook's rules, pure: category percentages (lowest lab dropped), the weighted
 * course average, letters, the class average and the ranked roster.
 *
 * Scores are kept in tenths of a point and percentages in tenths of a percent (integers), so
 * every rounding is an exact "half up" on integers.
 */
import {
  ASSESSMENTS,
  Assessment,
  CATEGORIES,
  CategoryKey,
  STUDENTS,
  Student,
  TODAY,
} from './seed';

/** Scores in tenths of a point: student key → assessment key → tenths. */
export type Scores = Record<string, Record<string, number>>;

/** a / b rounded half up, for a >= 0 and b > 0. */
export function divHalfUp(a: number, b: number): number {
  return Math.floor((2 * a + b) / (2 * b));
}

export function assessmentsOf(category: CategoryKey): Assessment[] {
  return ASSESSMENTS.filter((a) => a.category === category);
}

export function assessmentByKey(key: string): Assessment {
  const found = ASSESSMENTS.find((a) => a.key === key);
  if (!found) throw new Error(`no assessment ${key}`);
  return found;
}

/** Whether an assessment is held on or before today (and so can be graded). */
export function isPast(assessment: Assessment): boolean {
  return assessment.date <= TODAY;
}

export interface CategoryResult {
  /** The graded assessments, in date order. */
  graded: Assessment[];
  /** The key of the dropped assessment, if one is dropped. */
  dropped: string | null;
  /** Points kept and their maximum, in tenths of a point. */
  points: number;
  maxPoints: number;
  /** The category's percentage in tenths of a percent, or null with no graded score. */
  percent: number | null;
}

export function categoryResult(scores: Scores, student: string, category: CategoryKey): CategoryResult {
  const own = scores[student] ?? {};
  const graded = assessmentsOf(category).filter((a) => own[a.key] !== undefined);
  const drops = CATEGORIES.find((c) => c.key === category)?.dropsLowest ?? false;
  let dropped: string | null = null;
  if (drops && graded.length >= 3) {
    // The lowest percentage of its maximum; on a tie the earliest assessment.
    let low = graded[0];
    for (const a of graded.slice(1)) {
      if (own[a.key] * low.maxPoints < own[low.key] * a.maxPoints) low = a;
    }
    dropped = low.key;
  }
  const kept = graded.filter((a) => a.key !== dropped);
  const points = kept.reduce((sum, a) => sum + own[a.key], 0);
  const maxPoints = kept.reduce((sum, a) => sum + a.maxPoints * 10, 0);
  const percent = kept.length ? divHalfUp(points * 1000, maxPoints) : null;
  return { graded, dropped, points, maxPoints, percent };
}

/** The course average in tenths of a percent, or null when the student has no score. */
export function courseAverage(scores: Scores, student: string): number | null {
  let weighted = 0;
  let weights = 0;
  for (const category of CATEGORIES) {
    const { percent } = categoryResult(scores, student, category.key);
    if (percent === null) continue;
    weighted += category.weight * percent;
    weights += category.weight;
  }
  return weights ? divHalfUp(weighted, weights) : null;
}

export const SCALE: readonly { letter: string; from: number }[] = [
  { letter: 'A', from: 930 },
  { letter: 'A-', from: 900 },
  { letter: 'B+', from: 870 },
  { letter: 'B', from: 830 },
  { letter: 'B-', from: 800 },
  { letter: 'C+', from: 770 },
  { letter: 'C', from: 730 },
  { letter: 'C-', from: 700 },
  { letter: 'D', from: 600 },
  { letter: 'F', from: 0 },
];

/** The letter of an average (tenths of a percent): the first band whose lower bound it reaches. */
export function letterOf(average: number): string {
  return SCALE.find((band) => average >= band.from)?.letter ?? 'F';
}

export function studentsOf(course: string): Student[] {
  return STUDENTS.filter((s) => s.course === course);
}

export function studentByKey(key: string): Student {
  const found = STUDENTS.find((s) => s.key === key);
  if (!found) throw new Error(`no student ${key}`);
  return found;
}

/** Surname, then first name, A to Z. */
export function byName(a: Student, b: Student): number {
  return a.last.localeCompare(b.last) || a.first.localeCompare(b.first);
}

export function classAverage(scores: Scores, course: string): number | null {
  const averages = studentsOf(course)
    .map((s) => courseAverage(scores, s.key))
    .filter((avg): avg is number => avg !== null);
  if (!averages.length) return null;
  return divHalfUp(averages.reduce((sum, avg) => sum + avg, 0), averages.length);
}

export interface RosterRow {
  student: Student;
  average: number | null;
  /** 1 + the number of students with a higher average; equal averages share a rank. */
  rank: number | null;
}

export type RosterSort = 'average' | 'name';

export function roster(scores: Scores, course: string, sort: RosterSort): RosterRow[] {
  const rows = studentsOf(course).map((student) => ({
    student,
    average: courseAverage(scores, student.key),
    rank: null as number | null,
  }));
  for (const row of rows) {
    if (row.average === null) continue;
    const average = row.average;
    row.rank = 1 + rows.filter((other) => other.average !== null && other.average > average).length;
  }
  return rows.sort((a, b) => {
    if (sort === 'average') {
      const byAverage = (b.average ?? -1) - (a.average ?? -1);
      if (byAverage !== 0) return byAverage;
    }
    return byName(a.student, b.student);
  });
}

// -- formats ----------------------------------------------------------------------------------

/** Tenths as a number with one decimal: 861 → "86.1", 900 → "90.0". */
export function tenths(value: number): string {
  return `${Math.floor(value / 10)}.${value % 10}`;
}

export function formatPercent(value: number): string {
  return `${tenths(value)}%`;
}

/** Points (tenths) without a needless decimal: 170 → "17", 165 → "16.5". */
export function formatPoints(value: number): string {
  return value % 10 === 0 ? String(value / 10) : tenths(value);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2026-09-11" → "Sep 11". */
export function formatDay(iso: string): string {
  const [, month, day] = iso.split('-').map(Number);
  return `${MONTHS[month - 1]} ${day}`;
}

/** A typed score: a number with at most one decimal, as tenths; null if it is not one. */
export function parseScore(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d)?$/.test(trimmed)) return null;
  const [whole, fraction = '0'] = trimmed.split('.');
  return Number(whole) * 10 + Number(fraction);
}
