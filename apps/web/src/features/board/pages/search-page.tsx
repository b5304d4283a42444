import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { BOARD_KIND_NAMES, BOARD_KINDS, SEARCH_MAX_CHARS, type BoardKind } from '@sq/contract/board/board-rules';
import { PageHeader } from '../../../components/page-header';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { boardLinks } from '../lib/board-links';
import { clearSearches, recentSearches, rememberSearch } from '../lib/recent-searches';
import '../board.css';

/** /sticksearch (搜索邻里圈): the box, this phone's recent searches, and the kinds to narrow by. */
export function SearchPage() {
  useDocumentTitle('搜索邻里圈');
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [kind, setKind] = useState<BoardKind | null>(null);
  const [recent, setRecent] = useState(recentSearches);

  const search = (word: string) => {
    rememberSearch(word);
    navigate(boardLinks.results(word.trim(), kind));
  };

  return (
    <main className="bd-search">
      <PageHeader heading title="搜索邻里圈" />
      <form
        className="bd-search-box"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          search(keyword);
        }}
      >
        <label className="sq-visually-hidden" htmlFor="bd-search-input">
          搜索帖子和评论
        </label>
        <input
          id="bd-search-input"
          type="search"
          enterKeyHint="search"
          maxLength={SEARCH_MAX_CHARS}
          value={keyword}
          placeholder="搜索帖子，如：婴儿车、车位"
          onChange={(e) => setKeyword(e.target.value)}
          autoFocus
        />
        <button type="submit">搜索</button>
      </form>

      <section className="bd-search-part" aria-labelledby="bd-search-kinds">
        <h2 id="bd-search-kinds" className="bd-search-title">
          只看分类
        </h2>
        <div className="bd-chips">
          {BOARD_KINDS.map((k) => (
            <button key={k} type="button" className="bd-chip" aria-pressed={kind === k} onClick={() => setKind(kind === k ? null : k)}>
              {BOARD_KIND_NAMES[k]}
            </button>
          ))}
        </div>
      </section>

      {recent.length > 0 && (
        <section className="bd-search-part" aria-labelledby="bd-search-recent">
          <div className="bd-search-head">
            <h2 id="bd-search-recent" className="bd-search-title">
              最近搜索
            </h2>
            <button
              type="button"
              className="bd-search-clear"
              onClick={() => {
                clearSearches();
                setRecent([]);
              }}
            >
              清除
            </button>
          </div>
          <div className="bd-chips">
            {recent.map((word) => (
              <Link key={word} className="bd-chip" to={boardLinks.results(word, kind)} onClick={() => rememberSearch(word)}>
                {word}
              </Link>
            ))}
          </div>
        </section>
      )}
    </main>
  );
}
