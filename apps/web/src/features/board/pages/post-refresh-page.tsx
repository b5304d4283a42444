import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import { refetchPost } from '../api/post';
import { boardLinks } from '../lib/board-links';
import './post-page.css';

/**
 * /detailRefresh?id= (the seed's refresh of a post): reads the post again from the server, then
 * shows /stickdetail in its place in the history, so back does not return here.
 */
export function PostRefreshPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    let live = true;
    const go = () => live && navigate(boardLinks.post(id), { replace: true });
    // A failure is shown by the post page itself (it asks once more).
    void (id ? refetchPost(queryClient, id) : Promise.resolve()).then(go, go);
    return () => {
      live = false;
    };
  }, [id, navigate, queryClient]);
  return (
    <p className="bd-detail-loading" role="status">
      <DotLoading /> 正在刷新帖子
    </p>
  );
}
