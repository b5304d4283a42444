import { useNavigate } from 'react-router';
import type { Community } from '@sq/contract/community/get-community';
import type { Info } from '@sq/contract/info/info-entry';
import { WebRoute } from '@sq/contract/routes';
import { quickLoginUrl } from '../../../lib/login-referer';
import { isNativeShell, requestHostLogin } from '../../../lib/native-bridge';
import { currentToken } from '../../../lib/session';
import { useJoinCommunity } from '../../../lib/community-queries';
import { useUserInfo } from '../../../lib/user-info-query';
import { EMPTY_FIELDS, saveDraft, TITLE_ADD, TITLE_CORRECT, type DraftFields } from './draft';

export type CorrectionTarget = { kind: 'correct'; info: Info; street: boolean } | { kind: 'add'; typeId?: number; street: boolean };

const fieldsOf = (info: Info): DraftFields => ({
  typeId: info.typeId,
  department: info.department,
  contact: info.contact,
  address: info.address,
  lng: info.lng,
  lat: info.lat,
  mapAddress: info.mapAddress,
});

/**
 * Spec §4 correction flow: a token is needed (else log in and come back), and the user must have
 * joined this community (same poiId, moveTime not 0); if not, a popup invites them to join, and
 * joining opens the form.
 */
export function useStartCorrection(community: Community | undefined) {
  const navigate = useNavigate();
  const token = currentToken();
  const userInfo = useUserInfo(token);
  const join = useJoinCommunity();

  const open = (target: CorrectionTarget) => {
    if (!community) return;
    const title = target.kind === 'correct' ? TITLE_CORRECT : TITLE_ADD;
    const original = target.kind === 'correct' ? fieldsOf(target.info) : EMPTY_FIELDS;
    const fields = target.kind === 'add' && target.typeId ? { ...EMPTY_FIELDS, typeId: target.typeId } : original;
    const id = target.kind === 'correct' ? target.info._id : '';
    saveDraft({ title, id, poiId: community.poiId, streetId: target.street ? community.streetId : '', original, fields });
    navigate(`${WebRoute.correction}?title=${encodeURIComponent(title)}${id ? `&id=${id}` : ''}`);
  };

  return async (target: CorrectionTarget) => {
    if (!community) return;
    if (!token) {
      const { pathname, search } = window.location;
      if (isNativeShell()) requestHostLogin(pathname + search);
      else navigate(quickLoginUrl(pathname, search));
      return;
    }
    const info = userInfo.data ?? (await userInfo.refetch()).data;
    if (!info) return;
    if (info.community === community.poiId && info.moveTime !== 0) {
      open(target);
      return;
    }
    // Loaded on first use: the dialog and its animations stay out of the home page's first load.
    const { default: Dialog } = await import('antd-mobile/es/components/dialog');
    const confirmed = await Dialog.confirm({
      title: '加入社区',
      content: `您还没有加入「${community.community}」，加入后才能纠错和补充信息。是否加入？`,
      confirmText: '加入社区',
      cancelText: '暂不加入',
    });
    if (!confirmed) return;
    await join.mutateAsync(community.poiId);
    open(target);
  };
}
