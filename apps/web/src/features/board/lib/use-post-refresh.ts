import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { refetchPost } from '../api/post';
import { boardLinks } from './board-links';

/**
 * /detailRefresh?id=: reads the post from the server whatever the cache holds, then replaces the
 * address with /stickdetail (back does not return to the refresh). True while that is under way.
 */
export function usePostRefresh(id: string, asked: boolean): boolean {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(asked && id !== '');
  useEffect(() => {
    if (!asked) return;
    let live = true;
    const done = () => {
      if (!live) return;
      setBusy(false);
      navigate(boardLinks.post(id), { replace: true });
    };
    // A failure is shown by the post page itself, which asks once more.
    void (id ? refetchPost(queryClient, id) : Promise.resolve()).then(done, done);
    return () => {
      live = false;
    };
  }, [asked, id, navigate, queryClient]);
  return busy;
}
