import { Button, ErrorBlock } from 'antd-mobile';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';
import '../../styles/status-page.css';

/**
 * Last stop for a page that failed to load or render. The usual cause is a lazy chunk that a
 * redeploy removed while the page was open, which a reload fixes.
 */
export function RouteError() {
  useDocumentTitle('页面加载失败');
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <main className="status-page">
      <ErrorBlock status="default" title="页面加载失败" description="请检查网络后重新加载">
        <Button color="primary" onClick={() => window.location.reload()}>
          重新加载
        </Button>
      </ErrorBlock>
    </main>
  );
}
