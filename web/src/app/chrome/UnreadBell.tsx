import { BellIcon } from '../../components/Icons.tsx';

/** The bell with its unread badge, inside a button the caller labels with the count. */
export function UnreadBell({ unread }: { unread: number }) {
  return (
    <>
      <BellIcon />
      {unread > 0 && (
        <span className="position-absolute top-0 start-100 translate-middle badge rounded-pill bg-danger">{unread}</span>
      )}
    </>
  );
}
