import Button from 'antd-mobile/es/components/button';
import { useSearchParams } from 'react-router';
import { StorageKey } from '../../../lib/storage';
import { useStoredValue } from '../../../lib/use-stored-value';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCommunity } from '../../../lib/community-queries';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { useStartCorrection } from '../api/use-start-correction';
import { InfoList } from '../components/info-list';
import './street-info-page.css';

/**
 * Street-level info list (/jdlist?sid=…): the 街道's contacts. Corrections go through the
 * community the user is viewing, which must lie in this street.
 */
export function StreetInfoPage() {
  const [params] = useSearchParams();
  const streetId = params.get('sid') ?? '';
  const community = useCommunity(useStoredValue(StorageKey.currentCommunity));
  const c = community.data?.streetId === streetId ? community.data : undefined;
  const title = c?.streetName || '街道信息';
  useDocumentTitle(title);
  const startCorrection = useStartCorrection(c);

  return (
    <main className="sq-jdlist">
      <PageHeader title={title} heading />
      {!streetId ? (
        <EmptyState title="暂无数据~" />
      ) : (
        <>
          <div className="sq-jdlist-list">
            <InfoList
              scope={{ streetId }}
              onCorrect={(info) => void startCorrection({ kind: 'correct', info, street: true })}
              onAdd={(typeId) => void startCorrection({ kind: 'add', typeId, street: true })}
            />
          </div>
          {c && (
            <div className="sq-jdlist-bottom">
              <Button block color="primary" shape="rounded" size="large" onClick={() => void startCorrection({ kind: 'add', street: true })}>
                补充信息
              </Button>
            </div>
          )}
        </>
      )}
    </main>
  );
}
