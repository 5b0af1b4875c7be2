import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Interface state around the session (docs/product.md §4): the loading flag is up while logout runs. */
export const sessionStatus = createSlice({
  name: 'sessionStatus',
  initialState: { loading: false },
  reducers: {
    sessionLoadingChanged(state, action: PayloadAction<boolean>) {
      state.loading = action.payload;
    },
  },
  selectors: {
    selectSessionLoading: (state) => state.loading,
  },
});

export const { sessionLoadingChanged } = sessionStatus.actions;
export const { selectSessionLoading } = sessionStatus.selectors;
