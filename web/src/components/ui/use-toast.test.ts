import { TOAST_LIMIT, TOAST_REMOVE_DELAY, reducer, type ToasterToast } from './use-toast';

const make = (id: string): ToasterToast => ({ id, title: `toast ${id}`, open: true });

describe('toast queue', () => {
  afterEach(() => jest.useRealTimers());

  it('keeps at most one toast, the newest', () => {
    expect(TOAST_LIMIT).toBe(1);
    let state = reducer({ toasts: [] }, { type: 'ADD_TOAST', toast: make('1') });
    state = reducer(state, { type: 'ADD_TOAST', toast: make('2') });
    expect(state.toasts.map((t) => t.id)).toEqual(['2']);
  });

  it('closes a dismissed toast at once and removes it 1,000,000 ms later', () => {
    jest.useFakeTimers();
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
    const state = reducer({ toasts: [make('7')] }, { type: 'DISMISS_TOAST', toastId: '7' });
    expect(state.toasts).toEqual([expect.objectContaining({ id: '7', open: false })]);
    expect(reducer(state, { type: 'REMOVE_TOAST', toastId: '7' }).toasts).toEqual([]);
  });

  it('updates a toast in place', () => {
    const state = reducer({ toasts: [make('3')] }, { type: 'UPDATE_TOAST', toast: { id: '3', title: 'Saved' } });
    expect(state.toasts[0]).toMatchObject({ id: '3', title: 'Saved', open: true });
  });
});
