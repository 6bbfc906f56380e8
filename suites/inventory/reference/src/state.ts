/** The stock book's state: items, movements and the pinned clock, changed by one reducer. */
import { stampFor } from './logic';
import { Item, Movement, SEED_ITEMS, SEED_MOVEMENTS } from './seed';

export interface StockState {
  items: Item[];
  /** Oldest first; numbered 1, 2, … */
  movements: Movement[];
  /** How many movements the app has recorded: the pinned clock's minute. */
  tick: number;
}

export const initialState: StockState = {
  items: SEED_ITEMS.map((item) => ({ ...item })),
  movements: SEED_MOVEMENTS.map((movement) => ({ ...movement })),
  tick: 0,
};

export type Action = {
  type: 'record';
  item: Item;
  movement: Omit<Movement, 'number' | 'time'>;
};

export function stockReducer(state: StockState, action: Action): StockState {
  switch (action.type) {
    case 'record': {
      const movement: Movement = {
        ...action.movement,
        number: state.movements.length + 1,
        time: stampFor(state.tick),
      };
      return {
        items: state.items.map((item) => (item.sku === action.item.sku ? action.item : item)),
        movements: [...state.movements, movement],
        tick: state.tick + 1,
      };
    }
    default:
      return state;
  }
}
