import { toaster } from './ui/toaster.tsx';

/** Success and error toasts (the app toaster closes them after 3 s). */
export function notifySuccess(title: string, description?: string): void {
  toaster.create(
    description ? { title, description, type: 'success' } : { title, type: 'success' },
  );
}

export function notifyError(title: string): void {
  toaster.create({ title, type: 'error' });
}
