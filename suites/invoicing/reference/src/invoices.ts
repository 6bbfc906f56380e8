/** Clients, terms, the seed invoices and the pure rules: amounts, statuses, due notes, order. */
import { TODAY, day } from './dates';
import { formatCents, formatPercent, percentOf } from './money';

export type ClientKey = 'acme' | 'birch' | 'cobalt' | 'dune';
export type TermsKey = 'receipt' | 'net15' | 'net30';
export type Status = 'Draft' | 'Sent' | 'Overdue' | 'Paid';

export const CLIENTS: readonly { key: ClientKey; name: string }[] = [
  { key: 'acme', name: 'Acme Studio' },
  { key: 'birch', name: 'Birch & Co.' },
  { key: 'cobalt', name: 'Cobalt Labs' },
  { key: 'dune', name: 'Dune Coffee' },
];

export const TERMS: readonly { key: TermsKey; label: string; days: number }[] = [
  { key: 'receipt', label: 'Due on receipt', days: 0 },
  { key: 'net15', label: 'Net 15', days: 15 },
  { key: 'net30', label: 'Net 30', days: 30 },
];

/** Sales tax: 7.5%, in basis points. */
export const TAX_BP = 750;

export interface Line {
  description: string;
  quantity: number;
  unitCents: number;
}

export type Discount =
  | { kind: 'none' }
  | { kind: 'percent'; bp: number }
  | { kind: 'fixed'; cents: number };

export interface Payment {
  day: number;
  cents: number;
}

export interface Invoice {
  number: number;
  client: ClientKey;
  issued: number;
  terms: TermsKey;
  lines: Line[];
  discount: Discount;
  payments: Payment[];
  sent: boolean;
}

export function clientName(key: ClientKey): string {
  return CLIENTS.find((client) => client.key === key)?.name ?? key;
}

export function termsOf(key: TermsKey): { key: TermsKey; label: string; days: number } {
  return TERMS.find((terms) => terms.key === key) ?? TERMS[2];
}

export function dueDay(issued: number, terms: TermsKey): number {
  return issued + termsOf(terms).days;
}

export function invoiceLabel(number: number): string {
  return `INV-${number}`;
}

export interface Amounts {
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
}

/** Subtotal, then the discount on it, then 7.5% tax once on what is left, each half up. */
export function computeAmounts(lines: readonly Line[], discount: Discount): Amounts {
  const subtotal = lines.reduce((sum, line) => sum + line.quantity * line.unitCents, 0);
  let off = 0;
  if (discount.kind === 'percent') {
    off = percentOf(subtotal, discount.bp);
  } else if (discount.kind === 'fixed') {
    off = Math.min(discount.cents, subtotal);
  }
  const tax = percentOf(subtotal - off, TAX_BP);
  return { subtotal, discount: off, tax, total: subtotal - off + tax };
}

/** `Discount (10%): -$98.65` or `Discount: -$30.00`; null without a discount. */
export function discountText(discount: Discount, cents: number): string | null {
  if (discount.kind === 'percent') {
    return `Discount (${formatPercent(discount.bp)}%): ${formatCents(-cents)}`;
  }
  if (discount.kind === 'fixed') {
    return `Discount: ${formatCents(-cents)}`;
  }
  return null;
}

export function paidCents(invoice: Invoice): number {
  return invoice.payments.reduce((sum, payment) => sum + payment.cents, 0);
}

export function balanceCents(invoice: Invoice): number {
  return computeAmounts(invoice.lines, invoice.discount).total - paidCents(invoice);
}

export function statusOf(invoice: Invoice): Status {
  if (!invoice.sent) {
    return 'Draft';
  }
  if (balanceCents(invoice) <= 0) {
    return 'Paid';
  }
  return TODAY > dueDay(invoice.issued, invoice.terms) ? 'Overdue' : 'Sent';
}

function days(count: number): string {
  return count === 1 ? '1 day' : `${count} days`;
}

export function dueNote(invoice: Invoice): string {
  const status = statusOf(invoice);
  const due = dueDay(invoice.issued, invoice.terms);
  if (status === 'Draft') {
    return 'Not sent yet';
  }
  if (status === 'Paid') {
    return 'Paid in full';
  }
  if (status === 'Overdue') {
    return `Overdue by ${days(TODAY - due)}`;
  }
  return due === TODAY ? 'Due today' : `Due in ${days(due - TODAY)}`;
}

/** By due date, earliest first; the same due date by invoice number, lowest first. */
export function sortInvoices(invoices: readonly Invoice[]): Invoice[] {
  return [...invoices].sort(
    (a, b) => dueDay(a.issued, a.terms) - dueDay(b.issued, b.terms) || a.number - b.number,
  );
}

export interface ClientTotals {
  invoiced: number;
  paid: number;
  outstanding: number;
  overdue: number;
}

/** Sent invoices only: drafts are not owed yet. */
export function clientTotals(invoices: readonly Invoice[], client: ClientKey): ClientTotals {
  const totals: ClientTotals = { invoiced: 0, paid: 0, outstanding: 0, overdue: 0 };
  for (const invoice of invoices) {
    if (invoice.client !== client || !invoice.sent) {
      continue;
    }
    const total = computeAmounts(invoice.lines, invoice.discount).total;
    const paid = paidCents(invoice);
    totals.invoiced += total;
    totals.paid += paid;
    totals.outstanding += total - paid;
    if (statusOf(invoice) === 'Overdue') {
      totals.overdue += total - paid;
    }
  }
  return totals;
}

export const SEED_INVOICES: readonly Invoice[] = [
  {
    number: 1001,
    client: 'acme',
    issued: day(2026, 1, 20),
    terms: 'net30',
    lines: [{ description: 'Logo design', quantity: 1, unitCents: 120000 }],
    discount: { kind: 'none' },
    payments: [{ day: day(2026, 2, 10), cents: 129000 }],
    sent: true,
  },
  {
    number: 1002,
    client: 'birch',
    issued: day(2026, 2, 20),
    terms: 'net15',
    lines: [
      { description: 'Website audit', quantity: 1, unitCents: 85000 },
      { description: 'Copy edits', quantity: 3, unitCents: 4550 },
    ],
    discount: { kind: 'percent', bp: 1000 },
    payments: [{ day: day(2026, 3, 1), cents: 40000 }],
    sent: true,
  },
  {
    number: 1003,
    client: 'cobalt',
    issued: day(2026, 3, 2),
    terms: 'receipt',
    lines: [{ description: 'Server setup', quantity: 4, unitCents: 9500 }],
    discount: { kind: 'fixed', cents: 3000 },
    payments: [],
    sent: true,
  },
  {
    number: 1004,
    client: 'dune',
    issued: day(2026, 3, 1),
    terms: 'net15',
    lines: [{ description: 'Menu layout', quantity: 2, unitCents: 15000 }],
    discount: { kind: 'percent', bp: 500 },
    payments: [{ day: day(2026, 3, 5), cents: 10000 }],
    sent: true,
  },
  {
    number: 1005,
    client: 'acme',
    issued: day(2026, 2, 14),
    terms: 'net30',
    lines: [
      { description: 'Brand guide', quantity: 1, unitCents: 64000 },
      { description: 'Icon set', quantity: 12, unitCents: 1835 },
    ],
    discount: { kind: 'none' },
    payments: [],
    sent: true,
  },
  {
    number: 1006,
    client: 'birch',
    issued: day(2026, 3, 10),
    terms: 'net30',
    lines: [{ description: 'Newsletter template', quantity: 1, unitCents: 42000 }],
    discount: { kind: 'none' },
    payments: [],
    sent: false,
  },
  {
    number: 1007,
    client: 'cobalt',
    issued: day(2026, 3, 12),
    terms: 'net15',
    lines: [
      { description: 'Monthly support', quantity: 1, unitCents: 50000 },
      { description: 'Extra hours', quantity: 3, unitCents: 9500 },
    ],
    discount: { kind: 'fixed', cents: 8500 },
    payments: [],
    sent: true,
  },
];
