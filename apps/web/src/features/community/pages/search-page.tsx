import { useState, type KeyboardEvent } from 'react';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import Toast from 'antd-mobile/es/components/toast';
import { SearchOutline } from 'antd-mobile-icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { MSG_KEYWORD_REQUIRED } from '@sq/contract/map/map-item';
import { WebRoute } from '@sq/contract/routes';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { storedLocation } from '../../../lib/locate';
import { searchCommunitiesQuery } from '../../../lib/map-queries';
import { usePickAndGo } from '../api/use-pick-and-go';
import { CommunityList } from '../components/community-list';
import { EmptyState } from '../../../components/empty-state';
import './search-page.css';

/** Spec §9: key code 13 (Enter) runs the search. */
const ENTER = 13;

/** /search: find a community by name; picking it joins it and returns to the home page. */
export function SearchPage() {
  useDocumentTitle('搜索小区');
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [keyword, setKeyword] = useState('');
  const results = useQuery({ ...searchCommunitiesQuery(keyword, storedLocation()), enabled: keyword !== '' });
  const picker = usePickAndGo();

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.keyCode !== ENTER && e.key !== 'Enter') return;
    e.preventDefault();
    const value = text.trim();
    if (!value) {
      Toast.show({ content: MSG_KEYWORD_REQUIRED });
      return;
    }
    setKeyword(value);
    // Closes the phone keyboard so the results can be seen.
    e.currentTarget.blur();
  };

  const cancel = () => {
    if ((window.history.state as { idx?: number } | null)?.idx) navigate(-1);
    else navigate(WebRoute.communityChooser, { replace: true });
  };

  return (
    <main className="sq-search">
      <h1 className="sq-visually-hidden">搜索小区/社区</h1>
      <header className="sq-search-bar">
        <label className="sq-search-box">
          <SearchOutline aria-hidden="true" />
          <input
            type="search"
            enterKeyHint="search"
            autoFocus
            placeholder="请输入小区/社区名称"
            aria-label="小区/社区名称"
            value={text}
            maxLength={50}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
          />
        </label>
        <button type="button" className="sq-search-cancel" onClick={cancel}>
          取消
        </button>
      </header>
      {keyword && results.isPending && (
        <div className="sq-search-loading" role="status" aria-label="加载中">
          <DotLoading color="primary" />
        </div>
      )}
      {results.data?.length === 0 && <EmptyState title="暂无数据~">没有找到「{keyword}」，换个名称试试</EmptyState>}
      {results.data && results.data.length > 0 && (
        <section className="sq-search-results" aria-label="搜索结果">
          <CommunityList communities={results.data} onPick={(c) => void picker.pick(c)} />
        </section>
      )}
      {!keyword && <p className="sq-search-hint">输入小区或社区名称，按回车键搜索</p>}
    </main>
  );
}
