import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';
import '../../styles/status-page.css';

/**
 * Last stop for a page that failed to load or render. The usual cause is a lazy chunk that a
 * redeploy removed while the page was open, which a reload fixes. Plain markup, as it ships in
 * every first load.
 */
export function RouteError() {
  useDocumentTitle('页面加载失败');
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <main className="status-page status-page-center">
      <h1 className="status-page-title">页面加载失败</h1>
      <p className="status-page-text">请检查网络后重新加载</p>
      <button type="button" className="status-page-button" onClick={() => window.location.reload()}>
        重新加载
      </button>
    </main>
  );
}
