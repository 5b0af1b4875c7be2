import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  canGoBack,
  emptyHistory,
  type HistoryEntry,
  type NavigationHistory,
  poppedBack,
  previousEntry,
  pushed,
  replaced,
} from './behaviour/navigation-history';

/** The navigation history (docs/product.md §2) in the store, so any back button can read it. */
export const navigation = createSlice({
  name: 'navigation',
  initialState: emptyHistory as NavigationHistory,
  reducers: {
    navigatedTo: (history, action: PayloadAction<HistoryEntry>) => pushed(history, action.payload),
    replacedWith: (history, action: PayloadAction<HistoryEntry>) => replaced(history, action.payload),
    wentBack: (history) => poppedBack(history),
  },
  selectors: {
    selectCanGoBack: (history) => canGoBack(history),
    selectPreviousEntry: (history) => previousEntry(history),
  },
});

export const { navigatedTo, replacedWith, wentBack } = navigation.actions;
export const { selectCanGoBack, selectPreviousEntry } = navigation.selectors;
