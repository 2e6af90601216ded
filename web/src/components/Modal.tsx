import type { ReactNode } from 'react';
import { MESSAGES } from '@pp/contract';

export interface ModalProps {
  children: ReactNode;
  onOk: () => void;
  onCancel?: () => void;
  onResendEmail?: () => void;
  title?: string;
}

/** The generic modal of spec section 2: titled 'Partner Portal', Ok, optional Cancel and 'Resend E-mail'. */
export function Modal({ children, onOk, onCancel, onResendEmail, title = MESSAGES.modalTitle }: ModalProps) {
  return (
    <>
      <div className="modal d-block" role="dialog" aria-modal="true" aria-labelledby="pp-modal-title" tabIndex={-1}>
        <div className="modal-dialog modal-dialog-centered">
          <div className="modal-content">
            <div className="modal-header">
              <h5 className="modal-title" id="pp-modal-title">
                {title}
              </h5>
            </div>
            <div className="modal-body">{children}</div>
            <div className="modal-footer">
              {onResendEmail && (
                <button type="button" className="btn btn-outline-secondary" onClick={onResendEmail}>
                  Resend E-mail
                </button>
              )}
              {onCancel && (
                <button type="button" className="btn btn-secondary" onClick={onCancel}>
                  Cancel
                </button>
              )}
              <button type="button" className="btn btn-primary" onClick={onOk} autoFocus>
                Ok
              </button>
            </div>
          </div>
        </div>
      </div>
      <div className="modal-backdrop show" />
    </>
  );
}
