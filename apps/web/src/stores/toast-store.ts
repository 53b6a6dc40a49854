import { TOAST_MS } from '@tips/contract/rules';
import { create } from 'zustand';

export type ToastVariant = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  message: string;
  variant: ToastVariant;
}

interface ToastState {
  toasts: Toast[];
  show: (message: string, variant?: ToastVariant) => number;
  dismiss: (id: number) => void;
}

// More than this many at once is noise: the oldest make way.
const MAX_VISIBLE = 3;
let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  show: (message, variant = 'info') => {
    const id = nextId++;
    set((state) => ({ toasts: [...state.toasts, { id, message, variant }].slice(-MAX_VISIBLE) }));
    // SPEC §4: shown, hidden after 3 s, then the message is cleared.
    timers.set(
      id,
      setTimeout(() => get().dismiss(id), TOAST_MS),
    );
    return id;
  },
  dismiss: (id) => {
    clearTimeout(timers.get(id));
    timers.delete(id);
    set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) }));
  },
}));

export const toast = {
  success: (message: string) => useToastStore.getState().show(message, 'success'),
  error: (message: string) => useToastStore.getState().show(message, 'error'),
  info: (message: string) => useToastStore.getState().show(message, 'info'),
};
