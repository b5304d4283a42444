import { Link } from 'react-router';
import { WebRoute } from '@sq/contract/routes';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { StorageKey } from '../../../lib/storage';
import { useStoredValue } from '../../../lib/use-stored-value';
import { useMyEvents } from '../api/event-queries';
import { EventList, NoEvents } from '../components/event-list';
import { EventsHeader } from '../components/events-header';
import { eventLinks } from '../lib/event-links';
import '../events.css';

/** /activity/mine (我的活动): the person's sign-ups in every community, upcoming first, with their state. */
export function MyEventsPage() {
  useDocumentTitle('我的活动');
  const token = useStoredValue(StorageKey.token);
  const mine = useMyEvents(Boolean(token));
  return (
    <main className="ev-page">
      <EventsHeader title="我的活动" />
      {!token ? (
        <section className="ev-refusal" role="alert">
          <p className="ev-refusal-text">登录后查看您报名的活动</p>
          <Link className="ev-button" to={`${WebRoute.login}?referer=${encodeURIComponent(WebRoute.myEvents)}`}>
            去登录
          </Link>
        </section>
      ) : (
        <div className="ev-list-wrap">
          <EventList
            query={mine}
            empty={
              <NoEvents title="您还没有报名活动">
                <Link className="ev-link" to={eventLinks.list()}>
                  看看社区最近有什么活动
                </Link>
              </NoEvents>
            }
          />
        </div>
      )}
    </main>
  );
}
