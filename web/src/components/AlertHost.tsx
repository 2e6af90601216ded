import { alerts } from '../lib/ui-state.ts';
import { useStore } from '../lib/store.ts';
import { Modal } from './Modal.tsx';

/** Shows the oldest pending alert of showAlert() in the generic modal. */
export function AlertHost() {
  const queue = useStore(alerts);
  const current = queue[0];
  if (!current) return null;
  return (
    <Modal
      onOk={() => current.resolve('ok')}
      {...(current.cancellable ? { onCancel: () => current.resolve('cancel') } : {})}
      {...(current.resendEmail ? { onResendEmail: () => current.resolve('resend') } : {})}
    >
      <p className="mb-0" role="alert">
        {current.message}
      </p>
    </Modal>
  );
}
