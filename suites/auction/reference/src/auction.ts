/** The proxy-bidding rules. Everything here is derived from the bids; nothing is stored. */
import { Bid, BidderKey, bidderName, Lot, LotKey, LOTS, lotByKey } from './data';
import { formatCents, parseCents } from './money';

/** The increment for a price: the row of the increment table the price falls in. */
export function increment(priceCents: number): number {
  if (priceCents < 2500) {
    return 100;
  }
  if (priceCents < 10000) {
    return 250;
  }
  if (priceCents < 25000) {
    return 500;
  }
  if (priceCents < 100000) {
    return 1000;
  }
  return 2500;
}

/** Highest maximum first; between equal maxima the earlier bid first. */
export function rankBids(bids: readonly Bid[]): Bid[] {
  return [...bids].sort((a, b) => b.maxCents - a.maxCents || a.seq - b.seq);
}

export interface LotView {
  lot: Lot;
  bidCount: number;
  leader: BidderKey | null;
  leaderMaxCents: number | null;
  priceCents: number;
  /** Whether the leader's maximum is at least the reserve (false without a reserve). */
  reserveMet: boolean;
}

/** The state of `lot` after `bids` (bids of other lots are ignored). */
export function lotView(lot: Lot, bids: readonly Bid[]): LotView {
  const ranked = rankBids(bids.filter((bid) => bid.lot === lot.key));
  const [first, second] = ranked;
  if (!first) {
    return { lot, bidCount: 0, leader: null, leaderMaxCents: null, priceCents: lot.startCents, reserveMet: false };
  }
  let price = lot.startCents;
  if (second) {
    price = Math.min(first.maxCents, second.maxCents + increment(second.maxCents));
  }
  const reserveMet = lot.reserveCents !== null && first.maxCents >= lot.reserveCents;
  if (reserveMet && lot.reserveCents !== null && price < lot.reserveCents) {
    price = lot.reserveCents;
  }
  return {
    lot,
    bidCount: ranked.length,
    leader: first.bidder,
    leaderMaxCents: first.maxCents,
    priceCents: price,
    reserveMet,
  };
}

export function minimumBid(view: LotView): number {
  return view.leader === null ? view.lot.startCents : view.priceCents + increment(view.priceCents);
}

/** The message refusing a bid, or null when the bid is accepted. */
export function bidProblem(view: LotView, bidder: BidderKey, typed: string): string | null {
  if (view.leader === bidder) {
    return `${bidderName(bidder)} is already the highest bidder`;
  }
  const cents = parseCents(typed);
  const minimum = minimumBid(view);
  if (cents === null || cents < minimum) {
    return `Bid at least ${formatCents(minimum)}`;
  }
  return null;
}

export interface Notice {
  /** 1, 2, … in the order the notices were made. */
  number: number;
  bidder: BidderKey;
  lot: LotKey;
  priceCents: number;
}

/** Replays the bids in order: each may leave one bidder outbid. */
export function notices(bids: readonly Bid[]): Notice[] {
  const made: Notice[] = [];
  bids.forEach((bid, index) => {
    const lot = lotByKey(bid.lot);
    const before = lotView(lot, bids.slice(0, index));
    const after = lotView(lot, bids.slice(0, index + 1));
    const outbid = after.leader !== bid.bidder ? bid.bidder : before.leader;
    if (outbid !== null) {
      made.push({ number: made.length + 1, bidder: outbid, lot: bid.lot, priceCents: after.priceCents });
    }
  });
  return made;
}

/** Whether a closed lot is sold: a leader, and no reserve or a met one. */
export function isSold(view: LotView): boolean {
  return view.leader !== null && (view.lot.reserveCents === null || view.reserveMet);
}

/** The price a sold lot goes for. */
export function finalPriceCents(view: LotView): number {
  return view.priceCents;
}

export function statusText(view: LotView, closed: boolean): string {
  if (closed) {
    return isSold(view) && view.leader !== null
      ? `Sold to ${bidderName(view.leader)} for ${formatCents(finalPriceCents(view))}`
      : 'Not sold';
  }
  return view.leader === null ? 'No bids yet' : `Leading: ${bidderName(view.leader)}`;
}

export function bidCountText(count: number): string {
  return count === 1 ? '1 bid' : `${count} bids`;
}

export function allViews(bids: readonly Bid[]): LotView[] {
  return LOTS.map((lot) => lotView(lot, bids));
}
