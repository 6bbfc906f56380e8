/** The app's whole state and its reducer: navigation, the desk's data and the messages. */
import { Hold, LOAN_LIMIT, Loan, MEDIA, SEED_HOLDS, SEED_LOANS, memberName, titleOf } from './data';
import { TODAY, formatDay } from './dates';
import { Desk, availableCopies, fine, queue, renewalRefusal } from './library';

export type TabKey = 'catalogue' | 'members' | 'overdue';

export interface Message {
  error: string | null;
  notice: string | null;
}

const NO_MESSAGE: Message = { error: null, notice: null };

export interface AppState extends Desk {
  tab: TabKey;
  openTitle: string | null;
  openMember: string | null;
  /** The member chosen at the open title's desk. */
  chosen: string | null;
  deskMessage: Message;
  memberMessage: Message;
  /** The loan whose return is being confirmed. */
  confirming: number | null;
  nextLoanId: number;
  nextHoldId: number;
}

export const initialState: AppState = {
  loans: SEED_LOANS.map((loan) => ({ ...loan })),
  holds: SEED_HOLDS.map((hold) => ({ ...hold })),
  charged: {},
  tab: 'catalogue',
  openTitle: null,
  openMember: null,
  chosen: null,
  deskMessage: NO_MESSAGE,
  memberMessage: NO_MESSAGE,
  confirming: null,
  nextLoanId: SEED_LOANS.length + 1,
  nextHoldId: SEED_HOLDS.length + 1,
};

export type Action =
  | { type: 'tab'; tab: TabKey }
  | { type: 'open-title'; title: string }
  | { type: 'open-member'; member: string }
  | { type: 'back' }
  | { type: 'choose'; member: string }
  | { type: 'checkout' }
  | { type: 'place-hold' }
  | { type: 'renew'; loan: number }
  | { type: 'ask-return'; loan: number }
  | { type: 'cancel-return' }
  | { type: 'confirm-return' };

function refuse(text: string): Message {
  return { error: text, notice: null };
}

function tell(text: string): Message {
  return { error: null, notice: text };
}

function checkout(state: AppState): AppState {
  const title = state.openTitle;
  const member = state.chosen;
  // The chosen member is read from the state itself, so a second press that arrives before the
  // screen re-renders finds nobody chosen and does nothing.
  if (title === null || member === null) return state;
  const name = memberName(member);
  if (state.loans.filter((loan) => loan.member === member).length >= LOAN_LIMIT) {
    return { ...state, deskMessage: refuse(`${name} is at the limit of ${LOAN_LIMIT} loans`) };
  }
  const pickup = state.holds.find((h) => h.title === title && h.member === member && h.ready !== null);
  const copy = pickup?.ready ?? availableCopies(state, title)[0];
  if (copy === undefined || copy === null) {
    return { ...state, deskMessage: refuse('No copy is available: place a hold instead') };
  }
  const due = TODAY + MEDIA[titleOf(title).media].loanDays;
  const loan: Loan = { id: state.nextLoanId, title, copy, member, due, renewed: false };
  return {
    ...state,
    loans: [...state.loans, loan],
    holds: pickup ? state.holds.filter((h) => h.id !== pickup.id) : state.holds,
    nextLoanId: state.nextLoanId + 1,
    chosen: null,
    deskMessage: tell(`Copy ${copy} checked out to ${name}, due ${formatDay(due)}`),
  };
}

function placeHold(state: AppState): AppState {
  const title = state.openTitle;
  const member = state.chosen;
  if (title === null || member === null) return state;
  const name = memberName(member);
  if (availableCopies(state, title).length > 0) {
    return { ...state, deskMessage: refuse('A copy is available: check it out instead') };
  }
  if (state.holds.some((h) => h.title === title && h.member === member)) {
    return { ...state, deskMessage: refuse(`${name} already has a hold on this title`) };
  }
  const hold: Hold = { id: state.nextHoldId, title, member, ready: null };
  const place = queue(state, title).length + 1;
  return {
    ...state,
    holds: [...state.holds, hold],
    nextHoldId: state.nextHoldId + 1,
    chosen: null,
    deskMessage: tell(`Hold placed for ${name}: #${place} in line`),
  };
}

function renew(state: AppState, id: number): AppState {
  const loan = state.loans.find((l) => l.id === id);
  if (!loan) return state;
  const refusal = renewalRefusal(state, loan);
  if (refusal !== null) return { ...state, memberMessage: refuse(refusal) };
  const due = loan.due + MEDIA[titleOf(loan.title).media].loanDays;
  return {
    ...state,
    loans: state.loans.map((l) => (l.id === id ? { ...l, due, renewed: true } : l)),
    memberMessage: tell(`Renewed: now due ${formatDay(due)}`),
  };
}

function confirmReturn(state: AppState): AppState {
  const loan = state.loans.find((l) => l.id === state.confirming);
  if (!loan) return { ...state, confirming: null };
  const next = queue(state, loan.title)[0];
  const owed = fine(loan);
  const name = `${titleOf(loan.title).name}, copy ${loan.copy}, returned`;
  return {
    ...state,
    loans: state.loans.filter((l) => l.id !== loan.id),
    holds: next
      ? state.holds.map((h) => (h.id === next.id ? { ...h, ready: loan.copy } : h))
      : state.holds,
    charged: owed > 0
      ? { ...state.charged, [loan.member]: (state.charged[loan.member] ?? 0) + owed }
      : state.charged,
    confirming: null,
    memberMessage: tell(
      next ? `${name}: ready for pickup for ${memberName(next.member)}` : `${name}: now available`,
    ),
  };
}

export function reducer(state: AppState, action: Action): AppState {
  switch (action.type) {
    case 'tab':
      return { ...state, tab: action.tab, openTitle: null, openMember: null, confirming: null };
    case 'open-title':
      return { ...state, openTitle: action.title, chosen: null, deskMessage: NO_MESSAGE };
    case 'open-member':
      return { ...state, openMember: action.member, memberMessage: NO_MESSAGE, confirming: null };
    case 'back':
      return { ...state, openTitle: null, openMember: null, confirming: null };
    case 'choose':
      return { ...state, chosen: action.member };
    case 'checkout':
      return checkout(state);
    case 'place-hold':
      return placeHold(state);
    case 'renew':
      return renew(state, action.loan);
    case 'ask-return':
      return { ...state, confirming: action.loan };
    case 'cancel-return':
      return { ...state, confirming: null };
    case 'confirm-return':
      return confirmReturn(state);
  }
}
