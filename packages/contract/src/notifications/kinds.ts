/**
 * What a person is told about (issue 15, notifications), and through which channels. Every kind
 * shows in the in-app list (消息); SMS costs money per message and is kept for what a person must
 * not miss – a scan at the gate is told in the app and on WeChat only.
 */
export const NOTIFICATION_KINDS = ['registrationApproved', 'registrationReturned', 'registrationRevoked', 'passScanned', 'reviewsWaiting', 'visitorArrived', 'visitorInvited', 'boardHeld', 'boardRemoved', 'boardMuted', 'boardCommented', 'eventPromoted', 'eventReminder', 'eventCancelled', 'eventReviewed', 'photoRemoval', 'spaceBooking', 'merchantReviewed', 'redbagOpened', 'levelReached', 'leaderReviewed', 'leaderSuspended', 'groupBuyDecided', 'refundRequested', 'refundDecided', 'ownersVote'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_CHANNELS = ['sms', 'wechat'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * `staffOnly`: offered to managers and administrators only. `toVisitor`: sent to an invited
 * visitor's mobile (they may have no account), never listed as a setting.
 */
export const NOTIFICATION_KIND_INFO: Record<NotificationKind, { label: string; hint: string; channels: readonly NotificationChannel[]; staffOnly?: true; toVisitor?: true }> = {
  registrationApproved: { label: '登记通过', hint: '出入登记审核通过时', channels: ['sms', 'wechat'] },
  registrationReturned: { label: '登记被退回', hint: '登记被退回修改时，附退回原因', channels: ['sms', 'wechat'] },
  registrationRevoked: { label: '通行证撤销', hint: '通行证被管理人员撤销时', channels: ['sms', 'wechat'] },
  passScanned: { label: '扫码进出', hint: '每次在门口扫码进出时', channels: ['wechat'] },
  reviewsWaiting: { label: '待审核提醒', hint: '有登记等待审核超过设定时间时（管理人员）', channels: ['sms', 'wechat'], staffOnly: true },
  visitorArrived: { label: '访客到访', hint: '您邀请的访客扫码进门时', channels: ['wechat'] },
  visitorInvited: { label: '访客邀请短信', hint: '发给受邀访客的通行证链接', channels: ['sms'], toVisitor: true },
  // 邻里圈 (issue 33): in the app only – a board is not worth an SMS.
  boardHeld: { label: '邻里圈内容待审核', hint: '您的帖子或评论需审核或被举报隐藏时', channels: [] },
  boardRemoved: { label: '邻里圈内容被删除', hint: '您的帖子或评论被工作人员删除时，附原因', channels: [] },
  boardMuted: { label: '邻里圈禁言', hint: '您在邻里圈被禁言或解除禁言时', channels: [] },
  boardCommented: { label: '邻里圈评论', hint: '有人评论您的帖子时', channels: [] },
  // 社区活动 (issue 34): moving up from the waiting list and the reminders are worth an SMS – a place
  // not taken is lost to the next person on the list.
  eventPromoted: { label: '活动候补转正', hint: '您候补的活动有了名额时', channels: ['sms', 'wechat'] },
  eventReminder: { label: '活动提醒', hint: '您报名的活动开始前一天和前一小时', channels: ['sms', 'wechat'] },
  eventCancelled: { label: '活动取消', hint: '您报名的活动被取消时，附原因', channels: ['sms', 'wechat'] },
  eventReviewed: { label: '活动审核结果', hint: '您发起的活动通过或未通过审核时', channels: ['wechat'] },
  photoRemoval: { label: '相册照片删除申请', hint: '有居民申请删除相册中本人的照片时（管理人员），及申请的处理结果', channels: [] },
  spaceBooking: { label: '场地预约', hint: '您的场地预约通过、未通过或被取消时', channels: ['wechat'] },
  // 周边商家 (issue 35): a shop's review decides whether it may trade here – worth an SMS.
  merchantReviewed: { label: '商家审核结果', hint: '您的店铺在某社区通过或被退回时，附原因', channels: ['sms', 'wechat'] },
  redbagOpened: { label: '红包被领取', hint: '邻居打开了您分享的红包时', channels: [] },
  levelReached: { label: '会员升级', hint: '您的会员等级提升时', channels: [] },
  // 社区团购 (issue 36): a group buy that failed or was cancelled refunds the buyer's money – worth an SMS.
  leaderReviewed: { label: '团长审核结果', hint: '您的团长申请通过或被退回时，附原因', channels: ['wechat'] },
  leaderSuspended: { label: '团长停用与恢复', hint: '您的团长资格被停用（附原因）或恢复时', channels: ['wechat'] },
  groupBuyDecided: { label: '团购结果', hint: '您参加的团购成团、未成团或被取消（自动退款）时，或支付金额不符被退回时', channels: ['sms', 'wechat'] },
  // 社区团购 (issue 36): money back is worth a WeChat message; the seller sees requests in the app.
  refundRequested: { label: '退款申请', hint: '顾客对您的团购订单申请退款时（团长、店铺）', channels: ['wechat'] },
  refundDecided: { label: '退款结果', hint: '您的退款申请被同意或拒绝时，附原因', channels: ['wechat'] },
  // 业主表决 (issue 37): an owner must not miss the announcement, an extension or a cancellation.
  ownersVote: { label: '业主表决', hint: '您的房屋所在小区发起、延期或取消业主表决时', channels: ['sms', 'wechat'] },
};

/** Hours a registration may wait before its community's managers are reminded; the first is the default. */
export const REVIEW_WAIT_HOURS = [24, 2, 4, 8, 48] as const;

export const NotificationMsg = {
  kind: '通知类型不正确',
  hours: '提醒时间不正确',
  ids: '参数不正确',
} as const;

/** What each kind says: a short title and a sentence (SMS and WeChat carry the same words). */
export function notificationText(
  kind: NotificationKind,
  p: { community: string; reason?: string; direction?: 1 | 2; at?: string; count?: number; hours?: number; name?: string; window?: string; what?: string },
) {
  switch (kind) {
    case 'registrationApproved':
      return { title: '登记已通过', body: `您在${p.community}的出入登记已审核通过，可以使用通行证了。` };
    case 'registrationReturned':
      return { title: '登记被退回', body: `您在${p.community}的出入登记被退回修改${p.reason ? `，原因：${p.reason}` : ''}。请修改后重新提交。` };
    case 'registrationRevoked':
      return { title: '通行证已撤销', body: `您在${p.community}的通行证已被撤销${p.reason ? `，原因：${p.reason}` : ''}。如有疑问请联系物业。` };
    case 'passScanned':
      return { title: p.direction === 2 ? '扫码出门' : '扫码进门', body: `您的通行证于${p.at ?? ''}在${p.community}扫码${p.direction === 2 ? '出门' : '进门'}。如非本人操作，请联系物业。` };
    case 'reviewsWaiting':
      return { title: '有登记待审核', body: `${p.community}有${p.count ?? 0}条出入登记已等待审核超过${p.hours ?? 24}小时，请及时处理。` };
    case 'visitorArrived':
      return { title: '访客已到', body: `您邀请的访客${p.name ?? ''}于${p.at ?? ''}扫码进入${p.community}。` };
    case 'visitorInvited':
      // The link to the pass follows the text (the SMS sender adds it).
      return { title: '访客邀请', body: `${p.name ?? ''}邀请您${p.window ?? ''}到${p.community}来访，凭以下链接中的通行证进出：` };
    // `what`: 帖子「…」 or 评论「…」, a short excerpt; `reason`: why (held) or staff's words (removed, muted).
    case 'boardHeld':
      return { title: '内容待审核', body: `您在${p.community}邻里圈的${p.what ?? '内容'}已暂时隐藏：${p.reason ?? ''}。` };
    case 'boardRemoved':
      return { title: '内容已被删除', body: `您在${p.community}邻里圈的${p.what ?? '内容'}已被工作人员删除${p.reason ? `，原因：${p.reason}` : ''}。` };
    case 'boardMuted':
      return p.at
        ? { title: '邻里圈禁言', body: `您在${p.community}邻里圈已被禁言至${p.at}${p.reason ? `，原因：${p.reason}` : ''}。期间可以浏览，不能发帖和评论。` }
        : { title: '邻里圈解除禁言', body: `您在${p.community}邻里圈的禁言已解除，可以发帖和评论了。` };
    case 'boardCommented':
      return { title: '新评论', body: `${p.name ?? '邻居'}评论了您的${p.what ?? '帖子'}。` };
    // `what`: the event's (or space's) title; `at`: when it starts, Beijing time.
    case 'eventPromoted':
      return { title: '候补成功', body: `您候补的${p.community}活动「${p.what ?? ''}」有了名额，已为您报名成功。活动时间：${p.at ?? ''}。如不能参加请及时取消。` };
    case 'eventReminder':
      return { title: '活动即将开始', body: `您报名的${p.community}活动「${p.what ?? ''}」将于${p.at ?? ''}开始，请准时参加。` };
    case 'eventCancelled':
      return { title: '活动已取消', body: `您报名的${p.community}活动「${p.what ?? ''}」已取消${p.reason ? `，原因：${p.reason}` : ''}。` };
    case 'eventReviewed':
      return p.reason
        ? { title: '活动未通过审核', body: `您在${p.community}发起的活动「${p.what ?? ''}」未通过审核，原因：${p.reason}。` }
        : { title: '活动已发布', body: `您在${p.community}发起的活动「${p.what ?? ''}」已通过审核并发布。` };
    case 'photoRemoval':
      return { title: '相册照片', body: `${p.community}活动相册「${p.what ?? ''}」：${p.reason ?? ''}` };
    case 'spaceBooking':
      return { title: '场地预约', body: `您在${p.community}预约的「${p.what ?? ''}」（${p.at ?? ''}）${p.reason ?? ''}` };
    case 'merchantReviewed':
      // reason: 已通过审核，社区居民现在可以看到您的店铺 | 被退回：<why>.
      return { title: '商家审核', body: `您的店铺「${p.what ?? ''}」在${p.community}${p.reason ?? ''}` };
    case 'redbagOpened':
      return { title: '红包被领取', body: `${p.name ?? '邻居'}打开了您分享的红包「${p.what ?? ''}」` };
    case 'levelReached':
      return { title: '会员升级', body: `恭喜！您已升级为 ${p.what ?? ''}` };
    case 'leaderReviewed':
      return p.reason
        ? { title: '团长申请被退回', body: `您在${p.community}的团长申请被退回，原因：${p.reason}。请修改后重新提交。` }
        : { title: '团长申请已通过', body: `您已成为${p.community}的团长，可以在团长中心发布团购了。` };
    case 'leaderSuspended':
      return p.reason
        ? { title: '团长资格已停用', body: `您在${p.community}的团长资格已被停用，原因：${p.reason}。已开的团购照常截单和自提，停用期间不能发布新团购，新订单也不计佣金。` }
        : { title: '团长资格已恢复', body: `您在${p.community}的团长资格已恢复，可以在团长中心发布团购了。` };
    // `what`: the group buy's title; `reason`: succeeded → the pickup sentence; failed/cancelled → why, refund said.
    case 'groupBuyDecided':
      return { title: '团购结果', body: `您在${p.community}参加的团购「${p.what ?? ''}」${p.reason ?? ''}` };
    case 'refundRequested':
      return { title: '退款申请', body: `顾客对「${p.what ?? ''}」的订单申请退款，请到待取订单页处理` };
    case 'refundDecided':
      // reason: 已同意，款项将原路退回 | 被拒绝：<why>.
      return { title: '退款结果', body: `您对「${p.what ?? ''}」的退款申请${p.reason ?? ''}` };
    // `what`: the matter; `reason`: the sentence after it (发起 with the dates, 延期 or 取消 with the reason).
    case 'ownersVote':
      return { title: '业主表决', body: `${p.community}业主表决「${p.what ?? ''}」${p.reason ?? ''}` };
  }
}
