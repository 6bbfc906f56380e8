/** The app's store: invoices and the new invoice form, kept above the tabs. */
import { TODAY } from './dates';
import { FormLine, FormState, DiscountKind, EMPTY_FORM, EMPTY_LINE, Draft } from './form';
import { ClientKey, Invoice, SEED_INVOICES, TermsKey } from './invoices';

export interface AppState {
  invoices: Invoice[];
  nextNumber: number;
  form: FormState;
}

export const initialState: AppState = {
  invoices: SEED_INVOICES.map((invoice) => ({
    ...invoice,
    lines: [...invoice.lines],
    payments: [...invoice.payments],
  })),
  nextNumber: 1008,
  form: EMPTY_FORM,
};

export type Action =
  | { type: 'send'; number: number }
  | { type: 'pay'; number: number; cents: number }
  | { type: 'save'; draft: Draft }
  | { type: 'form-client'; client: ClientKey }
  | { type: 'form-terms'; terms: TermsKey }
  | { type: 'form-line'; index: number; field: keyof FormLine; text: string }
  | { type: 'form-add-line' }
  | { type: 'form-discount-kind'; kind: DiscountKind }
  | { type: 'form-discount-text'; text: string };

function updateInvoice(state: AppState, number: number, change: (invoice: Invoice) => Invoice) {
  return {
    ...state,
    invoices: state.invoices.map((invoice) =>
      invoice.number === number ? change(invoice) : invoice,
    ),
  };
}

function updateForm(state: AppState, change: Partial<FormState>): AppState {
  return { ...state, form: { ...state.form, ...change } };
}

export function appReducer(state: AppState, action: Action): AppState {
  switch (action.type) {
    case 'send':
      return updateInvoice(state, action.number, (invoice) => ({ ...invoice, sent: true }));
    case 'pay':
      return updateInvoice(state, action.number, (invoice) => ({
        ...invoice,
        payments: [...invoice.payments, { day: TODAY, cents: action.cents }],
      }));
    case 'save':
      return {
        invoices: [
          ...state.invoices,
          { number: state.nextNumber, ...action.draft, payments: [], sent: false },
        ],
        nextNumber: state.nextNumber + 1,
        form: EMPTY_FORM,
      };
    case 'form-client':
      return updateForm(state, { client: action.client });
    case 'form-terms':
      return updateForm(state, { terms: action.terms });
    case 'form-line':
      return updateForm(state, {
        lines: state.form.lines.map((line, index) =>
          index === action.index ? { ...line, [action.field]: action.text } : line,
        ),
      });
    case 'form-add-line':
      return updateForm(state, { lines: [...state.form.lines, EMPTY_LINE] });
    case 'form-discount-kind':
      return updateForm(state, { discountKind: action.kind });
    case 'form-discount-text':
      return updateForm(state, { discountText: action.text });
  }
}
