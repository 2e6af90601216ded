import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GUIDE_FLAP_TOP_PERCENT, SUPPORT_FLAP_TOP_PERCENT } from '@pp/contract';

// The tabs are part of every page (the entry chunk, a few hundred bytes, with their labels in the
// common texts); what they open loads when opened.
const SupportModal = lazy(() => import('./SupportModal.tsx'));
const GuidesPanel = lazy(() => import('./GuidesPanel.tsx'));

/**
 * The two side flaps of spec section 2 on the right edge: the support form at 65 % of the height
 * and the page's video guides at 34 %. Which pages have them is the route table's `help`.
 */
export function HelpFlaps({ pageName }: { pageName: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'support' | 'guides' | null>(null);
  return (
    <>
      <button
        type="button"
        className="help-flap btn btn-primary"
        style={{ top: `${GUIDE_FLAP_TOP_PERCENT}%` }}
        aria-expanded={open === 'guides'}
        onClick={() => setOpen(open === 'guides' ? null : 'guides')}
      >
        {t('flap.guides')}
      </button>
      <button
        type="button"
        className="help-flap btn btn-warning"
        style={{ top: `${SUPPORT_FLAP_TOP_PERCENT}%` }}
        onClick={() => setOpen('support')}
      >
        {t('flap.support')}
      </button>
      <Suspense fallback={null}>
        {open === 'guides' && <GuidesPanel pageName={pageName} onClose={() => setOpen(null)} />}
        {open === 'support' && <SupportModal onClose={() => setOpen(null)} />}
      </Suspense>
    </>
  );
}
