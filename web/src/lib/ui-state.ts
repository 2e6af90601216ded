import { createStore } from './store.ts';

/** Requests in flight that show the spinner (all but those ending in /bot). */
export const pendingRequests = createStore(0);

/** Raised when any call answers a status other than 200/201 (spec section 8). */
export const apiErrorFlag = createStore(false);

export interface AlertRequest {
  id: number;
  message: string;
  /** Show a Cancel button next to Ok. */
  cancellable?: boolean;
  /** Show a 'Resend E-mail' button. */
  resendEmail?: boolean;
  resolve: (choice: 'ok' | 'cancel' | 'resend') => void;
}

export const alerts = createStore<AlertRequest[]>([]);
let nextAlertId = 1;

/**
 * Plain alerts waiting or shown, by message: the same words again (a call asked again after a 502,
 * two calls failing at once) wait for that alert instead of queueing a copy the user would close
 * twice.
 */
const plainAlerts = new Map<string, Promise<'ok' | 'cancel' | 'resend'>>();

/** Shows the generic 'Partner Portal' modal and resolves with the button the user chose. */
export function showAlert(
  message: string,
  options: { cancellable?: boolean; resendEmail?: boolean } = {},
): Promise<'ok' | 'cancel' | 'resend'> {
  const plain = !options.cancellable && !options.resendEmail;
  const same = plain ? plainAlerts.get(message) : undefined;
  if (same) return same;
  const shown = new Promise<'ok' | 'cancel' | 'resend'>((resolve) => {
    const id = nextAlertId++;
    alerts.set((list) => [
      ...list,
      {
        id,
        message,
        ...options,
        resolve: (choice) => {
          alerts.set((l) => l.filter((a) => a.id !== id));
          if (plain) plainAlerts.delete(message);
          resolve(choice);
        },
      },
    ]);
  });
  if (plain) plainAlerts.set(message, shown);
  return shown;
}
