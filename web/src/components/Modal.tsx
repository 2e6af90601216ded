import type { ReactNode } from 'react';
import BsModal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';

export interface ModalProps {
  children: ReactNode;
  onOk: () => void;
  onCancel?: () => void;
  onResendEmail?: () => void;
  title?: string;
}

/**
 * The generic modal of spec section 2: titled 'Partner Portal', Ok, optional Cancel and 'Resend
 * E-mail'. react-bootstrap's Modal traps focus inside, closes on Escape (as Cancel, or Ok when there
 * is no Cancel) and gives focus back to where it was.
 */
export function Modal({ children, onOk, onCancel, onResendEmail, title }: ModalProps) {
  const { t } = useTranslation(['common', 'messages']);
  return (
    <BsModal show centered onHide={onCancel ?? onOk} backdrop="static" aria-labelledby="pp-modal-title">
      <BsModal.Header>
        <BsModal.Title as="h5" id="pp-modal-title">
          {title ?? t('messages:modalTitle')}
        </BsModal.Title>
      </BsModal.Header>
      <BsModal.Body>{children}</BsModal.Body>
      <BsModal.Footer>
        {onResendEmail && (
          <button type="button" className="btn btn-outline-secondary" onClick={onResendEmail}>
            {t('resendEmail')}
          </button>
        )}
        {onCancel && (
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            {t('cancel')}
          </button>
        )}
        <button type="button" className="btn btn-primary" onClick={onOk}>
          {t('ok')}
        </button>
      </BsModal.Footer>
    </BsModal>
  );
}
