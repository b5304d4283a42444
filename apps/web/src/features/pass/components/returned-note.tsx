import type { RegistrationMasked } from '@sq/contract/pass/registration-schemas';

/**
 * Why the person's registration is -1 and what they can do: sent back in review (退回: fix the
 * form) or their approved pass revoked (撤销: the pass no longer works; ask the property office,
 * or apply again once the reason no longer holds).
 */
export function ReturnedNote({ card, className }: { card: Pick<RegistrationMasked, 'revoked' | 'returnReason'>; className: string }) {
  if (card.revoked)
    return (
      <div className={`${className} reg-revoked`} role="alert" data-testid="revoked-note">
        <p className="reg-revoked-title">您的通行证已被撤销，暂不能通行</p>
        <p className="reg-return-reason">撤销原因：{card.returnReason || '工作人员未填写原因'}</p>
        <p>如有疑问，请联系物业或社区工作人员；情况变化后可重新提交登记，审核通过后恢复通行。</p>
      </div>
    );
  return (
    <div className={className} role="alert">
      <p>您的登记已被退回，请按以下原因修改后重新提交。</p>
      <p className="reg-return-reason">退回原因：{card.returnReason || '工作人员未填写原因，请核对各项信息'}</p>
    </div>
  );
}
