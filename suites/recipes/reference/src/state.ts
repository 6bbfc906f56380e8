/** The app's single store, held by App so it survives tab switches. */
import { MAX_SERVINGS, MIN_SERVINGS, RECIPES } from './data';

export interface CookState {
  search: string;
  /** The recipe open on the Recipes tab, or null for the list. */
  open: string | null;
  /** Each recipe's current servings. */
  servings: Record<string, number>;
  /** The picked recipes, in the order they were picked. */
  picks: string[];
}

export type CookAction =
  | { type: 'search'; text: string }
  | { type: 'open'; recipe: string }
  | { type: 'back' }
  | { type: 'servings'; recipe: string; step: 1 | -1 }
  | { type: 'toggle-pick'; recipe: string }
  | { type: 'clear-picks' };

export const initialState: CookState = {
  search: '',
  open: null,
  servings: Object.fromEntries(RECIPES.map((recipe) => [recipe.key, recipe.serves])),
  picks: [],
};

export function cookReducer(state: CookState, action: CookAction): CookState {
  switch (action.type) {
    case 'search':
      return { ...state, search: action.text };
    case 'open':
      return { ...state, open: action.recipe };
    case 'back':
      return { ...state, open: null };
    case 'servings': {
      const next = state.servings[action.recipe] + action.step;
      if (next < MIN_SERVINGS || next > MAX_SERVINGS) {
        return state;
      }
      return { ...state, servings: { ...state.servings, [action.recipe]: next } };
    }
    case 'toggle-pick':
      return {
        ...state,
        picks: state.picks.includes(action.recipe)
          ? state.picks.filter((key) => key !== action.recipe)
          : [...state.picks, action.recipe],
      };
    case 'clear-picks':
      return { ...state, picks: [] };
  }
}
