import { useState } from 'react';
import {
  CALLBACK_PARTS,
  CHAT_FORM_FIELD_MAX_CHARS,
  MOBILE_DIGITS,
  MOBILE_DISPLAY_PREFIX,
  checkCallbackPart,
  joinCallbackRequest,
  translate,
  type CallbackPart,
  type CallbackRequest,
} from '@pp/contract';
import { useLanguage } from '../../components/form.tsx';

const LABELS: Record<CallbackPart, string> = {
  name: 'Your name',
  company: 'Company name',
  mobile: 'Mobile number',
  email: 'E-mail',
};

/** The chat's callback mini form (spec section 5): all four parts required, submit once, when valid. */
export function CallbackForm({ onSubmit }: { onSubmit: (text: string) => void }) {
  const language = useLanguage();
  const [values, setValues] = useState<CallbackRequest>({ name: '', company: '', mobile: '', email: '' });
  const [touched, setTouched] = useState<Partial<Record<CallbackPart, boolean>>>({});
  const [sent, setSent] = useState(false);
  const problems = Object.fromEntries(CALLBACK_PARTS.map((p) => [p, checkCallbackPart(p, values[p])])) as Record<
    CallbackPart,
    string | null
  >;
  const valid = CALLBACK_PARTS.every((p) => problems[p] === null);

  return (
    <form
      className="chat-callback border rounded p-2 bg-white"
      aria-label="Callback request"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!valid || sent) return;
        setSent(true);
        onSubmit(joinCallbackRequest(values));
      }}
    >
      {CALLBACK_PARTS.map((part) => (
        <div className="mb-2" key={part}>
          <label htmlFor={`callback-${part}`} className="form-label small mb-0">
            {LABELS[part]}
          </label>
          <div className="input-group input-group-sm">
            {part === 'mobile' && <span className="input-group-text">{MOBILE_DISPLAY_PREFIX}</span>}
            <input
              id={`callback-${part}`}
              className={`form-control form-control-sm ${touched[part] && problems[part] ? 'is-invalid' : ''}`}
              maxLength={part === 'mobile' ? MOBILE_DIGITS : CHAT_FORM_FIELD_MAX_CHARS}
              inputMode={part === 'mobile' ? 'numeric' : part === 'email' ? 'email' : 'text'}
              value={values[part]}
              disabled={sent}
              onBlur={() => setTouched((t) => ({ ...t, [part]: true }))}
              onChange={(e) =>
                setValues((v) => ({ ...v, [part]: part === 'mobile' ? e.target.value.replace(/\D/g, '') : e.target.value }))
              }
            />
          </div>
          {touched[part] && problems[part] && (
            <div className="invalid-feedback d-block small">{translate(problems[part], language)}</div>
          )}
        </div>
      ))}
      <button type="submit" className="btn btn-primary btn-sm w-100" disabled={!valid || sent}>
        Submit
      </button>
    </form>
  );
}
