/** The app's single store, held by App so it survives tab switches. */
import { courseAverage, letterOf, parseScore, roster, RosterSort, Scores, assessmentByKey, studentByKey } from './grades';
import { CategoryKey, SEED_SCORES } from './seed';

/** Where the Courses tab is: the list, a course, a student, or a student's category. */
export interface Place {
  course: string | null;
  student: string | null;
  category: CategoryKey | null;
}

/** What the grade-entry form holds. */
export interface Entry {
  course: string | null;
  student: string | null;
  category: CategoryKey | null;
  assessment: string | null;
  score: string;
  error: string | null;
  saved: Saved | null;
}

/** The outcome of the last saved grade: the student's standing before and after. */
export interface Saved {
  student: string;
  assessment: string;
  score: number;
  before: Standing;
  after: Standing;
  classSize: number;
}

export interface Standing {
  average: number;
  letter: string;
  rank: number;
}

export interface GradebookState {
  scores: Scores;
  place: Place;
  sort: RosterSort;
  entry: Entry;
}

export type GradebookAction =
  | { type: 'open-course'; course: string }
  | { type: 'open-student'; student: string }
  | { type: 'open-category'; category: CategoryKey }
  | { type: 'back' }
  | { type: 'sort'; sort: RosterSort }
  | { type: 'entry-course'; course: string }
  | { type: 'entry-student'; student: string }
  | { type: 'entry-category'; category: CategoryKey }
  | { type: 'entry-assessment'; assessment: string }
  | { type: 'entry-score'; score: string }
  | { type: 'save' };

function seedScores(): Scores {
  const scores: Scores = {};
  for (const [student, own] of Object.entries(SEED_SCORES)) {
    scores[student] = {};
    for (const [assessment, points] of Object.entries(own)) {
      scores[student][assessment] = Math.round(points * 10);
    }
  }
  return scores;
}

const EMPTY_ENTRY: Entry = {
  course: null,
  student: null,
  category: null,
  assessment: null,
  score: '',
  error: null,
  saved: null,
};

export const initialState: GradebookState = {
  scores: seedScores(),
  place: { course: null, student: null, category: null },
  sort: 'average',
  entry: EMPTY_ENTRY,
};

/** A student's average, letter and rank in their course; null with no score at all. */
export function standingOf(scores: Scores, student: string): Standing | null {
  const average = courseAverage(scores, student);
  if (average === null) return null;
  const row = roster(scores, studentByKey(student).course, 'average').find(
    (r) => r.student.key === student,
  );
  return { average, letter: letterOf(average), rank: row?.rank ?? 1 };
}

function save(state: GradebookState): GradebookState {
  const { entry } = state;
  const fail = (error: string) => ({ ...state, entry: { ...entry, error, saved: null } });
  if (!entry.student) return fail('Choose a student');
  if (!entry.assessment) return fail('Choose an assessment');
  const assessment = assessmentByKey(entry.assessment);
  const score = parseScore(entry.score);
  if (score === null || score > assessment.maxPoints * 10) {
    return fail(`Score must be a number from 0 to ${assessment.maxPoints}`);
  }
  const before = standingOf(state.scores, entry.student);
  const scores = {
    ...state.scores,
    [entry.student]: { ...state.scores[entry.student], [assessment.key]: score },
  };
  const after = standingOf(scores, entry.student);
  const saved: Saved | null =
    after === null
      ? null
      : {
          student: entry.student,
          assessment: assessment.key,
          score,
          before: before ?? after,
          after,
          classSize: roster(scores, studentByKey(entry.student).course, 'average').length,
        };
  return { ...state, scores, entry: { ...entry, score: '', error: null, saved } };
}

export function gradebookReducer(state: GradebookState, action: GradebookAction): GradebookState {
  const { place, entry } = state;
  switch (action.type) {
    case 'open-course':
      return { ...state, place: { course: action.course, student: null, category: null } };
    case 'open-student':
      return { ...state, place: { ...place, student: action.student, category: null } };
    case 'open-category':
      return { ...state, place: { ...place, category: action.category } };
    case 'back':
      if (place.category) return { ...state, place: { ...place, category: null } };
      if (place.student) return { ...state, place: { ...place, student: null } };
      return { ...state, place: { course: null, student: null, category: null } };
    case 'sort':
      return { ...state, sort: action.sort };
    case 'entry-course':
      return {
        ...state,
        entry: {
          ...entry,
          course: action.course,
          student: action.course === entry.course ? entry.student : null,
          error: null,
          saved: null,
        },
      };
    case 'entry-student':
      return { ...state, entry: { ...entry, student: action.student, error: null, saved: null } };
    case 'entry-category':
      return {
        ...state,
        entry: {
          ...entry,
          category: action.category,
          assessment: action.category === entry.category ? entry.assessment : null,
          error: null,
          saved: null,
        },
      };
    case 'entry-assessment':
      return { ...state, entry: { ...entry, assessment: action.assessment, error: null, saved: null } };
    case 'entry-score':
      return { ...state, entry: { ...entry, score: action.score } };
    case 'save':
      return save(state);
  }
}
