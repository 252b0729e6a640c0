import { useSyncExternalStore } from 'react';

export const TOAST_DURATION_MS = 4500;

export type ToastKind = 'success' | 'error';
export interface Toast {
  id: number;
  message: string;
  kind: ToastKind;
}

/** Success toasts use the secondary colour, errors the danger colour (as the original). */
export const toastColor = (kind: ToastKind): 'secondary' | 'danger' =>
  kind === 'success' ? 'secondary' : 'danger';

let current: Toast | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};

export function showToast(message: string, kind: ToastKind = 'success'): void {
  current = { id: nextId++, message, kind };
  notify();
}
export const showError = (error: unknown): void =>
  showToast(error instanceof Error ? error.message : String(error), 'error');

export function dismissToast(id: number): void {
  if (current?.id === id) {
    current = null;
    notify();
  }
}

export function useCurrentToast(): Toast | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    () => current,
  );
}
