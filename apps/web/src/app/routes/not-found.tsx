import ErrorBlock from 'antd-mobile/es/components/error-block';
import { Link } from 'react-router';
import { WebRoute } from '@sq/contract/routes';
import { useDocumentTitle } from '../../lib/use-document-title';
import '../../styles/status-page.css';

// The server already answered this path with status 404 (see WebRoute); this is what people see.
export function Component() {
  useDocumentTitle('页面不存在');
  return (
    <main className="status-page">
      <ErrorBlock status="empty" title={<h1 className="status-page-title">页面不存在</h1>} description="链接可能有误，或页面已被移除">
        <Link className="status-page-link" to={WebRoute.home} replace>
          返回首页
        </Link>
      </ErrorBlock>
    </main>
  );
}
