import { Suspense, lazy } from 'react';
import { alerts } from '../lib/ui-state.ts';
import { useStore } from '../lib/store.ts';

// The modal (react-bootstrap's focus trap and transitions) loads with the first alert, not with every page.
const Modal = lazy(() => import('./Modal.tsx').then((m) => ({ default: m.Modal })));

/** Shows the oldest pending alert of showAlert() in the generic modal. */
export function AlertHost() {
  const queue = useStore(alerts);
  const current = queue[0];
  if (!current) return null;
  return (
    <Suspense fallback={null}>
      <Modal
        onOk={() => current.resolve('ok')}
        {...(current.cancellable ? { onCancel: () => current.resolve('cancel') } : {})}
        {...(current.resendEmail ? { onResendEmail: () => current.resolve('resend') } : {})}
      >
        <p className="mb-0" role="alert">
          {current.message}
        </p>
      </Modal>
    </Suspense>
  );
}
