import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { EVENT_SEARCH_MAX_CHARS } from '@sq/contract/events/event-rules';
import { useCurrentCommunityId } from '../../../lib/use-current-community';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useEventSearch } from '../api/event-queries';
import { EventList, NoEvents } from '../components/event-list';
import { EventsHeader } from '../components/events-header';
import { NoCommunity } from '../components/events-refusal';
import '../events.css';

/** /activity/search?keyword=: a search box and the events whose title, description or place hold the words. */
export function EventSearchPage() {
  useDocumentTitle('搜索活动');
  const [params, setParams] = useSearchParams();
  const keyword = (params.get('keyword') ?? '').trim();
  const [text, setText] = useState(keyword);
  const { poiId, settled } = useCurrentCommunityId();
  const results = useEventSearch(poiId, keyword);

  const submit = () => {
    const next = text.trim();
    setParams(next ? { keyword: next } : {}, { replace: true });
  };

  return (
    <main className="ev-page">
      <EventsHeader title="搜索活动" />
      {settled && !poiId ? (
        <NoCommunity />
      ) : (
        <>
          <form
            className="ev-search"
            role="search"
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <input
              type="search"
              className="ev-search-input"
              aria-label="活动名称、地点或内容"
              placeholder="活动名称、地点或内容"
              maxLength={EVENT_SEARCH_MAX_CHARS}
              value={text}
              onChange={(e) => setText(e.target.value)}
              enterKeyHint="search"
            />
            <button type="submit" className="ev-search-button">
              搜索
            </button>
          </form>
          {keyword === '' ? (
            <p className="ev-search-hint">输入两个字以上，如“体检”“书法”“中秋”</p>
          ) : (
            <div className="ev-list-wrap">
              <EventList query={results} empty={<NoEvents title={`没有找到“${keyword}”相关的活动`}>换个词试试，或看看全部活动</NoEvents>} />
            </div>
          )}
        </>
      )}
    </main>
  );
}
