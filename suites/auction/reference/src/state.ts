/** The app's single store, held by App so it survives tab switches. */
import { Bid, BidderKey, LotKey, SEED_BIDS } from './data';

export interface AuctionState {
  /** Every accepted bid, in the order placed. */
  bids: Bid[];
  /** Closed lots, in the order they were closed. */
  closed: LotKey[];
}

export type AuctionAction =
  | { type: 'bid'; lot: LotKey; bidder: BidderKey; maxCents: number }
  | { type: 'close'; lot: LotKey };

export const initialState: AuctionState = {
  bids: [...SEED_BIDS],
  closed: [],
};

export function auctionReducer(state: AuctionState, action: AuctionAction): AuctionState {
  switch (action.type) {
    case 'bid': {
      if (state.closed.includes(action.lot)) {
        return state;
      }
      const bid: Bid = {
        seq: state.bids.length + 1,
        lot: action.lot,
        bidder: action.bidder,
        maxCents: action.maxCents,
      };
      return { ...state, bids: [...state.bids, bid] };
    }
    case 'close': {
      if (state.closed.includes(action.lot)) {
        return state;
      }
      return { ...state, closed: [...state.closed, action.lot] };
    }
  }
}
