/** The app's single store, held by App so it survives tab switches and the detail. */
import { Assignee, checkMove, Filters, moveCard, NO_FILTERS } from './board';
import { Card, ColumnKey, LabelKey, Move, SEED_ACTIVITY, SEED_CARDS } from './data';

export interface Detail {
  card: number;
  /** The refusal message of the last move tried, or null. */
  error: string | null;
  /** The open-items question and the column it is about, or null. */
  question: { text: string; to: ColumnKey } | null;
}

export interface BoardState {
  cards: Card[];
  /** Newest first. */
  activity: Move[];
  filters: Filters;
  /** The open card detail, or null. */
  detail: Detail | null;
}

export type BoardAction =
  | { type: 'open'; card: number }
  | { type: 'close' }
  | { type: 'toggle'; card: number; index: number }
  | { type: 'move'; to: ColumnKey }
  | { type: 'confirm' }
  | { type: 'cancel' }
  | { type: 'label'; label: LabelKey }
  | { type: 'assignee'; assignee: Assignee }
  | { type: 'clear' };

export const initialState: BoardState = {
  cards: SEED_CARDS.map((card) => ({ ...card, checklist: card.checklist.map((item) => ({ ...item })) })),
  activity: [...SEED_ACTIVITY],
  filters: NO_FILTERS,
  detail: null,
};

function applyMove(state: BoardState, id: number, to: ColumnKey): BoardState {
  const card = state.cards.find((candidate) => candidate.id === id);
  if (!card) return state;
  return {
    ...state,
    cards: moveCard(state.cards, id, to),
    activity: [{ card: id, from: card.column, to }, ...state.activity],
    detail: { card: id, error: null, question: null },
  };
}

export function boardReducer(state: BoardState, action: BoardAction): BoardState {
  switch (action.type) {
    case 'open':
      return { ...state, detail: { card: action.card, error: null, question: null } };
    case 'close':
      return { ...state, detail: null };
    case 'toggle':
      return {
        ...state,
        cards: state.cards.map((card) =>
          card.id === action.card
            ? {
                ...card,
                checklist: card.checklist.map((item, index) =>
                  index === action.index ? { ...item, checked: !item.checked } : item,
                ),
              }
            : card,
        ),
      };
    case 'move': {
      const detail = state.detail;
      const card = detail && state.cards.find((candidate) => candidate.id === detail.card);
      if (!detail || !card || card.column === action.to) return state;
      const check = checkMove(state.cards, card, action.to);
      if (check.kind === 'refused') {
        return { ...state, detail: { ...detail, error: check.message, question: null } };
      }
      if (check.kind === 'ask') {
        return { ...state, detail: { ...detail, error: null, question: { text: check.question, to: action.to } } };
      }
      return applyMove(state, card.id, action.to);
    }
    case 'confirm': {
      const detail = state.detail;
      if (!detail || !detail.question) return state;
      return applyMove(state, detail.card, detail.question.to);
    }
    case 'cancel':
      return state.detail ? { ...state, detail: { ...state.detail, question: null } } : state;
    case 'label': {
      const selected = state.filters.labels.includes(action.label);
      const labels = selected
        ? state.filters.labels.filter((label) => label !== action.label)
        : [...state.filters.labels, action.label];
      return { ...state, filters: { ...state.filters, labels } };
    }
    case 'assignee':
      return { ...state, filters: { ...state.filters, assignee: action.assignee } };
    case 'clear':
      return { ...state, filters: NO_FILTERS };
  }
}
