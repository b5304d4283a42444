import { Link } from 'react-router';
import { WebRoute } from '@sq/contract/routes';
import { useUnreadCount } from '../api/unread';
import './notice-bell.css';

/** 消息 with its unread count, for a logged-in person (the home's account bar). */
export function NoticeBell({ className }: { className: string }) {
  const unread = useUnreadCount(true).data?.unread ?? 0;
  const label = unread > 0 ? `消息，${unread}条未读` : '消息';
  return (
    <Link className={`${className} sq-bell`} to={WebRoute.notices} aria-label={label}>
      消息
      {unread > 0 && (
        <span className="sq-bell-badge" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
