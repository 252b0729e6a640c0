import { useSyncExternalStore } from 'react';

export const TOAST_DURATION_MS = 4500;

export type ToastKind = 'success' | 'error';
export interface Toast {
  id: number;
  message: string;
  kind: ToastKind;
}

/**
 * Errors use the danger colour, as the original. Success uses the house's own success green rather
 * than the secondary colour the original named: a club's secondary colour (amber, yellow) made a
 * success look like a warning.
 */
export const toastColor = (kind: ToastKind): 'success' | 'danger' =>
  kind === 'success' ? 'success' : 'danger';

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
