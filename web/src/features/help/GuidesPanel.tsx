import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { GUIDE_FLAP_TOP_PERCENT } from '@pp/contract';
import { videoGuidesQuery } from './api.ts';

/** The help-guides panel: the page's video guides, one playing at a time. */
export default function GuidesPanel({ pageName, onClose }: { pageName: string; onClose: () => void }) {
  const { t } = useTranslation('help');
  const { data: guides } = useQuery(videoGuidesQuery(pageName));
  const [playing, setPlaying] = useState<string | null>(null);
  return (
    <aside className="help-panel card shadow" aria-label={t('guides.title')} style={{ top: `${GUIDE_FLAP_TOP_PERCENT}%` }}>
      <div className="card-header d-flex align-items-center">
        <h2 className="h6 mb-0 me-auto">{t('guides.title')}</h2>
        <button type="button" className="btn-close" aria-label={t('close')} onClick={onClose} />
      </div>
      <div className="card-body small">
        {guides && guides.length === 0 && <p className="mb-0 text-muted">{t('guides.empty')}</p>}
        <ul className="list-unstyled mb-0">
          {guides?.map((g) => (
            <li key={g.url} className="mb-2">
              <button
                type="button"
                className="btn btn-link btn-sm p-0 text-start"
                onClick={() => setPlaying(playing === g.url ? null : g.url)}
              >
                ▶ {g.displayName}
              </button>
              {playing === g.url && (
                <video className="w-100 mt-1 rounded" src={g.url} controls autoPlay muted aria-label={g.displayName} />
              )}
            </li>
          ))}
        </ul>
      </div>
    </aside>
  );
}
