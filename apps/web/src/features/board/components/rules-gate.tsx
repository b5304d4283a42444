import Button from 'antd-mobile/es/components/button';
import { BoardMsg } from '@sq/contract/board/board-rules';
import { useAcceptRules } from '../api/accept-rules';
import { RulesText } from './rules-text';

/** Before a first post: the rules to read, and 同意并继续 (asked once). */
export function RulesGate({ poiId, text }: { poiId: string; text: string }) {
  const accept = useAcceptRules(poiId);
  return (
    <section className="bd-gate" aria-labelledby="bd-gate-title">
      <h2 id="bd-gate-title" className="bd-gate-title">
        发帖前请先阅读《邻里圈规则》
      </h2>
      <p className="bd-hint">{BoardMsg.rulesFirst}</p>
      <RulesText text={text} />
      <Button block color="primary" shape="rounded" size="large" loading={accept.isPending} onClick={() => accept.mutate()}>
        同意并继续
      </Button>
    </section>
  );
}
