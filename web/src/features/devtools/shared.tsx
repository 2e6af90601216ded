export const MINUTE_MS = 60_000;
export const DAY_MS = 24 * 60 * MINUTE_MS;
export const CARD = 'card border-0 shadow-sm mb-4';

/** A card's button that removes everything it lists. */
export function RemoveAll({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className="btn btn-outline-danger btn-sm" onClick={onClick}>
      {label}
    </button>
  );
}
